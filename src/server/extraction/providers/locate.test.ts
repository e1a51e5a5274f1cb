import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout } from '../layout.ts';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { placeValues, valueLocator } from './locate.ts';

const local = createLocalExtractionProvider();
afterAll(() => local.close());

const read = (name: string, contentType: string) =>
  local.read({
    bytes: new Uint8Array(
      readFileSync(new URL(`../../../../tests/fixtures/proposals/${name}`, import.meta.url)),
    ),
    contentType,
  });

let ameritas: DocumentLayout;
beforeAll(async () => {
  ameritas = await read('dev01-ameritas-dental-proposal.pdf', 'application/pdf');
}, 30_000);

describe('valueLocator on a real proposal', () => {
  it.each([
    // value, placed on page (undefined: no place)
    ['$34.18', 2], // a rate printed once, on page 2
    ['$122.36', 2],
    ['Ameritas PPO 1750', 1], // several words on one line
    ['ameritas ppo 1750', 1], // compared as merge.ts compares
    ['$75', undefined], // printed on several rows: which one is unknown
    ['$99.99', undefined], // not printed
    ['', undefined],
  ])('%j → page %s', (value, page) => {
    const source = valueLocator(ameritas)(value);
    expect(source?.page).toBe(page);
    if (page) {
      const [x0, y0, x1, y1] = source?.box ?? [];
      expect(x1! > x0! && y1! > y0!).toBe(true);
      // inside the page
      const size = ameritas.pages.find((p) => p.number === page)!;
      expect(x1!).toBeLessThanOrEqual(size.width);
      expect(y1!).toBeLessThanOrEqual(size.height);
    }
  });

  it('places where the local engine places the same value', async () => {
    const engine = await local.extract({
      bytes: new Uint8Array(
        readFileSync(
          new URL(
            '../../../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf',
            import.meta.url,
          ),
        ),
      ),
      contentType: 'application/pdf',
      documentType: 'carrierProposal',
    });
    const rate = engine
      .flatMap((i) => (i.type === 'table' ? i.cells : []))
      .find((c) => c.value === '$34.18');
    const placed = valueLocator(ameritas)('$34.18');
    expect(placed?.page).toBe(rate?.source?.page);
    // the same words: boxes overlap
    const [a0, , a1] = placed!.box!;
    const [b0, , b1] = rate!.source!.box!;
    expect(Math.min(a1, b1) > Math.max(a0, b0)).toBe(true);
  }, 30_000);

  it('places nothing in a DOCX (no geometry), and keeps a place a value has', async () => {
    const docx = await read(
      'dev09-renaissance-dental.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const data: ParsedData = [
      {
        type: 'field',
        label: 'dentalInsurance_carrierName',
        value: 'Renaissance Dental',
        score: 0.75,
      },
    ];
    expect(placeValues(data, docx)).toEqual(data);
    const kept: ParsedData = [
      {
        type: 'field',
        label: 'dentalInsurance_carrierName',
        value: '$34.18',
        score: 0.75,
        source: { page: 2, box: [1, 2, 3, 4] },
      },
    ];
    expect(placeValues(kept, ameritas)).toEqual(kept);
  });
});
