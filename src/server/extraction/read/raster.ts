import type { Segment } from './rulings.ts';

/**
 * Pixel operations for scanned pages, on 8-bit grey images: contrast stretch, inversion of dark
 * bars (white-on-dark table headers), deskew, binarisation and ruling-line detection. Plain
 * loops over typed arrays: a letter page at 150–200 dpi takes a few tens of milliseconds.
 */

export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

export function fromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Gray {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    // composite over white for transparent pixels
    const a = rgba[j + 3]! / 255;
    const v = 0.299 * rgba[j]! + 0.587 * rgba[j + 1]! + 0.114 * rgba[j + 2]!;
    data[i] = Math.round(v * a + 255 * (1 - a));
  }
  return { width, height, data };
}

function histogram(g: Gray): Uint32Array {
  const h = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) h[g.data[i]!]!++;
  return h;
}

function percentile(h: Uint32Array, total: number, p: number): number {
  const target = total * p;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += h[v]!;
    if (acc >= target) return v;
  }
  return 255;
}

/** Stretches grey levels so the ink is near black and the paper white. */
export function stretchContrast(g: Gray): Gray {
  const h = histogram(g);
  const lo = percentile(h, g.data.length, 0.005);
  // the paper: the brightest large mode; take a high percentile
  const hi = Math.max(lo + 16, percentile(h, g.data.length, 0.6));
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  }
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = lut[g.data[i]!]!;
  return { width: g.width, height: g.height, data: out };
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Dark bars: bands at least `minLength` wide and `minThickness` tall that are mostly dark
 * (header rows printed white on a dark fill). Rows of ordinary text are broken by the gaps
 * between words and are never mostly dark.
 */
export function findBars(
  g: Gray,
  level: number,
  minLength: number,
  minThickness: number,
  gap: number,
): Rect[] {
  const { width: w, height: h, data } = g;
  const bars: Rect[] = [];
  let open: Array<Rect & { dark: number }> = [];
  for (let y = 0; y <= h; y++) {
    const runs: Array<[number, number]> = [];
    if (y < h) {
      let start = -1;
      let last = -1;
      for (let x = 0; x <= w; x++) {
        const dark = x < w && data[y * w + x]! < level;
        if (dark) {
          if (start < 0) start = x;
          last = x;
        } else if (start >= 0 && x - last > gap) {
          if (last - start + 1 >= minLength) runs.push([start, last]);
          start = -1;
        }
      }
    }
    const next: Array<Rect & { dark: number }> = [];
    for (const [a, b] of runs) {
      const band = open.find((o) => a <= o.x1 && b >= o.x0);
      let darkCount = 0;
      for (let x = a; x <= b; x++) if (data[y * w + x]! < level) darkCount++;
      if (band) {
        band.x0 = Math.min(band.x0, a);
        band.x1 = Math.max(band.x1, b);
        band.y1 = y;
        band.dark += darkCount;
        if (!next.includes(band)) next.push(band);
      } else next.push({ x0: a, y0: y, x1: b, y1: y, dark: darkCount });
    }
    for (const o of open) {
      if (next.includes(o)) continue;
      const area = (o.x1 - o.x0 + 1) * (o.y1 - o.y0 + 1);
      if (o.y1 - o.y0 + 1 >= minThickness && o.dark / area > 0.6) {
        bars.push({ x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1 });
      }
    }
    open = next;
  }
  return bars;
}

/**
 * Ruling ink inside light shaded areas (a grey header row or shaded cell, lighter than a dark
 * bar): the fill itself is darker than the ruling level and would read as one wide block of
 * ink, hiding the rules that bound and cross it. Inside each area whose typical grey (its median)
 * lies between `barLevel` and `level`, only pixels clearly darker than that fill count as ink.
 * Returns a new mask.
 */
export function unshade(
  g: Gray,
  ink: Uint8Array,
  areas: Rect[],
  barLevel: number,
  level: number,
  margin = 40,
): Uint8Array {
  const out = ink.slice();
  const { width: w, data } = g;
  for (const r of areas) {
    const h = new Uint32Array(256);
    let n = 0;
    for (let y = r.y0; y <= r.y1; y++)
      for (let x = r.x0; x <= r.x1; x++, n++) h[data[y * w + x]!]!++;
    const fill = percentile(h, n, 0.5);
    if (fill < barLevel || fill >= level) continue;
    const cut = fill - margin;
    for (let y = r.y0; y <= r.y1; y++)
      for (let x = r.x0; x <= r.x1; x++) out[y * w + x] = data[y * w + x]! < cut ? 1 : 0;
  }
  return out;
}

