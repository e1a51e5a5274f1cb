import { runInNewContext } from 'node:vm';

/**
 * `Uint8Array.prototype.toBase64` (ECMAScript's base64 encoding of bytes) on Node's own encoder.
 *
 * pdf.js's legacy build (the one Node runs) installs a JavaScript version of that method where the
 * engine has none (Node 24), for every Uint8Array in the process. pdf.js encodes each font it
 * hands to a text-only document's font loader with it (`openPdf` with `images: false`), at about
 * 5 ms per 30 KB of font: on the dev PDFs more than a page's whole text extraction. Where the
 * engine itself has no such method, it is replaced by this one, which answers the same for every
 * input and option and throws where that one throws.
 */
export function toBase64(
  bytes: Uint8Array,
  options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean },
): string {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('toBase64 reads a Uint8Array');
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError('toBase64 options must be an object');
  const alphabet = options?.alphabet ?? 'base64';
  if (alphabet !== 'base64' && alphabet !== 'base64url')
    throw new TypeError('toBase64 alphabet must be base64 or base64url');
  if (bytes.buffer instanceof ArrayBuffer && bytes.buffer.detached)
    throw new TypeError('toBase64 cannot read a detached buffer');
  // (Node writes base64 padded and base64url unpadded)
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(alphabet);
  if (options?.omitPadding) return alphabet === 'base64' ? text.replace(/=+$/, '') : text;
  return alphabet === 'base64url' ? text.padEnd(Math.ceil(text.length / 4) * 4, '=') : text;
}

/** Whether the engine itself encodes base64 (asked of a fresh realm, which no library changed). */
const engineHasBase64 = runInNewContext(
  'typeof Uint8Array.prototype.toBase64 === "function"',
) as boolean;

/** Puts `toBase64` on Uint8Array's prototype where the engine has none of its own. */
export function installNodeBase64(): void {
  if (engineHasBase64) return;
  Object.defineProperty(Uint8Array.prototype, 'toBase64', {
    configurable: true,
    enumerable: false,
    writable: true,
    value: function (this: Uint8Array, options?: Parameters<typeof toBase64>[1]) {
      return toBase64(this, options);
    },
  });
}
