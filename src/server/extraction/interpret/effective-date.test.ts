import { describe, expect, it } from 'vitest';
import type { Line } from '../layout.ts';
import type { AnalyzedDocument } from './document.ts';
import { documentYear, effectiveDateOf, yearOf } from './effective-date.ts';
import { evidence } from './evidence.ts';
import { Facts } from './facts.ts';

function line(text: string, y: number, x = 58, size = 9, bold = false): Line {
  const box: Line['box'] = [x, y, x + text.length * size * 0.5, y + size];
  return { text, words: [], box, size, confidence: 1, page: 1, bold };
}

function doc(lines: Line[], furniture: Line[] = []): AnalyzedDocument {
  return {
    items: lines.map((l, order) => ({ kind: 'line', line: l, heading: false, scope: {}, order })),
    furniture,
    bodySize: 9,
  };
}

function factsWith(...dates: Array<[string, 'keyValue' | 'prose']>): Facts {
  const f = new Facts();
  dates.forEach(([d, method], i) => {
    f.add('effectiveDate', evidence(d, { page: 1, reading: 1 }, method), {}, i);
  });
  return f;
}

describe('yearOf', () => {
  it.each([
    ['January 1, 2025', 2025],
    ['01/01/2025', 2025],
    ['1/1/27', 2027],
    ['January 2025', 2025],
  ])('%s → %s', (date, year) => {
    expect(yearOf(date)).toBe(year);
  });
});

describe('documentYear: when the document says it was printed', () => {
  it.each<[string, number | undefined]>([
    ['© 2021 Horizon Blue Cross Blue Shield of New Jersey', 2021],
    ['©2024 Vision Service Plan. All rights reserved.', 2024],
    ['Copyright 2019-2023 Acme', 2023],
    ['Rev. 03/2024', 2024],
    ['Plan summary created on: 4/25/25 20:00', 2025],
    ['Printed 10/02/2022', 2022],
    // form numbers and plain figures are no dates
    ['Policy number VC-146, form number M-9184', undefined],
    ['2021 EyeMed Commercial BOB stats.', undefined],
    ['Annual maximum $2025', undefined],
  ])('%s → %s', (text, year) => {
    expect(documentYear(doc([line(text, 700)]))).toBe(year);
  });
});

describe('effectiveDateOf', () => {
  it('takes the labelled date', () => {
    const d = doc([line('Effective Date: 01/01/2025', 40)]);
    expect(effectiveDateOf(d, factsWith(['01/01/2025', 'keyValue']), 'vision')?.value).toBe(
      '01/01/2025',
    );
  });

  it('leaves out a date years older than the document (it dates something else)', () => {
    const d = doc([
      line('These rates are effective January 1, 2013, and are subject to change.', 500),
      line('© 2021 Acme Dental Company', 700),
    ]);
    expect(effectiveDateOf(d, factsWith(['January 1, 2013', 'prose']), 'dental')).toBeUndefined();
  });

  it('keeps a date a little before or after the print date', () => {
    const d = doc([line('©2024 Vision Service Plan.', 700)]);
    expect(effectiveDateOf(d, factsWith(['01/01/2025', 'keyValue']), 'vision')?.value).toBe(
      '01/01/2025',
    );
    expect(effectiveDateOf(d, factsWith(['01/01/2023', 'keyValue']), 'vision')?.value).toBe(
      '01/01/2023',
    );
  });

  it('finds a date under its label by position, whatever the reading order', () => {
    const d = doc([
      line('Your Vision Benefits Summary', 21, 24, 13),
      line('Effective Date:', 44, 345, 8, true),
      line('affordable vision plan.', 50, 24, 10),
      line('BENEFIT', 82, 30, 9, true),
      line('01/01/2025', 57, 345, 8),
    ]);
    expect(effectiveDateOf(d, new Facts(), 'vision')?.value).toBe('01/01/2025');
  });

  it("finds a date on its label's row, to the right", () => {
    const d = doc([
      line('Group:', 192, 125, 20),
      line('Effective:', 221, 124, 17),
      line('Eligible Group:', 263, 123, 20),
      line('Bayfront Veterinary Partners', 199, 454, 20),
      line('August 1, 2027', 229, 451, 18),
    ]);
    expect(effectiveDateOf(d, new Facts(), 'vision')?.value).toBe('August 1, 2027');
  });

  it('reads a running header', () => {
    const d = doc(
      [line('Dental Plan Summary', 40)],
      [line('Acme Clinic | Effective Date: 07/01/2026 | Page 1', 10)],
    );
    expect(effectiveDateOf(d, new Facts(), 'dental')?.value).toBe('07/01/2026');
  });

  it('takes no print, revision or creation date', () => {
    const d = doc(
      [line('Prepared: 04/02/2021', 40), line('Kit created 08/07/2024', 60)],
      [line('Rev. 03/2024 | Printed 04/01/2024', 760)],
    );
    expect(effectiveDateOf(d, new Facts(), 'dental')).toBeUndefined();
  });
});