/** A mask (1 inside) of the given rectangles. */
export function rectMask(width: number, height: number, rects: Rect[]): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const r of rects) {
    for (let y = Math.max(0, r.y0); y <= Math.min(height - 1, r.y1); y++) {
      out.fill(1, y * width + Math.max(0, r.x0), y * width + Math.min(width - 1, r.x1) + 1);
    }
  }
  return out;
}

/**
 * Evens out each region (a table cell, a dark bar) on its own: a region whose background is
 * dark is inverted, then its background is stretched to white and its ink to black. Shaded
 * cells and white-on-dark headers then read like plain text on paper.
 */
export function normalizeRegions(g: Gray, regions: Rect[], inset: number): Gray {
  const out = new Uint8Array(g.data);
  const { width: w } = g;
  for (const r of regions) {
    const x0 = Math.max(0, Math.round(r.x0 + inset));
    const x1 = Math.min(g.width - 1, Math.round(r.x1 - inset));
    const y0 = Math.max(0, Math.round(r.y0 + inset));
    const y1 = Math.min(g.height - 1, Math.round(r.y1 - inset));
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    const hist = new Uint32Array(256);
    let n = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++, n++) hist[out[y * w + x]!]!++;
    let bg = percentile(hist, n, 0.5);
    const invert = bg < 128;
    if (invert) {
      const flipped = new Uint32Array(256);
      for (let v = 0; v < 256; v++) flipped[255 - v] = hist[v]!;
      hist.set(flipped);
      bg = percentile(hist, n, 0.5);
    }
    // anchor black, lift the background to white: shading goes, ink and noise keep their contrast
    if (!invert && bg >= 235) continue;
    const scale = 255 / Math.max(1, bg);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        const v = invert ? 255 - out[i]! : out[i]!;
        out[i] = Math.min(255, Math.round(v * scale));
      }
    }
  }
  return { width: g.width, height: g.height, data: out };
}

/**
 * Noise of the paper: the median absolute deviation of all grey levels from their median (the
 * paper dominates a page), scaled to a standard deviation. Clean scans give 1–3, noisy ones 10+.
 */
export function noiseLevel(g: Gray): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i += 3) hist[g.data[i]!]!++;
  const total = Math.ceil(g.data.length / 3);
  const mid = percentile(hist, total, 0.5);
  const dev = new Uint32Array(256);
  for (let v = 0; v < 256; v++) dev[Math.abs(v - mid)]! += hist[v]!;
  return 1.4826 * percentile(dev, total, 0.5);
}

/**
 * Paper to pure white: pixels lighter than the paper level less three times its noise become
 * white, so the recogniser sees no texture. Text is far darker than the paper and keeps its grey.
 * On a page that is mostly photograph the median grey is the photograph's, and its spread would
 * clip the text too: when the page's light pixels (those over its Otsu level) put the paper
 * clearly higher, the paper and its noise are read from them instead.
 */
export function clipBackground(g: Gray): Gray {
  const level = otsu(g);
  const all = new Uint32Array(256);
  const light = new Uint32Array(256);
  let total = 0;
  let lightTotal = 0;
  for (let i = 0; i < g.data.length; i += 3) {
    const v = g.data[i]!;
    all[v]!++;
    total++;
    if (v >= level) {
      light[v]!++;
      lightTotal++;
    }
  }
  const cutOf = (hist: Uint32Array, n: number) => {
    const paper = percentile(hist, n, 0.5);
    const dev = new Uint32Array(256);
    for (let v = 0; v < 256; v++) dev[Math.abs(v - paper)]! += hist[v]!;
    return paper - Math.max(20, 3 * 1.4826 * percentile(dev, n, 0.5));
  };
  const whole = cutOf(all, total);
  const lightCut = lightTotal ? cutOf(light, lightTotal) : whole;
  const cut = whole >= lightCut - 10 ? whole : lightCut;
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = g.data[i]! > cut ? 255 : g.data[i]!;
  return { width: g.width, height: g.height, data: out };
}

