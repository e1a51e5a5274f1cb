import { describe, expect, it } from 'vitest';
import type { Word } from '../layout.ts';
import { wordsAt } from '../testing/page-words.ts';
import { otherScript, withoutOtherScripts } from './scripts.ts';

const kept = (ws: Word[]) =>
  withoutOtherScripts(ws)
    .map((w) => w.text)
    .join(' ');

describe('words in another script', () => {
  it.each([
    ['франшиза', true],
    ['1-й', true],
    ['Ωμέγα', true],
    ['牙科', true],
    ['Deductible', false],
    ['Año', false],
    ['$100', false],
    ['(bitewing)', false],
  ])('%j is in another script: %s', (text, expected) => {
    expect(otherScript(text)).toBe(expected);
  });
});

describe('a translation printed beside the text', () => {
  it.each([
    // the English column beside its Russian one: the translation goes, amounts and all
    [
      [
        ...wordsAt('Plan Pays: Year 1 — 80%', 40, 100),
        ...wordsAt('Оплата плана: 1-й год — 80%', 300, 100),
      ],
      'Plan Pays: Year 1 — 80%',
    ],
    // a Latin word in parentheses inside the translation goes with it
    [
      [
        ...wordsAt('Radiography: Bitewing x-rays.', 40, 100),
        ...wordsAt('Рентген: прикусные снимки (bitewing)', 300, 100),
      ],
      'Radiography: Bitewing x-rays.',
    ],
    // a heading and its translation parted by a slash: the slash goes too
    [wordsAt('Monthly / Ежемесячно', 40, 100), 'Monthly'],
    // a heading of the next column set close to a translation stays
    [[...wordsAt('Ежемесячно', 40, 100), ...wordsAt('Quarterly', 95, 100)], 'Quarterly'],
    // a page without another script is left as it is
    [wordsAt('Deductible $100 / $150', 40, 100), 'Deductible $100 / $150'],
  ])('%#: keeps %j', (ws, expected) => {
    expect(kept(ws)).toBe(expected);
  });
});
