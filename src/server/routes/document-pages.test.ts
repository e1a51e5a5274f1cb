import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageWord } from '../../shared/documents/document-types.ts';
import { valueEntries } from '../../shared/proposals/corrections.ts';
import { createLocalExtractionProvider } from '../extraction/local-engine.ts';
import type { OcrEngine } from '../extraction/read/ocr.ts';
import { PAGE_SCALE } from '../pages/page-images.ts';
import { createTestApp, eventually, type TestContext, testBackends } from '../test/backends.ts';
import { fixtureTruth, proposalFixture, storeReadDocument } from '../test/documents.ts';
import { NOT_READ_MESSAGE } from './document-review.ts';

const silentOcr: OcrEngine = { recognize: async () => [], close: async () => {} };
const base = '/api/documents/carrierProposals';
const PDF = 'dev02-lincoln-dental-vision-2class.pdf';
const DOCX = 'dev09-renaissance-dental.docx';
const PNG = 'dev12-uhc-vision-summary-scan.png';
const JPG = 'dev13-aflac-dental-summary-scan.jpg';
const PNG_SIGNATURE = '89504e470d0a1a0a';

const normal = (s: string) => s.replace(/\s+/g, '').toLowerCase();

describe.each(testBackends())('document pages on $name', (backend) => {
  let t: TestContext;
  const engine = createLocalExtractionProvider({ ocr: silentOcr });
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const name of [PDF, DOCX, PNG, JPG]) {
      const bytes = proposalFixture(name);
      const contentType = name.endsWith('.pdf')
        ? 'application/pdf'
        : name.endsWith('.docx')
          ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
          : 'image/*';
      // the engine's own reading of text documents (with its boxes); the truth for scans
      const data =
        contentType === 'image/*'
          ? fixtureTruth(name)
          : await engine.extract({ bytes, contentType, documentType: 'carrierProposal' });
      ids[name] = await storeReadDocument(t.db, t.files, { bytes, data, name });
    }
  });
  afterAll(async () => {
    await engine.close();
    await t.close();
  });
  const get = (id: string, path: string) => t.app.inject({ url: `${base}/${id}/${path}` });

  it('answers a PDF’s pages in points, the space of source boxes', async () => {
    const res = await get(ids[PDF]!, 'pages');
    expect(res.statusCode).toBe(200);
    const pages = res.json();
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]).toEqual({ page: 1, width: 612, height: 792 });
    expect((await t.app.inject({ url: `${base}/${ids[PDF]}` })).json().pageCount).toBe(
      pages.length,
    );
  });

  it('draws a PDF page as PNG once, then answers it from the cache', async () => {
    const first = await get(ids[PDF]!, 'pages/1.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const image = await loadImage(first.rawPayload);
    expect([image.width, image.height]).toEqual([612 * PAGE_SCALE, 792 * PAGE_SCALE]);
    const cachedRows = async () =>
      (
        await t.db.query<{ key: string; created_on: Date }>(
          `select key, created_on from page_cache where key like 'png:%:1:%' order by key`,
        )
      ).rows;
    const before = await cachedRows();
    expect(before).toHaveLength(1);
    const second = await get(ids[PDF]!, 'pages/1.png');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await cachedRows()).toEqual(before);
  });

  it('draws the pages of a document ahead of time once they are listed', async () => {
    const pages = (await get(ids[PDF]!, 'pages')).json();
    const sha = (
      await t.db.query<{ sha256: string }>(
        'select f.sha256 from documents d join files f on f.id = d.file_id where d.id = $1',
        [ids[PDF]],
      )
    ).rows[0]!.sha256;
    await eventually(
      async () =>
        (await t.db.query(`select key from page_cache where key like $1`, [`png:${sha}:%`])).rows
          .length === pages.length,
      30_000,
      'every page drawn ahead',
    );
    // and its words read, so that selecting words on the page does not wait for them
    await eventually(
      async () =>
        (await t.db.query(`select key from page_cache where key = $1`, [`words:${sha}`])).rows
          .length === 1,
      30_000,
      'the words read ahead',
    );
  });

  it.each([PDF, DOCX])(
    'finds the words of a value inside its source box on its page (%s)',
    async (name) => {
      const doc = (await t.app.inject({ url: `${base}/${ids[name]}` })).json();
      const boxed = valueEntries(doc.data)
        .map((e) => e.value)
        .filter((v) => v.source?.box && /[a-z0-9]{3}/i.test(v.value));
      expect(boxed.length).toBeGreaterThan(10);
      let checked = 0;
      const wordsByPage = new Map<number, PageWord[]>();
      for (const value of boxed) {
        const { page, box } = value.source as {
          page: number;
          box: [number, number, number, number];
        };
        if (!wordsByPage.has(page)) {
          const res = await get(ids[name]!, `pages/${page}/words`);
          expect(res.statusCode).toBe(200);
          wordsByPage.set(page, res.json());
        }
        const inside = wordsByPage
          .get(page)!
          .filter((w) => {
            const cx = (w.box[0] + w.box[2]) / 2;
            const cy = (w.box[1] + w.box[3]) / 2;
            return cx >= box[0] - 1 && cx <= box[2] + 1 && cy >= box[1] - 1 && cy <= box[3] + 1;
          })
          .map((w) => w.text)
          .join('');
        // the value as printed lies in the words its box covers (values may be cleaned: compare
        // letters and digits only)
        const letters = normal(value.value).replace(/[^a-z0-9]/g, '');
        expect(normal(inside).replace(/[^a-z0-9]/g, '')).toContain(letters);
        checked++;
      }
      expect(checked).toBe(boxed.length);
      // every value a DOCX gives has a box (the paragraph or table cell it was read from)
      if (name === DOCX)
        expect(valueEntries(doc.data).filter((e) => !e.value.source?.box)).toEqual([]);
    },
  );

  it('answers an image document as itself, one page the size of its pixels', async () => {
    for (const [name, type] of [
      [PNG, 'image/png'],
      [JPG, 'image/jpeg'],
    ] as const) {
      const pages = (await get(ids[name]!, 'pages')).json();
      const bytes = proposalFixture(name);
      const image = await loadImage(bytes);
      expect(pages).toEqual([{ page: 1, width: image.width, height: image.height }]);
      const res = await get(ids[name]!, 'pages/1.png');
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('draws a DOCX as one page of its paragraphs and tables, with the words on it', async () => {
    const pages = (await get(ids[DOCX]!, 'pages')).json();
    expect(pages).toHaveLength(1);
    expect(pages[0].width).toBe(612);
    const png = await get(ids[DOCX]!, 'pages/1.png');
    expect(png.rawPayload.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const image = await loadImage(png.rawPayload);
    expect(image.width).toBe(612 * PAGE_SCALE);
    const words: PageWord[] = (await get(ids[DOCX]!, 'pages/1/words')).json();
    const text = normal(words.map((w) => w.text).join(''));
    const truth = fixtureTruth(DOCX);
    const carrier = truth.find((i) => i.type === 'field' && i.label.endsWith('carrierName'));
    expect(carrier?.type).toBe('field');
    expect(text).toContain(normal(carrier?.type === 'field' ? carrier.value : '?'));
    for (const w of words) {
      expect(w.box[0]).toBeGreaterThanOrEqual(0);
      expect(w.box[2]).toBeLessThanOrEqual(pages[0].width);
      expect(w.box[3]).toBeLessThanOrEqual(pages[0].height);
    }
  });

  it.each([
    ['pages/99.png', /This document has \d+ pages?; there is no page 99\./],
    ['pages/99/words', /there is no page 99\./],
    ['pages/0.png', /Pages are numbered from 1/],
    ['pages/one.png', /Pages are numbered from 1/],
    ['pages/1.jpg', /Pages are numbered from 1/],
    ['pages/0/words', /Pages are numbered from 1/],
  ])('answers 404 with a sentence to …/%s', async (path, message) => {
    const res = await get(ids[PDF]!, path);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(message);
  });

  it('draws no page of a document the engine has not read', async () => {
    const { rows } = await t.db.query<{ file_id: string }>(
      'select file_id from documents where id = $1',
      [ids[PDF]],
    );
    const id = '11111111-1111-4111-8111-111111111111';
    await t.db.query(
      `insert into documents (id, type, name, file_id, status) values ($1, 'carrierProposal', 'Q', $2, 'queued')`,
      [id, rows[0]!.file_id],
    );
    for (const path of ['pages', 'pages/1.png', 'pages/1/words']) {
      const res = await get(id, path);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(NOT_READ_MESSAGE);
    }
  });

  it('answers 404 for the pages of an unknown document', async () => {
    for (const path of ['pages', 'pages/1.png', 'pages/1/words']) {
      const res = await get('00000000-0000-4000-8000-000000000000', path);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Carrier proposal not found.');
    }
  });
});
