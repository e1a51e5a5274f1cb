import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './oidc.ts';

describe('safeReturnTo', () => {
  it.each([
    ['/clients', '/clients'],
    ['/documents/carrierProposals?x=1', '/documents/carrierProposals?x=1'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/with space', '/'],
    [undefined, '/'],
    [42, '/'],
    [`/${'a'.repeat(600)}`, '/'],
  ])('%j → %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
