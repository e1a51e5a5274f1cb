import type { OcrWord } from './ocr.ts';
import type { Gray, Rect } from './raster.ts';

/**
 * A second look at ink the recogniser left unread. On noisy or faint scans, tesseract's page
 * segmentation sometimes takes whole table columns or rows for pictures or noise and returns no
 * words for them. Text-sized clusters of ink that no recognised word covers are cut out, stacked
 * one under another on a clean sheet, and read again as plain lines of text.
 */

/** Grey level under which a pixel of the cleaned page counts as ink. */
const INK = 160;

/**
 * Clusters of ink, the size of a line of text, that no word box covers. Sizes follow the
 * resolution: cells of about 1/60 inch; ink closer than about 0.12 inch along a line is one
 * cluster (a column gap is wider).
 */
export function missedInk(g: Gray, words: OcrWord[], dpi: number): Rect[] {
  const { width: w, height: h, data } = g;
  const cell = Math.max(2, Math.round(dpi / 60));
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const count = new Uint16Array(gw * gh);
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / cell) * gw;
    for (let x = 0; x < w; x++) if (data[y * w + x]! < INK) count[row + Math.floor(x / cell)]!++;
  }
  const covered = new Uint8Array(gw * gh);
  const pad = cell;
  for (const word of words) {
    const x0 = Math.max(0, Math.floor((word.box[0] - pad) / cell));
    const x1 = Math.min(gw - 1, Math.floor((word.box[2] + pad) / cell));
    const y0 = Math.max(0, Math.floor((word.box[1] - pad) / cell));
    const y1 = Math.min(gh - 1, Math.floor((word.box[3] + pad) / cell));
    for (let y = y0; y <= y1; y++) covered.fill(1, y * gw + x0, y * gw + x1 + 1);
  }
  const minInk = Math.max(2, Math.round(cell * cell * 0.12));
  const open = new Uint8Array(gw * gh);
  for (let i = 0; i < open.length; i++) open[i] = count[i]! >= minInk && !covered[i] ? 1 : 0;
  // clusters: open cells linked along a row across short gaps, and to the rows above and below
  const reach = Math.max(1, Math.round((dpi * 0.12) / cell));
  const seen = new Uint8Array(gw * gh);
  const out: Rect[] = [];
  const stack: number[] = [];
  for (let start = 0; start < open.length; start++) {
    if (!open[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let cx0 = gw;
    let cy0 = gh;
    let cx1 = -1;
    let cy1 = -1;
    let cells = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % gw;
      const y = (i - x) / gw;
      cells++;
      cx0 = Math.min(cx0, x);
      cx1 = Math.max(cx1, x);
      cy0 = Math.min(cy0, y);
      cy1 = Math.max(cy1, y);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= gh) continue;
        const span = dy === 0 ? reach : 1;
        for (let dx = -span; dx <= span; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= gw) continue;
          const j = yy * gw + xx;
          if (open[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const r = {
      x0: cx0 * cell,
      y0: cy0 * cell,
      x1: Math.min(w - 1, (cx1 + 1) * cell - 1),
      y1: Math.min(h - 1, (cy1 + 1) * cell - 1),
    };
    const rw = r.x1 - r.x0 + 1;
    const rh = r.y1 - r.y0 + 1;
    // a line of text: at least a small capital high, a few lines at most, wider than a speck;
    // rulings left on the page are too thin, pictures too dense
    if (rh < dpi * 0.06 || rh > dpi * 0.6 || rw < dpi * 0.06) continue;
    if (cells < 3) continue;
    // what is left of a ruling (dashes along a line) is a pixel or two thick wherever it has ink;
    // letters are as tall as the x-height
    if (isLineRemnant(g, r, dpi)) continue;
    out.push(r);
  }
  return out.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/**
 * What is left of a ruling the eraser missed (dashes and blots along a line): a pixel or two thick
 * wherever it has ink, where letters are as tall as their x-height.
 */
export function isLineRemnant(g: Gray, r: Rect, dpi: number): boolean {
  return medianThickness(g, r) <= Math.max(2, dpi / 60);
}

/** The median number of ink pixels in the columns of a region that hold ink. */
export function medianThickness(g: Gray, r: Rect): number {
  const counts: number[] = [];
  for (let x = r.x0; x <= r.x1; x++) {
    let n = 0;
    for (let y = r.y0; y <= r.y1; y++) if (g.data[y * g.width + x]! < INK) n++;
    if (n) counts.push(n);
  }
  counts.sort((a, b) => a - b);
  return counts.length ? counts[counts.length >> 1]! : 0;
}

/** Where each cut-out lies on the sheet: `dx`, `dy` map sheet pixels back to the page. */
export interface Placement {
  rect: Rect;
  top: number;
  bottom: number;
  dx: number;
  dy: number;
}

/** The regions cut out of the page and stacked on a white sheet, a blank line between each. */
export function stackRegions(
  g: Gray,
  regions: Rect[],
  margin: number,
): { sheet: Gray; places: Placement[] } {
  const width = Math.max(...regions.map((r) => r.x1 - r.x0 + 1)) + 2 * margin;
  let height = margin;
  const places: Placement[] = [];
  for (const r of regions) {
    const rh = r.y1 - r.y0 + 1;
    const top = height;
    places.push({ rect: r, top, bottom: top + rh, dx: r.x0 - margin, dy: r.y0 - top });
    height = top + rh + Math.max(margin, Math.round(rh * 0.8));
  }
  height += margin;
  const data = new Uint8Array(width * height).fill(255);
  for (const p of places) {
    const r = p.rect;
    for (let y = r.y0; y <= r.y1; y++) {
      const src = y * g.width;
      const dst = (y - p.dy) * width + margin;
      data.set(g.data.subarray(src + r.x0, src + r.x1 + 1), dst);
    }
  }
  return { sheet: { width, height, data }, places };
}

/**
 * Words read on the sheet, moved back to where their cut-out lies on the page; a word that
 * overlaps one read before (part of a cut-out that was partly read) is left out.
 */
export function placeWords(words: OcrWord[], places: Placement[], read: OcrWord[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (const word of words) {
    const cy = (word.box[1] + word.box[3]) / 2;
    const p = places.find((q) => cy >= q.top && cy <= q.bottom);
    if (!p) continue;
    const box: OcrWord['box'] = [
      word.box[0] + p.dx,
      Math.max(p.rect.y0, word.box[1] + p.dy),
      word.box[2] + p.dx,
      Math.min(p.rect.y1, word.box[3] + p.dy),
    ];
    const area = (b: OcrWord['box']) => Math.max(1, (b[2] - b[0]) * (b[3] - b[1]));
    const overlaps = read.some((r) => {
      const ix = Math.min(r.box[2], box[2]) - Math.max(r.box[0], box[0]);
      const iy = Math.min(r.box[3], box[3]) - Math.max(r.box[1], box[1]);
      return ix > 0 && iy > 0 && (ix * iy) / Math.min(area(r.box), area(box)) > 0.2;
    });
    if (!overlaps) out.push({ ...word, box });
  }
  return out;
}
