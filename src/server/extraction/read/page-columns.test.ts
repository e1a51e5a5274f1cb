import { describe, expect, it } from 'vitest';
import type { Word } from '../layout.ts';
import { pageOfWords, wordsAt } from '../testing/page-words.ts';

const words = wordsAt;

const read = (ws: Word[]) =>
  pageOfWords(ws).blocks.map((b) => (b.kind === 'line' ? b.line.text : 'table'));

describe('pages set in two columns', () => {
  it('reads the left column before the right one and pairs no lines across the gutter', () => {
    const ws = [
      ...words('Plan Summary', 40, 40, 15),
      ...words('Dental – Smart 1500', 40, 80, 12),
      ...words('Vision – Choice Network', 320, 80, 12),
      ...words('Deductible: $50 / $150', 40, 100),
      ...words('Exam: $10 copay / Up to $45', 320, 100),
      ...words('Annual Maximum: $1,500', 40, 114),
      ...words('Frames: $150 allowance', 320, 114),
      ...words('Preventive: 100% / 100%', 40, 128),
      ...words('Contacts: $150 allowance', 320, 128),
      ...words('Monthly Rates', 40, 170, 12),
    ];
    expect(read(ws)).toEqual([
      'Plan Summary',
      'Dental – Smart 1500',
      'Deductible: $50 / $150',
      'Annual Maximum: $1,500',
      'Preventive: 100% / 100%',
      'Vision – Choice Network',
      'Exam: $10 copay / Up to $45',
      'Frames: $150 allowance',
      'Contacts: $150 allowance',
      'Monthly Rates',
    ]);
  });

  it('keeps a label and value table as a table', () => {
    const ws = [
      ...words('Carrier', 40, 100),
      ...words('Delta Dental of Colorado', 240, 100),
      ...words('Plan Name', 40, 114),
      ...words('PPO Plus Premier 1500', 240, 114),
      ...words('Eligible Group', 40, 128),
      ...words('Full-Time Staff', 240, 128),
    ];
    expect(read(ws)).toEqual(['table']);
  });
});
