import { deflateSync } from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf, readPdfPage } from './pdf.ts';

/** A grey PNG of `w` × `h` pixels (a picture to print white words over). */
function png(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // 8-bit grey
  const rows = Buffer.alloc((w + 1) * h, 0x40);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function page(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([612, 792]);
  const text = (t: string, x: number, y: number, white = false) =>
    p.drawText(t, { x, y: 792 - y, size: 10, font, color: white ? rgb(1, 1, 1) : rgb(0, 0, 0) });
  text('Exam', 50, 100);
  text('$10 copay', 200, 100);
  text('empty', 350, 100, true); // white on the white page: a word for screen readers
  p.drawRectangle({ x: 40, y: 792 - 165, width: 200, height: 30, color: rgb(0.2, 0.2, 0.4) });
  text('SUMMARY', 50, 150, true); // white on a dark bar
  p.drawRectangle({ x: 300, y: 792 - 165, width: 200, height: 30, color: rgb(0.96, 0.96, 0.96) });
  text('faint', 310, 150, true); // white on a fill too light to show it
  p.drawImage(await doc.embedPng(png(20, 10)), { x: 40, y: 792 - 260, width: 200, height: 60 });
  text('Dental', 50, 230, true); // white over a picture
  text('$25', 50, 300);
  text('.', 80, 300, true); // an unseen full stop keeping a gap
  text('eyewear copay', 100, 300);
  return doc.save();
}

describe('words a reader cannot see', () => {
  it.each([
    { images: false, name: 'opened without its pictures (how documents are read)' },
    { images: true, name: 'opened with its pictures' },
  ])('a page $name keeps only the words on the page', async ({ images }) => {
    const { doc, close } = await openPdf(await page(), { images });
    try {
      const read = await readPdfPage(await doc.getPage(1));
      const words = read.words.map((w) => w.text);
      expect(words).toEqual(
        expect.arrayContaining([
          'Exam',
          '$10',
          'copay',
          'SUMMARY',
          'Dental',
          '$25',
          '.',
          'eyewear',
        ]),
      );
      expect(words).not.toContain('empty');
      expect(words).not.toContain('faint');
    } finally {
      await close();
    }
  });
});
