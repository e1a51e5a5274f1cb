import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import fc from 'fast-check';
import { expect } from 'vitest';
import { tinyPng } from './multipart.ts';

/**
 * Pieces for the hostile-input tests: what a safe answer looks like, and generators of the odd,
 * malformed and oversized things browsers and scripts can send.
 */

export interface AnswerLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** A stack frame, a source path or a module path: none may reach a client. */
const leaks = [
  /\n\s+at\s/,
  /\bat\s+[\w.<>]+\s+\(/,
  /(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs)\b/,
  /node_modules/,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError):/,
  /\bFST_[A-Z_]+\b/,
];

/** Says why an answer is unsafe, or undefined when it is fine. */
export function unsafeAnswer(res: AnswerLike, method = 'GET'): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.headers['x-content-type-options'] !== 'nosniff') return 'no nosniff header';
  const csp = String(res.headers['content-security-policy'] ?? '');
  if (!csp.includes("frame-ancestors 'none'")) return 'no frame-ancestors none';
  if (!/script-src 'self'|default-src 'none'/.test(csp) || csp.includes("'unsafe-inline' 'self'"))
    return 'CSP allows scripts it should not';
  if (/script-src[^;]*unsafe-inline/.test(csp)) return 'CSP allows inline scripts';
  if (!res.headers['referrer-policy']) return 'no referrer policy';
  if (res.statusCode >= 400 && method !== 'HEAD') {
    if (type.startsWith('application/json')) {
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return 'an error answer that is not valid JSON';
      }
      const error = (body as { error?: unknown }).error;
      if (typeof error !== 'string' || !error.trim()) return 'an error answer without {error}';
    } else if (!type.startsWith('text/plain')) {
      return `an error answer of type ${type || 'none'}`;
    }
    for (const leak of leaks) if (leak.test(res.body)) return `a leak (${leak}) in ${res.body}`;
  }
  return undefined;
}

/** Fails the test when an answer is unsafe, naming the request. */
export function expectSafeAnswer(res: AnswerLike, what: string, method = 'GET'): void {
  const why = unsafeAnswer(res, method);
  expect(why, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeUndefined();
}

/** Text that breaks naive code: controls, lone surrogates, bidi overrides, long and wide strings. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil\u202C',
    '👨‍👩‍👧‍👦'.repeat(50),
    'Ω'.repeat(201),
    'x'.repeat(70_000),
    '../../etc/passwd',
    "'; drop table clients; --",
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
    '{{7*7}}${7*7}',
    '%00%2e%2e%2f',
    'null',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e309',
  ),
);

/** Percent-encodes any string, lone surrogates included (as their replacement character). */
export function encodePathSegment(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

/** Path segments an id route may be given. */
export const oddIdSegment: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((id) => id),
  fc.uuid().map((id) => id.toUpperCase()),
  oddText.map((s) => encodePathSegment(s.slice(0, 250)) || 'x'),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    '%E0%A4%A',
    '%',
    '%%',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e',
    'a'.repeat(300),
    `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(13)}`,
  ),
);

/** Query strings for list routes. */
export const oddQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .record(
      {
        limit: fc.oneof(
          fc.integer({ min: -5, max: 2000 }).map(String),
          fc.constantFrom('', 'abc', '1.5', '1e3', '0x10', 'NaN', 'Infinity', '%00'),
        ),
        before: fc.oneof(
          oddText.map((s) => encodePathSegment(s.slice(0, 300))),
          fc
            .tuple(fc.date({ noInvalidDate: true }), fc.uuid())
            .map(([d, id]) =>
              Buffer.from(JSON.stringify([d.toISOString(), id])).toString('base64url'),
            ),
          fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
        ),
      },
      { requiredKeys: [] },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
    ),
  fc.constantFrom('limit=1&limit=2', 'before[]=x', 'limit[$gt]=0', '%', '&&&', '?=&='),
);

/** A small PDF that pdf.js opens (one page, some text). */
export function minimalPdf(text = 'Hello'): Buffer {
  return buildPdf([text]);
}

/**
 * A PDF with one page per entry of `pages`, each showing its text. Valid syntax, written by
 * hand: objects, a cross-reference table and a trailer (`extraTrailer` adds to the trailer).
 */
