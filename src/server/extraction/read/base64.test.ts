import { describe, expect, it } from 'vitest';
import { installNodeBase64, toBase64 } from './base64.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('toBase64 on Node’s encoder', () => {
  // RFC 4648's test vectors, and bytes that differ between the two alphabets
  it.each([
    ['', undefined, ''],
    ['f', undefined, 'Zg=='],
    ['fo', undefined, 'Zm8='],
    ['foo', undefined, 'Zm9v'],
    ['foob', undefined, 'Zm9vYg=='],
    ['fooba', undefined, 'Zm9vYmE='],
    ['foobar', undefined, 'Zm9vYmFy'],
    ['f', { omitPadding: true }, 'Zg'],
    ['fo', { alphabet: 'base64', omitPadding: false }, 'Zm8='],
    ['\u00fb\u00ff', {}, 'w7vDvw=='],
  ] as const)('%j with %j → %s', (text, options, expected) => {
    expect(toBase64(bytes(text), options)).toBe(expected);
  });

  it.each([
    [undefined, '-_8='],
    [{ omitPadding: true }, '-_8'],
  ] as const)('the URL alphabet with %j', (options, expected) => {
    expect(toBase64(new Uint8Array([0xfb, 0xff]), { alphabet: 'base64url', ...options })).toBe(
      expected,
    );
  });

  it('reads only the bytes of a view into a larger buffer', () => {
    const all = bytes('xxfooxx');
    expect(toBase64(all.subarray(2, 5))).toBe('Zm9v');
  });

  it.each([
    ['options of null', () => toBase64(bytes('f'), null as never)],
    ['options that are no object', () => toBase64(bytes('f'), 'base64' as never)],
    ['an unknown alphabet', () => toBase64(bytes('f'), { alphabet: 'hex' as never })],
    ['no Uint8Array', () => toBase64([1, 2] as never)],
    [
      'a detached buffer',
      () => {
        const b = new Uint8Array(4);
        structuredClone(b.buffer, { transfer: [b.buffer] });
        return toBase64(b);
      },
    ],
  ])('throws a TypeError for %s', (_, call) => {
    expect(call).toThrow(TypeError);
  });

  it('answers for Uint8Array.prototype.toBase64 where the engine has none of its own', () => {
    installNodeBase64();
    const view = bytes('foobar') as Uint8Array & { toBase64?: (o?: object) => string };
    expect(view.toBase64?.()).toBe('Zm9vYmFy');
    expect(view.toBase64?.({ alphabet: 'base64url', omitPadding: true })).toBe('Zm9vYmFy');
  });
});
