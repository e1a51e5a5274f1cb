import { describe, expect, it } from 'vitest';
import { missedInk, placeWords, stackRegions } from './missed-ink.ts';
import type { OcrWord } from './ocr.ts';
import type { Gray } from './raster.ts';

const DPI = 150;

function page(): Gray {
  return { width: 600, height: 300, data: new Uint8Array(600 * 300).fill(255) };
}

/** A 'word': vertical strokes as tall as an x-height, like letters. */
function word(g: Gray, x0: number, y0: number, width: number, height = 14): void {
  for (let x = x0; x < x0 + width; x++) {
    if ((x - x0) % 4 > 1) continue;
    for (let y = y0; y < y0 + height; y++) g.data[y * g.width + x] = 20;
  }
}

const read = (x0: number, y0: number, x1: number, y1: number): OcrWord => ({
  text: 'Read',
  box: [x0, y0, x1, y1],
  confidence: 0.9,
});

describe('a second look at unread ink', () => {
  it('finds text-sized ink that no word covers, and nothing else', () => {
    const g = page();
    word(g, 20, 20, 80); // read
    word(g, 300, 20, 60); // skipped by the recogniser
    word(g, 20, 100, 50);
    word(g, 76, 100, 40); // same line, a word space away: one cut-out
    // what is left of a ruling: two pixels thick, dashed
    for (let x = 20; x < 500; x++)
      if (x % 9 < 6) g.data[200 * 600 + x] = g.data[201 * 600 + x] = 30;
    const regions = missedInk(g, [read(18, 18, 102, 36)], DPI);
    expect(regions).toHaveLength(2);
    expect(regions[0]!.x0).toBeLessThanOrEqual(300);
    expect(regions[0]!.x1).toBeGreaterThanOrEqual(359);
    expect(regions[1]!.x0).toBeLessThanOrEqual(20);
    expect(regions[1]!.x1).toBeGreaterThanOrEqual(113);
  });

  it('stacks the cut-outs on a sheet and maps words read there back to the page', () => {
    const g = page();
    word(g, 300, 20, 60);
    word(g, 20, 100, 50);
    const regions = missedInk(g, [], DPI);
    const { sheet, places } = stackRegions(g, regions, 15);
    expect(sheet.width).toBeLessThan(g.width);
    const first = places[0]!;
    const second = places[1]!;
    // the sheet holds the same pixels as the page
    const sx = 300 - first.dx;
    const sy = 25 - first.dy;
    expect(sheet.data[sy * sheet.width + sx]).toBe(g.data[25 * g.width + 300]);
    const onSheet: OcrWord[] = [
      { text: '$10', box: [15, first.top, 75, first.bottom], confidence: 0.8 },
      { text: 'copay', box: [15, second.top, 65, second.bottom], confidence: 0.8 },
    ];
    const placed = placeWords(onSheet, places, []);
    expect(placed.map((w) => w.text)).toEqual(['$10', 'copay']);
    expect(placed[0]!.box[0]).toBe(15 + first.dx);
    expect(placed[1]!.box[1]).toBeGreaterThanOrEqual(regions[1]!.y0);
    // a word that overlaps one read before is not read twice
    const again = placeWords(onSheet, places, [{ ...placed[0]!, text: '$10' }]);
    expect(again.map((w) => w.text)).toEqual(['copay']);
  });
});
