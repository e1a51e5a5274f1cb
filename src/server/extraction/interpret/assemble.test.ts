import { describe, expect, it } from 'vitest';
import type { Line } from '../layout.ts';
import { serviceKey } from './assemble.ts';
import type { AnalyzedDocument } from './document.ts';
import { legalName } from './issuer.ts';

const line = (text: string): Line => ({
  text,
  words: [],
  box: [0, 0, 100, 10],
  size: 10,
  confidence: 1,
  page: 1,
});
const doc = (...texts: string[]) =>
  ({
    items: texts.map((t) => ({ kind: 'line', line: line(t) })),
    furniture: [],
  }) as unknown as AnalyzedDocument;

describe('the legal name printed in a disclaimer', () => {
  it("keeps 'of' between capitalised words as part of the name", () => {
    expect(
      legalName(doc('Coverage is underwritten by Mutual of Omaha Insurance Company. Vision …'))
        ?.value,
    ).toBe('Mutual of Omaha Insurance Company');
  });
  it('starts at the name, not at the sentence before it', () => {
    expect(legalName(doc('Plans are insured by Acme Life Insurance Company'))?.value).toBe(
      'Acme Life Insurance Company',
    );
  });
});

describe('serviceKey', () => {
  it.each([
    ['Frame', 'Frames', true],
    ['Contact Lenses', 'Contact Lens', false],
    ['Single Vision Lenses', 'Single vision lenses', true],
    ['Exams', 'Exam', true],
    ['Frames', 'Lenses', false],
  ])('%j and %j join: %j', (a, b, same) => {
    expect(serviceKey(a) === serviceKey(b)).toBe(same);
  });
});