/**
 * A two-level page (a fax, or a scan saved as 1 bit per pixel): nearly every pixel is pure black
 * or pure white, with none of the grey a scanner gives the edges of ink.
 */
export function isTwoLevel(g: Gray): boolean {
  let extreme = 0;
  let total = 0;
  for (let i = 0; i < g.data.length; i += 7) {
    const v = g.data[i]!;
    if (v <= 8 || v >= 247) extreme++;
    total++;
  }
  return total > 0 && extreme / total >= 0.995;
}

/**
 * Specks of a two-level page: groups of at most `maxArea` dark pixels (8-connected) become white.
 * A fax's dust and toner specks are one or two pixels across; a full stop or a decimal point of
 * body text is several times larger, and thresholding left the ink no grey to tell them apart by.
 */
export function despeckle(g: Gray, maxArea: number, level = 128): Gray {
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(data);
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= level) continue;
    stack.length = 0;
    members.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (!seen[j] && data[j]! < level) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (members.length <= maxArea) for (const i of members) out[i] = 255;
  }
  return { width: w, height: h, data: out };
}

/** 3×3 median filter: removes speckle noise and keeps edges. */
export function median3(g: Gray): Gray {
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(data);
  const v = new Uint8Array(9);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * w + x;
        v[k++] = data[row - 1]!;
        v[k++] = data[row]!;
        v[k++] = data[row + 1]!;
      }
      v.sort();
      out[y * w + x] = v[4]!;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Keeps the ink and nothing else: connected groups of pixels darker than `threshold` that have a
 * dark core (or are large, at least six times `minArea`) are ink; pixels within `radius` of ink keep their grey (anti-aliased
 * edges), everything else becomes white. Specks of noise, which the recogniser would try to read
 * at great cost, disappear.
 */