export function buildPdf(pages: string[], options: { extraTrailer?: string } = {}): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then per page a page and its content stream.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  let next = 4;
  for (const text of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const escaped = text.replace(/[\\()]/g, '\\$&');
    const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const chunks: string[] = ['%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'];
  const offsets: number[] = [];
  let length = Buffer.byteLength(chunks[0]!, 'latin1');
  for (let id = 1; id < next; id++) {
    offsets[id] = length;
    const chunk = `${id} 0 obj\n${objects[id]}\nendobj\n`;
    chunks.push(chunk);
    length += Buffer.byteLength(chunk, 'latin1');
  }
  const xref = [`xref\n0 ${next}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < next; id++)
    xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  chunks.push(...xref);
  chunks.push(
    `trailer\n<< /Size ${next} /Root 1 0 R ${options.extraTrailer ?? ''}>>\nstartxref\n${length}\n%%EOF\n`,
  );
  return Buffer.from(chunks.join(''), 'latin1');
}

/** Bytes uploads may carry: real files, files that lie about their type, and junk. */
export const oddFileBytes: fc.Arbitrary<{ data: Buffer; what: string }> = fc.oneof(
  fc.constant({ data: tinyPng, what: 'png' }),
  fc.constant({ data: minimalPdf(), what: 'pdf' }),
  fc.uint8Array({ maxLength: 2048 }).map((a) => ({ data: Buffer.from(a), what: 'random' })),
  fc.constant({ data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), what: 'exe' }),
  fc.constant({
    data: Buffer.from('<html><script>alert(1)</script></html>'),
    what: 'html',
  }),
  fc.constant({
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    what: 'svg',
  }),
  fc.constant({ data: Buffer.from('%PDF-1.7\n garbage'), what: 'broken pdf' }),
  fc.constant({ data: Buffer.alloc(0), what: 'empty' }),
  fc.constant({ data: tinyPng.subarray(0, 20), what: 'truncated png' }),
);

export interface RawPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so it can be broken on purpose. */
export function rawMultipart(parts: RawPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** JSON nested `depth` levels deep: `[[[…]]]` or `{"a":{"a":…}}`. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export interface ZipEntry {
  name: string;
  /** The entry's bytes… */
  data?: Buffer;
  /** …or this many zero bytes, compressed without ever being held (for zip bombs). */
  zeros?: number;
  /** The uncompressed size the headers declare (default: the real one). */
  declaredSize?: number;
}

const MIB = 1024 * 1024;

/**
 * A ZIP archive (deflate), written by hand so that it can lie: `zeros` entries are made by
 * repeating one deflated megabyte of zeros (each copy ends on a byte boundary with a sync
 * flush and refers only to itself), so a gigabyte of zeros costs a megabyte.
 */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    let compressed: Buffer;
    let size: number;
    let crc: number;
    if (entry.zeros !== undefined) {
      const megabyte = Buffer.alloc(MIB);
      const block = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_SYNC_FLUSH, level: 9 });
      const whole = Math.floor(entry.zeros / MIB);
      const rest = deflateRawSync(Buffer.alloc(entry.zeros % MIB), { level: 9 });
      compressed = Buffer.concat([...Array.from({ length: whole }, () => block), rest]);
      size = entry.zeros;
      crc = 0;
      for (let i = 0; i < whole; i++) crc = crc32(megabyte, crc);
      crc = crc32(Buffer.alloc(entry.zeros % MIB), crc);
    } else {
      const data = entry.data ?? Buffer.alloc(0);
      compressed = deflateRawSync(data);
      size = data.length;
      crc = crc32(data);
    }
    const declared = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal DOCX around `documentXml`. */
export function docxEntries(documentXml: ZipEntry): ZipEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    documentXml,
  ];
}

/** A DOCX whose body says `text`. */
export function minimalDocx(text: string): Buffer {
  return buildZip(
    docxEntries({
      name: 'word/document.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
          `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    }),
  );
}

/**
 * A grayscale PNG that announces `width` × `height` pixels, all black, in a few megabytes at most:
 * a "pixel bomb" (its image data is a zlib stream made by repeating one deflated megabyte).
 */
export function pngBomb(width: number, height: number): Buffer {
  const raw = (width + 1) * height; // a filter byte per row, then the row: all zeros
  const megabyte = Buffer.alloc(MIB);
  const block = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_SYNC_FLUSH, level: 9 });
  const whole = Math.floor(raw / MIB);
  const rest = deflateRawSync(Buffer.alloc(raw % MIB), { level: 9 });
  // Adler-32 of n zero bytes: A stays 1, B = n.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((raw % 65521) << 16) | 1) >>> 0);
  const zlibStream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: whole }, () => block),
    rest,
    adler,
  ]);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibStream),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
