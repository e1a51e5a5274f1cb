import { describe, expect, it } from 'vitest';
import type { Table, Word } from '../layout.ts';
import { cellText, pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import { startsBlock } from './alignment.ts';

const words = (text: string, x: number, y: number, size = 10) => wordsAt(text, x, y, size);

function tableOf(ws: Word[]): Table {
  const tables = tablesOf(pageOfWords(ws));
  expect(tables).toHaveLength(1);
  return tables[0]!;
}

const text = cellText;

describe('tables found from alignment', () => {
  it('gives a label centred on its wrapped value the lines above and below it', () => {
    // four columns of facts; 'Eligibility' and 'Funding' sit midway between their values' lines
    const ws = [
      ...words('Employer', 40, 100),
      ...words('Tri-County Supply', 130, 100),
      ...words('Quote ID', 330, 100),
      ...words('DQ-4471920', 420, 100),
      ...words('Effective Date', 40, 114),
      ...words('10/01/2027', 130, 114),
      ...words('Eligible Lives', 330, 114),
      ...words('38', 420, 114),
      ...words('Full-time employees working', 130, 128),
      ...words('Employer pays 50% of', 420, 128),
      ...words('Eligibility', 40, 135),
      ...words('Funding', 330, 135),
      ...words('30 or more hours', 130, 142),
      ...words('employee cost', 420, 142),
    ];
    const t = tableOf(ws);
    expect(t.rows).toBe(3);
    expect(text(t, 1, 1)).toBe('10/01/2027');
    expect(text(t, 2, 0)).toBe('Eligibility');
    expect(text(t, 2, 1)).toBe('Full-time employees working 30 or more hours');
    expect(text(t, 2, 3)).toBe('Employer pays 50% of employee cost');
  });

  it('keeps a wrapped value that starts level with its own label', () => {
    const ws = [
      ...words('Employer', 40, 100),
      ...words('Tri-County Supply', 130, 100),
      ...words('Quote ID', 330, 100),
      ...words('DQ-4471920', 420, 100),
      ...words('Eligibility', 40, 114),
      ...words('Full-time employees working', 130, 114),
      ...words('Funding', 330, 114),
      ...words('Employer pays 50% of', 420, 114),
      ...words('30 or more hours', 130, 128),
      ...words('employee cost', 420, 128),
    ];
    const t = tableOf(ws);
    expect(t.rows).toBe(2);
    expect(text(t, 1, 1)).toBe('Full-time employees working 30 or more hours');
  });
});

describe('a monospace printout without rulings', () => {
  it('ends a table at a heading that stands alone between empty lines', () => {
    // rows 14 points apart, an empty line (28 points) around 'PLAN DESIGN'
    const ws = [
      ...words('Class', 40, 100),
      ...words('Description', 140, 100),
      ...words('Class 1', 40, 114),
      ...words('Salaried employees', 140, 114),
      ...words('Class 2', 40, 128),
      ...words('Hourly employees', 140, 128),
      ...words('PLAN DESIGN', 40, 156),
      ...words('In-Network', 240, 184),
      ...words('Out-of-Network', 340, 184),
      ...words('Annual Maximum', 40, 198),
      ...words('$1,500', 240, 198),
      ...words('$1,500', 340, 198),
      ...words('Type I Preventive', 40, 212),
      ...words('100%', 240, 212),
      ...words('100%', 340, 212),
    ];
    const page = pageOfWords(ws);
    const tables = tablesOf(page);
    expect(tables).toHaveLength(2);
    expect(tables[0]!.rows).toBe(3);
    expect(page.blocks.some((b) => b.kind === 'line' && b.line.text === 'PLAN DESIGN')).toBe(true);
  });

  it('keeps a section row set apart by padding in its table', () => {
    expect(startsBlock(12, [3.3], 9.5)).toBe(false);
    expect(startsBlock(12, [10.5, 10.5], 9.5)).toBe(false);
    expect(startsBlock(28, [4, 4], 10)).toBe(true);
  });

  it('ends a table at a heading in capitals after an empty line, right over the next table', () => {
    const ws = [
      ...words('Class', 40, 100),
      ...words('Description', 140, 100),
      ...words('Class 1', 40, 114),
      ...words('Salaried employees', 140, 114),
      ...words('Class 2', 40, 128),
      ...words('Hourly employees', 140, 128),
      ...words('MONTHLY RATES', 40, 156),
      ...words('EE', 240, 170),
      ...words('FAMILY', 340, 170),
      ...words('Class 1', 40, 184),
      ...words('$38.20', 240, 184),
      ...words('$121.06', 340, 184),
    ];
    const page = pageOfWords(ws);
    const tables = tablesOf(page);
    expect(tables.map((t) => t.rows)).toEqual([3, 2]);
  });
});

describe('a wrapped label whose value stands level with its second line', () => {
  // a copay schedule: the description wraps, the copay is read with the lower line
  const schedule = (first: string, second: string) => [
    ...words('Periodic oral examination - established patient', 60, 100),
    ...words('No Cost', 340, 100),
    ...words(first, 60, 115),
    ...words(second, 60, 126),
    ...words('$40', 340, 126),
    ...words('Sealant - per tooth', 60, 141),
    ...words('No Cost', 340, 141),
  ];
  it.each([
    [
      'a word broken at its hyphen',
      'Endodontic therapy, premolar tooth (excluding final restora-',
      'tion)',
    ],
    ['an open parenthesis', 'Endodontic therapy, premolar tooth (excluding final', 'restoration)'],
    [
      'a word that cannot end a label',
      'Tobacco counseling for the control and prevention of',
      'oral disease',
    ],
  ])('is one row when the first line stops at %s', (_name, first, second) => {
    const t = tableOf(schedule(first, second));
    expect(t.rows).toBe(3);
    expect(text(t, 1, 0)).toBe(`${first} ${second}`);
    expect(text(t, 1, 1)).toBe('$40');
  });
  it('keeps a finished label alone above a row of its own', () => {
    const t = tableOf(schedule('Endodontic Therapy', 'molar tooth'));
    expect(t.rows).toBe(4);
  });
});

describe('a code and its copay centred on a description of three lines', () => {
  // 'D4260' and '$150' stand level with the middle line; the first line stands alone above them
  const schedule = (firstLine: string) => [
    ...words('D4249', 20, 100),
    ...words('Clinical crown lengthening – hard tissue', 52, 100),
    ...words('$405', 340, 100),
    ...words(firstLine, 52, 115),
    ...words('D4260', 20, 126),
    ...words('more contiguous teeth or bounded teeth spaces per quad-', 52, 126),
    ...words('$150', 340, 126),
    ...words('rant', 52, 137),
    ...words('D4270', 20, 152),
    ...words('Pedicle soft tissue graft procedure', 52, 152),
    ...words('$475', 340, 152),
  ];
  it('gives the first line to the row of the code below it', () => {
    const t = tableOf(schedule('Osseous surgery (including flap entry and closure) - four or'));
    const label = t.cells.find((c) => c.col === 0 && c.text.includes('D4260'));
    expect(label?.lines.map((l) => l.text)).toEqual([
      'Osseous surgery (including flap entry and closure) - four or',
      'D4260 more contiguous teeth or bounded teeth spaces per quad-',
      'rant',
    ]);
  });
  it('leaves a finished line where it stands', () => {
    const t = tableOf(schedule('Osseous surgery'));
    const label = t.cells.find((c) => c.col === 0 && c.text.includes('D4260'));
    expect(label?.lines[0]?.text).toBe(
      'D4260 more contiguous teeth or bounded teeth spaces per quad-',
    );
  });
});

describe('a coded description wrapped past its row, above or below', () => {
  // codes at the left of the label column, the description one gap right of the code, the copay
  // far right; a description's lines run to the column's width before they wrap
  const coded = (code: string, text: string, value: string, y: number) => [
    ...words(code, 20, y),
    ...words(text, 52, y),
    ...words(value, 400, y),
  ];
  const labelOf = (t: Table, code: string) =>
    t.cells.find((c) => c.col === 0 && c.text.includes(code))?.lines.map((l) => l.text);

  it.each([
    {
      name: 'a full first line over a row that goes on in lower case',
      above: 'Maxillary partial denture - cast metal framework with resin',
      code: 'D5213 denture bases (including any conventional clasps, rests',
    },
    {
      name: 'a full first line over a row that goes on in a parenthesis',
      above: 'Replacement of semi-precision or precision attachment',
      code: 'D6091 (male or female component) of implant/abutment supported',
    },
    {
      name: 'a first line ending in a broken word',
      above: 'Topical fluoride varnish; therapeutic application for moder-',
      code: 'D1206 ate to high caries risk patients',
    },
  ])('$name opens the coded row below it, inside the table and at its top', ({ above, code }) => {
    const [c, ...rest] = code.split(' ');
    const body = [
      ...coded(c!, rest.join(' '), '$65', 126),
      ...coded('D5221', 'Immediate maxillary partial denture - resin base', '$65', 140),
      ...coded('D5225', 'Maxillary partial denture - flexible base (including', '$685', 154),
    ];
    // inside: under a coded row
    const inside = tableOf([
      ...coded('D5212', 'Mandibular partial denture - resin base (including', '$65', 98),
      ...words(above, 52, 115),
      ...body,
    ]);
    expect(labelOf(inside, c!)).toEqual([above, code]);
    // at the top, under a heading set apart
    const top = pageOfWords([
      ...words('Partial Dentures (continued)', 52, 80),
      ...words(above, 52, 115),
      ...body,
    ]);
    const tables = tablesOf(top);
    expect(tables).toHaveLength(1);
    expect(labelOf(tables[0]!, c!)).toEqual([above, code]);
  });

  it('gives the last coded row the lines that go on under it in lower case', () => {
    const t = tableOf([
      ...coded('D3502', 'Surgical exposure of root surface without apicoectomy', '$70', 100),
      ...coded('D3503', 'Surgical exposure of root surface without apicoectomy', '$80', 114),
      ...coded('D3920', 'Hemisection (including any root removal), not including', '$215', 128),
      ...words('root canal therapy', 52, 139),
      ...words('Other Endodontic Procedures', 52, 170),
    ]);
    expect(labelOf(t, 'D3920')).toEqual([
      'D3920 Hemisection (including any root removal), not including',
      'root canal therapy',
    ]);
  });
});

describe('a procedure grid whose long labels run close to the first value', () => {
  // bullets set apart from the labels, and one label that ends 0.7 em short of its first value
  // (under the line grouping's split gap, over twice a word space)
  const row = (y: number, label: string, values: string[]) => [
    ...words('\u25aa', 18, y, 9),
    ...words(label, 36, y, 9),
    ...values.flatMap((v, i) => words(v, [374, 434, 486, 537][i]!, y, 9)),
  ];
  const long = 'Crowns and crown-related procedures once every five years for ages 12 and older';
  const ws = [
    ...row(100, 'Exams', ['100%', '100%', '80%', '80%']),
    ...row(114, 'Fillings', ['80%', '80%', '50%', '50%']),
    ...row(128, long, ['50%', '50%', '50%', '50%']),
    ...row(142, 'Implants', ['50%', '50%', '50%', '50%']),
    ...row(156, 'Bridgework', ['50%', '50%', '50%', '50%']),
  ];

  it.each([
    [0, 'Exams', '100%'],
    [2, long, '50%'],
    [4, 'Bridgework', '50%'],
  ])('row %i reads %j with %j beside it', (r, label, first) => {
    const t = tableOf(ws);
    expect(t.cols).toBe(5);
    expect(text(t, r, 0)).toBe(label);
    expect(text(t, r, 1)).toBe(first);
  });

  it('keeps no cell of bullets', () => {
    const t = tableOf(ws);
    expect(t.cells.some((c) => c.text.trim() === '\u25aa')).toBe(false);
  });
});

describe('a list whose value wraps over more lines than the list allows between rows', () => {
  it('keeps the value’s lines in its cell and the rows after them in the same table', () => {
    // 'Lens Options' beside a value wrapped over five lines, then two more rows of the list
    const ws = [
      ...words('Exam', 40, 100),
      ...words('Once every calendar year', 130, 100),
      ...words('Frames', 40, 114),
      ...words('Once every calendar year', 130, 114),
      ...words('Lens Options', 40, 128),
      ...words('Tints/Photochromics;', 130, 128),
      ...words('polycarbonate lenses copay', 130, 142),
      ...words('$35 for adults; polycarbonate', 130, 156),
      ...words('lenses fully covered for children;', 130, 170),
      ...words('progressive lenses copays', 130, 184),
      ...words('depending on lens type.', 130, 198),
      ...words('Frames', 40, 212),
      ...words('up to $150', 130, 212),
      ...words('Contact Lenses', 40, 226),
      ...words('up to $110', 130, 226),
    ];
    const t = tableOf(ws);
    expect(t.rows).toBe(5);
    expect(text(t, 2, 1)).toBe(
      'Tints/Photochromics; polycarbonate lenses copay $35 for adults; polycarbonate lenses fully covered for children; progressive lenses copays depending on lens type.',
    );
    expect(text(t, 4, 0)).toBe('Contact Lenses');
  });
});

describe('a heading of two lines set on the row it heads', () => {
  const bold = (ws: Word[]) => ws.map((w) => ({ ...w, bold: true }));
  it('gives its first line to the heading row, not to the row above', () => {
    const ws = [
      ...words('Hearing Care', 40, 100),
      ...words('Up to 66% off hearing aids', 220, 100),
      ...words('Not covered', 400, 100),
      ...words('LASIK or PRK', 40, 114),
      ...words('15% off retail or 5% off', 220, 114),
      ...words('Not covered', 400, 114),
      ...words('promo price', 220, 126),
      ...bold(words('ALLOWED FREQUENCY -', 220, 140)),
      ...bold(words('ALLOWED FREQUENCY -', 400, 140)),
      ...bold(words('FREQUENCY', 40, 152)),
      ...bold(words('ADULTS', 220, 152)),
      ...bold(words('KIDS', 400, 152)),
      ...words('Exam', 40, 164),
      ...words('Once every year', 220, 164),
      ...words('Once every year', 400, 164),
    ];
    const t = tableOf(ws);
    expect(text(t, 1, 1)).toBe('15% off retail or 5% off promo price');
    expect(text(t, 1, 2)).toBe('Not covered');
    expect(text(t, 2, 1)).toBe('ALLOWED FREQUENCY - ADULTS');
    expect(text(t, 2, 2)).toBe('ALLOWED FREQUENCY - KIDS');
  });

  it('keeps a bold line under a bold row as that row’s', () => {
    const ws = [
      ...bold(words('Exam', 40, 100)),
      ...bold(words('$10 copay', 220, 100)),
      ...bold(words('Up to $40', 400, 100)),
      ...bold(words('every year', 220, 112)),
      ...bold(words('Frames', 40, 126)),
      ...bold(words('$130 allowance', 220, 126)),
      ...bold(words('Up to $70', 400, 126)),
    ];
    const t = tableOf(ws);
    expect(text(t, 0, 1)).toBe('$10 copay every year');
  });
});

describe('a cell of two lines centred on a one-line row', () => {
  // a two-network chart without row rules: in-network cells of two lines stand half a line above
  // and half a line below their label and out-of-network value
  const row = (y: number, label: string, inNet: string, out: string) => [
    ...words(label, 86, y, 9),
    ...words(inNet, 383, y, 9),
    ...words(out, 456, y, 9),
  ];
  const lenses = [
    ...row(452, 'Single vision', '$25', 'All charges above $43'),
    ...row(468, 'Lenticular', '$25', 'All charges above $200'),
    ...words('$25 plus all charges', 348, 484, 9),
    ...words('Polycarbonate lenses', 86, 489, 9),
    ...words('All charges above $75', 456, 489, 9),
    ...words('above $100', 365, 495, 9),
    ...words('$25 plus all charges', 348, 511, 9),
    ...words('Photochromic lenses', 86, 516, 9),
    ...words('All charges above $150', 456, 516, 9),
    ...words('above $200', 365, 522, 9),
    ...row(538, 'Standard progressive lenses', '$25', 'All charges above $75'),
  ];
  // the first row of its table, under a heading, with a note line between it and the next row
  const frames = [
    ...words('Eyewear/Materials', 46, 295, 9),
    ...words('$25 plus all charges', 348, 313, 9),
    ...words('Eyeglass frame', 64, 318, 9),
    ...words('All charges above $100', 454, 318, 9),
    ...words('above $150', 365, 324, 9),
    ...words('One per Insured every 12 months.', 72, 340, 9),
    ...words('$25 plus all charges', 348, 355, 9),
    ...words('Plano sunglasses', 64, 361, 9),
    ...words('All charges above $100', 454, 361, 9),
    ...words('above $150', 365, 367, 9),
  ];
  const layouts = { lenses, frames };
  it.each([
    [
      'lenses',
      2,
      'Polycarbonate lenses',
      '$25 plus all charges above $100',
      'All charges above $75',
    ],
    [
      'lenses',
      3,
      'Photochromic lenses',
      '$25 plus all charges above $200',
      'All charges above $150',
    ],
    ['lenses', 4, 'Standard progressive lenses', '$25', 'All charges above $75'],
    ['frames', 0, 'Eyeglass frame', '$25 plus all charges above $150', 'All charges above $100'],
  ] as const)('%s: row %i reads %j', (layout, r, label, inNet, out) => {
    const t = tableOf(layouts[layout]);
    expect(t.cols).toBe(3);
    expect([text(t, r, 0), text(t, r, 1), text(t, r, 2)]).toEqual([label, inNet, out]);
  });

  it('keeps rows apart whose lines touch only by a tight leading', () => {
    const ws = [
      ...row(100, 'Exam', '$10', '$40'),
      ...row(107.5, 'Frames', '$130', '$50'),
      ...row(115, 'Lenses', '$25', '$30'),
    ];
    expect(tableOf(ws).rows).toBe(3);
  });
});