export function isolateInk(
  g: Gray,
  threshold: number,
  minArea: number,
  radius: number,
  core = threshold * 0.55,
): Gray {
  const { width: w, height: h, data } = g;
  const state = new Uint8Array(w * h); // 0 paper, 1 dark unvisited, 2 visited, 3 kept
  for (let i = 0; i < state.length; i++) state[i] = data[i]! < threshold ? 1 : 0;
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < state.length; start++) {
    if (state[start] !== 1) continue;
    stack.length = 0;
    members.length = 0;
    stack.push(start);
    state[start] = 2;
    let darkest = 255;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      if (data[i]! < darkest) darkest = data[i]!;
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (state[j] === 1) {
            state[j] = 2;
            stack.push(j);
          }
        }
      }
    }
    // ink has a dark core (a full stop too); noise is a small grey blot
    const ink = (darkest < core && members.length >= 3) || members.length >= minArea * 6;
    if (ink) for (const i of members) state[i] = 3;
  }
  // distance to kept ink, by two passes of a square dilation
  const near = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -1e9;
    for (let x = 0; x < w; x++) {
      if (state[y * w + x] === 3) last = x;
      if (x - last <= radius) near[y * w + x] = 1;
    }
    last = 1e9;
    for (let x = w - 1; x >= 0; x--) {
      if (state[y * w + x] === 3) last = x;
      if (last - x <= radius) near[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(w * h).fill(255);
  for (let x = 0; x < w; x++) {
    let last = -1e9;
    for (let y = 0; y < h; y++) {
      if (near[y * w + x]) last = y;
      if (y - last <= radius) out[y * w + x] = data[y * w + x]!;
    }
    last = 1e9;
    for (let y = h - 1; y >= 0; y--) {
      if (near[y * w + x]) last = y;
      if (last - y <= radius) out[y * w + x] = data[y * w + x]!;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Otsu threshold of the image (0..255): the level under which a pixel is ink (`binarize` keeps
 * what is strictly below it). On a two-level image (a fax: 0 and 255 only) the best split is the
 * black level itself, which would leave no ink below it; the threshold is then just above it.
 */
export function otsu(g: Gray): number {
  const h = histogram(g);
  const total = g.data.length;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * h[v]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    wB += h[v]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += v * h[v]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  let below = 0;
  for (let v = 0; v < threshold; v++) below += h[v]!;
  return below === 0 && h[threshold]! > 0 ? threshold + 1 : threshold;
}

/** 1 for ink, 0 for paper; pixels under `exclude` count as paper. */
export function binarize(g: Gray, threshold: number, exclude?: Uint8Array): Uint8Array {
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = g.data[i]! < threshold && !exclude?.[i] ? 1 : 0;
  return out;
}

/**
 * The skew angle (radians) that makes text rows most sharply horizontal: the variance of the
 * row profile of ink, over small rotations, on a downsampled binary image.
 */
export function estimateSkew(ink: Uint8Array, width: number, height: number, maxDeg = 4): number {
  const step = Math.max(1, Math.round(width / 700));
  const points: Array<[number, number]> = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) if (ink[y * width + x]) points.push([x, y]);
  }
  if (points.length < 100) return 0;
  const score = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    const bins = new Float64Array(Math.ceil((height + width) / step) + 2);
    const off = width / step;
    for (const [x, y] of points) {
      const r = Math.round((y * cos - x * sin) / step + off);
      if (r >= 0 && r < bins.length) bins[r]!++;
    }
    let s = 0;
    for (let i = 1; i < bins.length; i++) {
      const d = bins[i]! - bins[i - 1]!;
      s += d * d;
    }
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let deg = -maxDeg; deg <= maxDeg; deg += 0.25) {
    const s = score(deg);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  const coarse = best;
  for (let deg = coarse - 0.25; deg <= coarse + 0.25; deg += 0.05) {
    const s = score(deg);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  return (best * Math.PI) / 180;
}

/** Rotates the image by `angle` radians about its centre (bilinear, white fill). */
export function rotate(g: Gray, angle: number): Gray {
  if (Math.abs(angle) < 1e-4) return g;
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(w * h);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // inverse mapping: where does (x, y) of the output come from?
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx - sin * dy + cx;
      const sy = sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i]! * (1 - fx) + data[i + 1]! * fx;
      const bottom = data[i + w]! * (1 - fx) + data[i + w + 1]! * fx;
      out[y * w + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: w, height: h, data: out };
}

/** Maps a point of the image rotated by `angle` back to the original image. */
export function unrotatePoint(
  x: number,
  y: number,
  angle: number,
  width: number,
  height: number,
): [number, number] {
  const cx = width / 2;
  const cy = height / 2;
  const dx = x - cx;
  const dy = y - cy;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [cos * dx - sin * dy + cx, sin * dx + cos * dy + cy];
}

/**
 * The runs of one line split where the line itself breaks: runs that together leave a stretch of
 * more than `gap` without ink along their length are separate lines (a column rule stopped by a
 * merged cell and resumed below it), even when a wide band (a shaded row, a neighbouring rule)
 * grouped them.
 */
export function alongPieces<R extends { pos: number; a: number; b: number }>(
  runs: R[],
  gap: number,
): Array<{ p0: number; p1: number; a: number; b: number; runs: R[] }> {
  const sorted = [...runs].sort((x, y) => x.a - y.a);
  const out: Array<{ p0: number; p1: number; a: number; b: number; runs: R[] }> = [];
  let cur: (typeof out)[number] | undefined;
  for (const r of sorted) {
    if (cur && r.a <= cur.b + gap + 1) {
      cur.b = Math.max(cur.b, r.b);
      cur.p0 = Math.min(cur.p0, r.pos);
      cur.p1 = Math.max(cur.p1, r.pos);
      cur.runs.push(r);
    } else {
      cur = { p0: r.pos, p1: r.pos, a: r.a, b: r.b, runs: [r] };
      out.push(cur);
    }
  }
  return out;
}

/**
 * Ruling lines: runs of ink at least `minLength` long, horizontally and vertically, allowing
 * gaps of `gap` pixels (broken scan lines). A band thicker than `maxThickness` is a filled bar:
 * its two edges are reported instead.
 */
export function detectRulings(
  ink: Uint8Array,
  width: number,
  height: number,
  minLength: number,
  gap: number,
  maxThickness: number,
  paperInk = 0,
): Array<Segment & { bar?: boolean }> {
  const runs = (dir: 'h' | 'v') => {
    const outer = dir === 'h' ? height : width;
    const inner = dir === 'h' ? width : height;
    const at =
      dir === 'h'
        ? (o: number, i: number) => ink[o * width + i]!
        : (o: number, i: number) => ink[i * width + o]!;
    const found: Array<{ pos: number; a: number; b: number }> = [];
    for (let o = 0; o < outer; o++) {
      let start = -1;
      let lastInk = -1;
      for (let i = 0; i <= inner; i++) {
        const v = i < inner ? at(o, i) : 0;
        if (v) {
          if (start < 0) start = i;
          lastInk = i;
        } else if (start >= 0 && i - lastInk > gap) {
          if (lastInk - start + 1 >= minLength) found.push({ pos: o, a: start, b: lastInk });
          start = -1;
        }
      }
    }
    return found;
  };
  const segments: Array<Segment & { bar?: boolean }> = [];
  for (const dir of ['h', 'v'] as const) {
    const found = runs(dir).sort((p, q) => p.a - q.a || p.pos - q.pos);
    // group runs on adjacent rows (columns) that overlap: one band
    const bands: Array<{ p0: number; p1: number; a: number; b: number; runs: typeof found }> = [];
    for (const r of found) {
      const band = bands.find(
        (bd) => r.pos <= bd.p1 + 1 && r.pos >= bd.p0 - 1 && r.a <= bd.b && r.b >= bd.a,
      );
      if (band) {
        band.p0 = Math.min(band.p0, r.pos);
        band.p1 = Math.max(band.p1, r.pos);
        band.a = Math.min(band.a, r.a);
        band.b = Math.max(band.b, r.b);
        band.runs.push(r);
      } else bands.push({ p0: r.pos, p1: r.pos, a: r.a, b: r.b, runs: [r] });
    }
    // a band's thickness is that of its core: the rows (columns) whose runs cover most of its
    // length; short runs beside a line (glyph stems, a blurred edge, a shaded cell that touches
    // two borders) do not make it a bar. Separate cores are separate lines.
    const split: typeof bands = [];
    for (const bd of bands) {
      const length = bd.b - bd.a + 1;
      const cover = new Map<number, number>();
      for (const r of bd.runs) cover.set(r.pos, (cover.get(r.pos) ?? 0) + (r.b - r.a + 1));
      const core = [...cover.entries()]
        .filter(([, n]) => n >= length * 0.5)
        .map(([p]) => p)
        .sort((x, y) => x - y);
      if (core.length === 0 || core.length === bd.p1 - bd.p0 + 1) {
        split.push(...alongPieces(bd.runs, gap));
        continue;
      }
      let group = [core[0]!];
      const flush = () => {
        const p0 = group[0]!;
        const p1 = group[group.length - 1]!;
        split.push(
          ...alongPieces(
            bd.runs.filter((r) => r.pos >= p0 && r.pos <= p1),
            gap,
          ),
        );
      };
      for (const p of core.slice(1)) {
        if (p - group[group.length - 1]! > 1) {
          flush();
          group = [];
        }
        group.push(p);
      }
      flush();
    }
    bands.splice(0, bands.length, ...split);
    const outer = dir === 'h' ? height : width;
    const inkAt = (p: number, q: number) =>
      p < 0 || p >= outer ? 0 : dir === 'h' ? ink[p * width + q]! : ink[q * width + p]!;
    // a ruling has paper on both sides; the baseline of a row of text has letters above it
    const sideInk = (p: number, a: number, b: number) => {
      let n = 0;
      let hits = 0;
      for (let q = a; q <= b; q += 2, n++) hits += inkAt(p, q);
      // ink beyond what noise puts on plain paper
      return n ? Math.max(0, (hits / n - paperInk) / (1 - paperInk)) : 0;
    };
    for (const bd of bands) {
      const thick = bd.p1 - bd.p0 + 1;
      if (thick <= maxThickness) {
        const off = gap + 2;
        // a table's outer border has clean paper outside, whatever its cells hold inside
        const before = sideInk(bd.p0 - off, bd.a, bd.b);
        const after = sideInk(bd.p1 + off, bd.a, bd.b);
        const border = Math.min(before, after) < 0.05 && Math.max(before, after) < 0.6;
        if (!border && (before > 0.3 || after > 0.3)) continue;
        segments.push({ dir, pos: (bd.p0 + bd.p1) / 2, a: bd.a, b: bd.b });
      } else {
        segments.push({ dir, pos: bd.p0, a: bd.a, b: bd.b, bar: true });
        segments.push({ dir, pos: bd.p1, a: bd.a, b: bd.b, bar: true });
      }
    }
  }
  return segments;
}

/**
 * How much of plain paper reads as ink (specks of noise): the ink share of the emptier quarter of
 * the page's blocks (a page has margins and gaps between lines). 0 on a clean page.
 */
export function paperInkShare(ink: Uint8Array, width: number, height: number): number {
  const size = 32;
  const shares: number[] = [];
  for (let by = 0; by + size <= height; by += size) {
    for (let bx = 0; bx + size <= width; bx += size) {
      let n = 0;
      for (let y = by; y < by + size; y++)
        for (let x = bx; x < bx + size; x++) n += ink[y * width + x]!;
      shares.push(n / (size * size));
    }
  }
  if (!shares.length) return 0;
  shares.sort((a, b) => a - b);
  return shares[Math.floor(shares.length / 4)]!;
}

/**
 * The edges of dark bars and the light gaps that cut a bar from top to bottom (the column
 * separators of a white-on-dark header row), as ruling segments.
 */
export function barRulings(g: Gray, bars: Rect[], level: number, maxWidth: number): Segment[] {
  const out: Segment[] = [];
  for (const bar of bars) {
    out.push({ dir: 'h', pos: bar.y0, a: bar.x0, b: bar.x1 });
    out.push({ dir: 'h', pos: bar.y1, a: bar.x0, b: bar.x1 });
    out.push({ dir: 'v', pos: bar.x0, a: bar.y0, b: bar.y1 });
    out.push({ dir: 'v', pos: bar.x1, a: bar.y0, b: bar.y1 });
    const y0 = bar.y0 + 2;
    const y1 = bar.y1 - 2;
    if (y1 <= y0) continue;
    let runStart = -1;
    for (let x = bar.x0 + 3; x <= bar.x1 - 3; x++) {
      let light = true;
      for (let y = y0; y <= y1 && light; y++) if (g.data[y * g.width + x]! < level) light = false;
      if (light && runStart < 0) runStart = x;
      if (!light && runStart >= 0) {
        if (x - runStart <= maxWidth)
          out.push({ dir: 'v', pos: (runStart + x - 1) / 2, a: bar.y0, b: bar.y1 });
        runStart = -1;
      }
    }
  }
  return out;
}

/**
 * Rows of a zebra-striped table: light fills of the same extent stacked one under another (every
 * other row shaded, no rules). The edges of each stripe bound its row and the rows beside it, as
 * rules would: a top and a bottom line per stripe. Fills taller than `maxHeight` (a shaded box)
 * or narrower than `minWidth`, and a fill with no stripe of its extent above or below within
 * `maxHeight` (one shaded row, which its rules already bound), give none. When `ink` is given, a
 * plain row after the last stripe (the table's last row, unshaded) is closed one stripe height
 * further down if it holds ink and that line crosses none.
 */
export function stripeRulings(
  fills: Rect[],
  minWidth: number,
  maxHeight: number,
  tol: number,
  ink?: { mask: Uint8Array; width: number; height: number },
): Segment[] {
  const rows = fills
    .filter((f) => f.x1 - f.x0 >= minWidth && f.y1 - f.y0 <= maxHeight)
    .sort((a, b) => a.y0 - b.y0);
  const same = (a: Rect, b: Rect) =>
    a !== b &&
    Math.abs(a.x0 - b.x0) <= tol &&
    Math.abs(a.x1 - b.x1) <= tol &&
    Math.max(a.y0 - b.y1, b.y0 - a.y1) <= maxHeight;
  const share = (y0: number, y1: number, x0: number, x1: number) => {
    if (!ink) return 0;
    let n = 0;
    let hits = 0;
    for (let y = Math.max(0, y0); y <= Math.min(ink.height - 1, y1); y++) {
      for (let x = x0; x <= x1; x += 2, n++) hits += ink.mask[y * ink.width + x]!;
    }
    return n ? hits / n : 0;
  };
  const out: Segment[] = [];
  for (const f of rows) {
    if (!rows.some((o) => same(f, o))) continue;
    out.push({ dir: 'h', pos: f.y0, a: f.x0, b: f.x1 });
    out.push({ dir: 'h', pos: f.y1, a: f.x0, b: f.x1 });
    const last = !rows.some((o) => same(f, o) && o.y0 > f.y0);
    if (!last || !ink) continue;
    const h = f.y1 - f.y0;
    const end = f.y1 + h;
    if (
      share(f.y1 + 3, end - 3, f.x0, f.x1) > 0.01 &&
      share(end - 1, end + 1, f.x0, f.x1) < 0.002
    ) {
      out.push({ dir: 'h', pos: end, a: f.x0, b: f.x1 });
    }
  }
  return out;
}

/**
 * Whitens ruling pixels so that the recogniser sees text only: the ink within `thickness` of
 * each ruling. With `strokeLevel`, a stroke that runs into a ruling's band from outside it (the
 * descender of a 'p', 'g' or 'y' set on a rule, a letter touching a box's side: a pixel darker
 * than that level just outside the band, not part of a crossing ruling) keeps its pixels in the
 * band at that place, so the letter is not cut ('per' read 'ver', 'Family' read 'Familv').
 */
export function eraseRulings(
  g: Gray,
  ink: Uint8Array,
  segments: Segment[],
  thickness: number,
  strokeLevel?: number,
): Gray {
  const out = new Uint8Array(g.data);
  const { width: w, height: h } = g;
  // the bands of the rulings of each direction: a crossing ruling is no stroke
  const bands = { h: new Uint8Array(w * h), v: new Uint8Array(w * h) };
  const band = (s: Segment) => {
    const p0 = Math.max(0, Math.floor(s.pos - thickness));
    const p1 = Math.min((s.dir === 'h' ? h : w) - 1, Math.ceil(s.pos + thickness));
    const q0 = Math.max(0, Math.floor(s.a));
    const q1 = Math.min((s.dir === 'h' ? w : h) - 1, Math.floor(s.b));
    return { p0, p1, q0, q1 };
  };
  const at = (dir: 'h' | 'v', p: number, q: number) => (dir === 'h' ? p * w + q : q * w + p);
  if (strokeLevel !== undefined) {
    for (const s of segments) {
      const { p0, p1, q0, q1 } = band(s);
      for (let p = p0; p <= p1; p++)
        for (let q = q0; q <= q1; q++) bands[s.dir][at(s.dir, p, q)] = 1;
    }
  }
  const stroke = (dir: 'h' | 'v', p: number, q: number) => {
    if (strokeLevel === undefined || p < 0 || p >= (dir === 'h' ? h : w)) return false;
    const i = at(dir, p, q);
    return g.data[i]! < strokeLevel && !bands[dir === 'h' ? 'v' : 'h'][i];
  };
  for (const s of segments) {
    const { p0, p1, q0, q1 } = band(s);
    const erase = (p: number, q: number) => {
      const i = at(s.dir, p, q);
      if (ink[i]) out[i] = 255;
    };
    if (strokeLevel === undefined) {
      for (let p = p0; p <= p1; p++) for (let q = q0; q <= q1; q++) erase(p, q);
      continue;
    }
    // the rule's own rows: where dark ink runs along most of its length (a light fill beside
    // the rule is ink to the mask, not rule)
    let c0 = p1 + 1;
    let c1 = p0 - 1;
    for (let p = p0; p <= p1; p++) {
      let n = 0;
      for (let q = q0; q <= q1; q++) n += g.data[at(s.dir, p, q)]! < strokeLevel ? 1 : 0;
      if (n >= 0.4 * (q1 - q0 + 1)) {
        c0 = Math.min(c0, p);
        c1 = Math.max(c1, p);
      }
    }
    if (c0 > c1) [c0, c1] = [Math.round(s.pos), Math.round(s.pos)];
    for (let q = q0; q <= q1; q++) {
      // from each side inwards: ink joined to a stroke outside the band is the stroke's
      let above = stroke(s.dir, p0 - 1, q);
      for (let p = p0; p < c0; p++) {
        above &&= ink[at(s.dir, p, q)] === 1;
        if (!above) erase(p, q);
      }
      let below = stroke(s.dir, p1 + 1, q);
      for (let p = p1; p > c1; p--) {
        below &&= ink[at(s.dir, p, q)] === 1;
        if (!below) erase(p, q);
      }
      // the rule's rows go, unless a stroke crosses the rule there
      if (above && below) continue;
      for (let p = c0; p <= c1; p++) erase(p, q);
    }
  }
  return { width: w, height: h, data: out };
}

/** A binary PGM (P5) file of the image, which the recogniser reads directly. */
export function toPgm(g: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${g.width} ${g.height}\n255\n`);
  const out = new Uint8Array(header.length + g.data.length);
  out.set(header, 0);
  out.set(g.data, header.length);
  return out;
}

/** The image turned by a multiple of a quarter turn clockwise (1 = 90°, 2 = 180°, 3 = 270°). */
export function rotateQuarter(g: Gray, quarters: number): Gray {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return g;
  const { width: w, height: h, data } = g;
  const W = q === 2 ? w : h;
  const H = q === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      // where (x, y) lands after the turn
      const [nx, ny] = q === 1 ? [h - 1 - y, x] : q === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * W + nx] = v;
    }
  }
  return { width: W, height: H, data: out };
}

/** Where a point of the turned image was in the image before the turn. */
export function unturnPoint(
  x: number,
  y: number,
  quarters: number,
  width: number,
  height: number,
): [number, number] {
  // width and height are those of the image before the turn
  const q = ((quarters % 4) + 4) % 4;
  if (q === 1) return [y, height - 1 - x];
  if (q === 2) return [width - 1 - x, height - 1 - y];
  if (q === 3) return [width - 1 - y, x];
  return [x, y];
}

/**
 * Whether upright Latin text sits in these rows: in a line of text, the band above the x-height
 * (capitals, ascenders) holds more ink than the band below the baseline (descenders). Counts the
 * lines that read upright and those that read upside down. Rows of specks do not start a line;
 * rulings and shaded bars (ink across most of the row) separate lines.
 */
export function ascenderVotes(
  ink: Uint8Array,
  width: number,
  height: number,
): { upright: number; inverted: number } {
  // narrow strips, so that a slightly skewed line still lies in a few rows of each strip
  const strip = Math.max(100, Math.round(width / 8));
  const votes = { upright: 0, inverted: 0 };
  for (let x0 = 0; x0 + strip / 2 < width; x0 += strip) {
    const v = stripVotes(ink, width, height, x0, Math.min(width, x0 + strip));
    votes.upright += v.upright;
    votes.inverted += v.inverted;
  }
  return votes;
}

function stripVotes(
  ink: Uint8Array,
  width: number,
  height: number,
  x0: number,
  x1: number,
): { upright: number; inverted: number } {
  const profile = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) n += ink[y * width + x]!;
    profile[y] = n;
  }
  const speck = Math.max(1, (x1 - x0) * 0.01);
  const ruling = (x1 - x0) * 0.6;
  const inText = (y: number) => profile[y]! > speck && profile[y]! < ruling;
  let upright = 0;
  let inverted = 0;
  let y = 0;
  while (y < height) {
    while (y < height && !inText(y)) y++;
    const start = y;
    while (y < height && inText(y)) y++;
    const end = y;
    const tall = end - start;
    if (tall < 6 || tall > 150) continue;
    let peak = 0;
    for (let i = start; i < end; i++) peak = Math.max(peak, profile[i]!);
    // the x-height core: rows at least half as dense as the densest
    let c0 = start;
    while (c0 < end && profile[c0]! < peak * 0.5) c0++;
    let c1 = end - 1;
    while (c1 > c0 && profile[c1]! < peak * 0.5) c1--;
    let above = 0;
    let below = 0;
    for (let i = start; i < c0; i++) above += profile[i]!;
    for (let i = c1 + 1; i < end; i++) below += profile[i]!;
    if (above > below * 1.3) upright++;
    else if (below > above * 1.3) inverted++;
  }
  return { upright, inverted };
}

/**
 * How many quarter turns clockwise bring the page upright: in each of the four ways the page may
 * lie, lines of text are counted that read upright (ascenders above the x-height) and upside
 * down; the page is turned only when another way reads clearly better than as it lies.
 */
export function uprightTurns(ink: Uint8Array, width: number, height: number): number {
  const rows = ascenderVotes(ink, width, height);
  const turned = rotateQuarter({ width, height, data: ink }, 1);
  const cols = ascenderVotes(turned.data, turned.width, turned.height);
  const score = [
    rows.upright - rows.inverted,
    cols.upright - cols.inverted,
    rows.inverted - rows.upright,
    cols.inverted - cols.upright,
  ];
  let best = 0;
  for (let q = 1; q < 4; q++) if (score[q]! > score[best]!) best = q;
  return best !== 0 && score[best]! >= Math.max(6, 2 * score[0]!) ? best : 0;
}
