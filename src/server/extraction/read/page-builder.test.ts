import { describe, expect, it } from 'vitest';
import type { Cell, Table, Word } from '../layout.ts';
import { pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import { makeLine } from './lines.ts';
import {
  framesUnruledTable,
  isFrame,
  joinCodeBetweenWrappedLines,
  joinCodedLabelWraps,
  joinRowsLeftOpen,
  joinWrappedRows,
  splitHeadingLevels,
  splitSpanningCells,
  splitUnruledColumns,
} from './page-builder.ts';
import type { Grid } from './rulings.ts';

/** An unruled table as the alignment reader gives it: one line per '\n' of each cell's text. */
const unruledTable = (rows: string[][], cols: number): Table => ({
  rows: rows.length,
  cols,
  headerRows: 0,
  page: 1,
  origin: 'alignment',
  cells: rows.flatMap((texts, r) =>
    texts.flatMap((text, col): Cell[] =>
      text
        ? [
            {
              text,
              lines: text.split('\n').map((t, i) => ({
                text: t,
                words: [],
                box: [0, r * 20 + i * 9, 50, r * 20 + i * 9 + 8],
                size: 8,
                confidence: 1,
                page: 1,
              })),
              row: r,
              col,
              rowSpan: 1,
              colSpan: 1,
              page: 1,
            },
          ]
        : [],
    ),
  ),
});

const word = (text: string, x0: number, y: number): Word => ({
  text,
  box: [x0, y, x0 + text.length * 5, y + 9],
  size: 9,
  confidence: 1,
});

/** A word of 8-point type at (x0, y), `charWidth` points to a character. */
const word8 = (text: string, x0: number, y: number, charWidth: number): Word => ({
  text,
  box: [x0, y, x0 + text.length * charWidth, y + 8],
  size: 8,
  confidence: 1,
});

/** Words of a line set from x0 one after another, a space (2 points) apart. */
const run8 = (texts: string[], x0: number, y: number, charWidth: number): Word[] => {
  let x = x0;
  return texts.map((t) => {
    const w = word8(t, x, y, charWidth);
    x = w.box[2] + 2;
    return w;
  });
};

/** The row, column and words of each grid cell. */
const cellTexts = (grid: Grid, words: Word[][]) =>
  grid.cells.map((c, i) => [c.row, c.col, words[i]!.map((w) => w.text).join(' ')]);

/**
 * A ruled table of two columns, label | value, one row per entry of `rows`: the label, then the
 * value column's runs of text, each 'text@x' at its left edge.
 */
function ruled(rows: string[][]): { grid: Grid; words: Word[][] } {
  const ys = rows.map((_, r) => r * 12).concat(rows.length * 12);
  const grid: Grid = { xs: [0, 150, 400], ys, cells: [], box: [0, 0, 400, ys.at(-1)!] };
  const words: Word[][] = [];
  rows.forEach(([label, ...values], r) => {
    grid.cells.push({ row: r, col: 0, rowSpan: 1, colSpan: 1, box: [0, r * 12, 150, r * 12 + 12] });
    words.push([word(label!, 2, r * 12 + 1)]);
    grid.cells.push({
      row: r,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
      box: [150, r * 12, 400, r * 12 + 12],
    });
    words.push(
      values.map((v) => {
        const [text, x] = v.split('@');
        return word(text!, Number(x), r * 12 + 1);
      }),
    );
  });
  return { grid, words };
}

describe('a ruled column holding two columns of text', () => {
  it('splits at the blank stripe when the text right of it lines up', () => {
    const { grid, words } = ruled([
      ['Individual', '$50@155', '$0@300'],
      ['Family', '$150@155', '$0@300'],
      ['Waiting', 'No waiting period@155'],
    ]);
    splitUnruledColumns(grid, words);
    expect(grid.xs.length).toBe(4);
    const texts = cellTexts(grid, words);
    expect(texts).toContainEqual([0, 1, '$50']);
    expect(texts).toContainEqual([0, 2, '$0']);
    expect(texts).toContainEqual([2, 1, 'No waiting period']);
  });

  it('keeps a row whose words cross the stripe in one cell over both columns', () => {
    const { grid, words } = ruled([
      ['Individual', '$50@155', '$0@300'],
      ['Family', '$150@155', '$0@300'],
      ['Note', 'Covered in full after the deductible is met@155'],
    ]);
    splitUnruledColumns(grid, words);
    expect(grid.xs.length).toBe(4);
    const note = grid.cells.findIndex((c) => c.row === 2 && c.col === 1);
    expect(grid.cells[note]!.colSpan).toBe(2);
    expect(words[note]!.map((w) => w.text)).toEqual([
      'Covered in full after the deductible is met',
    ]);
  });

  it.each([
    {
      name: 'a column one line of a short grid prints in (a frequency beside a copay) is split',
      rows: [
        ['Exam', '$15@155', 'Every calendar year@300'],
        ['Retinal screening', 'Up to $39@155'],
      ],
      split: true,
    },
    {
      name: 'one wide blank among five lines is left (a grid of more lines needs two)',
      rows: [
        ['Exam', '$15@155', 'Every calendar year@300'],
        ['Frames', '$150@155'],
        ['Lenses', '$25@155'],
        ['Contacts', '$130@155'],
        ['Laser', '15% off@155'],
      ],
      split: false,
    },
    {
      name: 'a line with two wide blanks is left (no one column it shows)',
      rows: [
        ['Exam', '$15@155', 'Every@240', 'year@330'],
        ['Retinal', 'Up to $39@155'],
      ],
      split: false,
    },
  ])('$name', ({ rows, split }) => {
    const { grid, words } = ruled(rows);
    splitUnruledColumns(grid, words);
    expect(grid.xs.length).toBe(split ? 4 : 3);
    if (split) expect(cellTexts(grid, words)).toContainEqual([0, 2, 'Every calendar year']);
  });

  it('leaves a column whose text fills one side only', () => {
    const oneSide = ruled([
      ['Exam', '$10@155'],
      ['Frames', '$150@155'],
      ['Lenses', '$25@155'],
    ]);
    splitUnruledColumns(oneSide.grid, oneSide.words);
    expect(oneSide.grid.xs.length).toBe(3);
  });

  it.each([
    // values of three plans; the middle plan's cell is empty in two lines, their text starting
    // in the column after it
    [
      [
        ['Preventive', '100%@155', '100%@230', '90%@305'],
        ['Basic', '80%@155', '80%@230', '70%@305'],
        ['Major', '50%@155', '50%@230', '40%@305'],
        ['Endo', '50%@155', '50%@230', '40%@305'],
        ['Ortho', '50%@155', 'Not Covered@305'],
        ['Implants', '50%@155', 'Not Covered@305'],
      ],
      [4, 1, '50%'],
    ],
  ])(
    'splits where most lines line up and the others start in a later column (%#)',
    (rows, cell) => {
      const { grid, words } = ruled(rows);
      splitUnruledColumns(grid, words);
      expect(grid.xs.length).toBeGreaterThanOrEqual(4);
      expect(cellTexts(grid, words)).toContainEqual(cell);
    },
  );

  it('leaves text right of the stripe that does not line up', () => {
    const { grid, words } = ruled([
      ['Individual', '$50@155', '$0@250'],
      ['Family', '$150@155', '$0@330'],
      ['Other', 'Yes@155'],
    ]);
    splitUnruledColumns(grid, words);
    expect(grid.xs.length).toBe(3);
  });
});

describe('a bar of headings at two levels in one ruled cell', () => {
  // 'Non-Orthodontics' centred over 'Network | Non-Network', 'Orthodontics' over the next two
  const grid: Grid = {
    xs: [0, 150, 220, 290, 360, 430],
    ys: [0, 24, 36],
    cells: [
      { row: 0, col: 0, rowSpan: 1, colSpan: 5, box: [0, 0, 430, 24] },
      { row: 1, col: 0, rowSpan: 1, colSpan: 1, box: [0, 24, 150, 36] },
      { row: 1, col: 1, rowSpan: 1, colSpan: 4, box: [150, 24, 430, 36] },
    ],
    box: [0, 0, 430, 36],
  };
  const at = (text: string, x0: number, y: number) => word8(text, x0, y, 4);
  const words: Word[][] = [
    [
      at('NON-ORTHODONTICS', 188, 2),
      at('ORTHODONTICS', 331, 2),
      at('NETWORK', 156, 13),
      at('NON-NETWORK', 226, 13),
      at('NETWORK', 296, 13),
      at('NON-NETWORK', 366, 13),
    ],
    [at('Individual Deductible', 2, 26)],
    [at('$50', 156, 26), at('$50', 226, 26), at('$0', 296, 26), at('$0', 366, 26)],
  ];
  it('reads one row per level, each heading over its columns', () => {
    splitHeadingLevels(grid, words);
    splitSpanningCells(grid, words);
    const cells = grid.cells.map((c, i) => [
      c.row,
      c.col,
      c.colSpan,
      words[i]!.map((w) => w.text).join(' '),
    ]);
    expect(grid.ys).toHaveLength(4);
    expect(cells).toContainEqual([0, 1, 2, 'NON-ORTHODONTICS']);
    expect(cells).toContainEqual([0, 3, 2, 'ORTHODONTICS']);
    expect(cells).toContainEqual([1, 1, 1, 'NETWORK']);
    expect(cells).toContainEqual([1, 4, 1, 'NON-NETWORK']);
    expect(cells).toContainEqual([2, 4, 1, '$0']);
  });
});

describe('a ruled row wrapped over a rule', () => {
  const cellOf = (row: number, col: number, text: string): Cell => ({
    text,
    lines: [
      {
        text,
        box: [col * 100, row * 12, col * 100 + 90, row * 12 + 9],
        words: [word(text, col * 100, row * 12)],
        size: 9,
        confidence: 1,
        page: 1,
      },
    ],
    box: [col * 100, row * 12, col * 100 + 100, row * 12 + 12],
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  const table = (rows: string[][]): Table => ({
    rows: rows.length,
    cols: rows[0]!.length,
    cells: rows.flatMap((r, i) => r.map((t, j) => cellOf(i, j, t))),
    headerRows: 0,
    page: 1,
    origin: 'rulings',
  });

  it('joins a row that goes on in lower case in every cell to the row above', () => {
    const t = table([
      ['Individual Deductible', '$50'],
      ['Annual Maximum Benefit (The total benefit', '$1500 per person'],
      ['payable by the plan.)', 'per Calendar Year'],
      ['Waiting Period', 'None'],
    ]);
    joinWrappedRows(t);
    expect(t.rows).toBe(3);
    expect(t.cells.filter((c) => c.row === 1).map((c) => c.text)).toEqual([
      'Annual Maximum Benefit (The total benefit\npayable by the plan.)',
      '$1500 per person\nper Calendar Year',
    ]);
    expect(t.cells.filter((c) => c.row === 2).map((c) => c.text)).toEqual([
      'Waiting Period',
      'None',
    ]);
  });

  it('joins a row whose values close the parentheses the values above left open', () => {
    const t = table([
      ['Annual Maximum', '$1,100', '$700'],
      ['Annual', '$50 (Max', '$100 (Max'],
      ['Deductible', '3x/Fam)', '3x/Fam)'],
      ['Preventive', '100%', '80%'],
    ]);
    joinWrappedRows(t);
    expect(t.rows).toBe(3);
    expect(t.cells.filter((c) => c.row === 1).map((c) => c.text)).toEqual([
      'Annual\nDeductible',
      '$50 (Max\n3x/Fam)',
      '$100 (Max\n3x/Fam)',
    ]);
  });

  it('keeps rows that start a label of their own or follow a finished sentence', () => {
    const t = table([
      ['Exams', 'Covered in full.'],
      ['fluoride', 'twice a year'],
      ['Sealants', '$10'],
    ]);
    joinWrappedRows(t);
    expect(t.rows).toBe(3);
  });
});

describe('services and their payment in one ruled cell, line for line', () => {
  it('splits the lines at the stripe and moves a heading that starts inside it to the values', () => {
    const grid: Grid = {
      xs: [0, 400],
      ys: [0, 12, 48],
      cells: [
        { row: 0, col: 0, rowSpan: 1, colSpan: 1, box: [0, 0, 400, 12] },
        { row: 1, col: 0, rowSpan: 1, colSpan: 1, box: [0, 12, 400, 48] },
      ],
      box: [0, 0, 400, 48],
    };
    const words: Word[][] = [
      [word('When using a Participating Dentist', 290, 1)],
      [
        word('Oral exam', 20, 13),
        word('$0', 330, 13),
        word('Preventive cleaning', 20, 25),
        word('$0', 330, 25),
        word('Sealants per tooth', 20, 37),
        word('10%', 330, 37),
      ],
    ];
    splitUnruledColumns(grid, words);
    const cells = cellTexts(grid, words);
    expect(cells).toEqual([
      [0, 0, ''],
      [0, 1, 'When using a Participating Dentist'],
      [1, 0, 'Oral exam Preventive cleaning Sealants per tooth'],
      [1, 1, '$0 $0 10%'],
    ]);
  });
});

describe('amounts set close together under the columns a ruled cell spans', () => {
  // label | Network | Non-Network | Network | Non-Network, the value cell spanning the four
  const grid = (): Grid => ({
    xs: [0, 150, 180, 220, 290, 360, 430],
    ys: [0, 12, 36],
    cells: [
      { row: 0, col: 0, rowSpan: 1, colSpan: 1, box: [0, 0, 150, 12] },
      { row: 0, col: 1, rowSpan: 1, colSpan: 2, box: [150, 0, 220, 12] },
      { row: 0, col: 3, rowSpan: 1, colSpan: 1, box: [220, 0, 290, 12] },
      { row: 0, col: 4, rowSpan: 1, colSpan: 1, box: [290, 0, 360, 12] },
      { row: 0, col: 5, rowSpan: 1, colSpan: 1, box: [360, 0, 430, 12] },
      { row: 1, col: 0, rowSpan: 1, colSpan: 1, box: [0, 12, 150, 36] },
      { row: 1, col: 1, rowSpan: 1, colSpan: 5, box: [150, 12, 430, 36] },
    ],
    box: [0, 0, 430, 36],
  });
  const at = (text: string, x0: number, y: number) => word8(text, x0, y, 3.2);
  const run = (text: string, x0: number, y: number) => run8(text.split(' '), x0, y, 3.2);
  const header = [[at('Annual', 2, 2)], ...[152, 222, 292, 362].map((x) => [at('NETWORK', x, 2)])];
  const read = (value: Word[]) => {
    const g = grid();
    const words = [...header, [at('Annual Maximum', 2, 14)], value];
    splitSpanningCells(g, words);
    return g.cells
      .map((c, i) => [c.row, c.col, words[i]!.map((w) => w.text).join(' ')] as const)
      .filter(([row]) => row === 1)
      .map(([, col, text]) => `${col}: ${text}`);
  };
  it.each([
    [
      'four amounts on two lines, each column its own',
      [
        ...run('$2000 per person per', 152, 14),
        ...run('$2000 per person', 222, 14),
        ...run('$2000 per person', 292, 14),
        ...run('$2000 per person', 362, 14),
        ...run('Calendar Year', 152, 24),
        ...run('per Calendar Year', 222, 24),
        ...run('per Lifetime', 292, 24),
        ...run('per Lifetime', 362, 24),
      ],
      [
        '0: Annual Maximum',
        '1: $2000 per person per Calendar Year',
        '3: $2000 per person per Calendar Year',
        '4: $2000 per person per Lifetime',
        '5: $2000 per person per Lifetime',
      ],
    ],
    [
      'a note running across the columns stays whole',
      run('No waiting period applies to any of the services in this plan at all', 152, 14),
      [
        '0: Annual Maximum',
        '1: No waiting period applies to any of the services in this plan at all',
      ],
    ],
    [
      'one amount with its words across the columns stays whole',
      run('$1,500 per person per calendar year for all services combined here', 160, 14),
      [
        '0: Annual Maximum',
        '1: $1,500 per person per calendar year for all services combined here',
      ],
    ],
  ])('%s', (_name, value, cells) => {
    expect(read(value)).toEqual(cells);
  });
});

describe('a label and a short amount in one ruled cell across the value columns', () => {
  // 'Annual maximum   $1,000' in a row drawn without the line between the networks: the label
  // over its column, the amount over the rest
  const at = (text: string, x0: number) => word8(text, x0, 14, 5);
  it.each([
    ['an amount at the left of the first value column spans to the end', '$1,000', 152, 2],
    ['an amount centred in the first value column stays in it', '$1,000', 205, 1],
    ['a word at the left of the first value column stays in it', 'Covered', 152, 1],
  ])('%s', (_name, text, x0, span) => {
    const g: Grid = {
      xs: [0, 150, 290, 430],
      ys: [0, 12, 36],
      cells: [
        { row: 0, col: 0, rowSpan: 1, colSpan: 1, box: [0, 0, 150, 12] },
        { row: 0, col: 1, rowSpan: 1, colSpan: 1, box: [150, 0, 290, 12] },
        { row: 0, col: 2, rowSpan: 1, colSpan: 1, box: [290, 0, 430, 12] },
        { row: 1, col: 0, rowSpan: 1, colSpan: 3, box: [0, 12, 430, 36] },
      ],
      box: [0, 0, 430, 36],
    };
    const words = [
      [word('Services', 2, 2)],
      [word('In-network', 152, 2)],
      [word('Out-of-network', 292, 2)],
      [at('Annual', 2), at('maximum', 40), at(text, x0)],
    ];
    splitSpanningCells(g, words);
    const value = g.cells.findIndex((c) => c.row === 1 && c.col === 1);
    expect(words[value]!.map((w) => w.text).join(' ')).toBe(text);
    expect(g.cells[value]!.colSpan).toBe(span);
  });
});

describe('amounts set close together under left-aligned columns', () => {
  // '$1500 per person $1500 per person' over 'per Lifetime per Lifetime', the rule between the
  // networks not drawn in that row: each network's value starts where its column's values start
  const at = (text: string, x0: number, y: number) => word8(text, x0, y, 5);
  const run = (texts: string[], x0: number, y: number) => run8(texts, x0, y, 5);
  it.each([
    ['values starting at their columns split', 232, 232, 2],
    ['a second value not starting where its column does stays one cell', 240, 232, 1],
  ])('%s', (_name, headerX, valueX, parts) => {
    const g: Grid = {
      xs: [0, 150, 230, 320],
      ys: [0, 12, 36],
      cells: [
        { row: 0, col: 0, rowSpan: 1, colSpan: 1, box: [0, 0, 150, 12] },
        { row: 0, col: 1, rowSpan: 1, colSpan: 1, box: [150, 0, 230, 12] },
        { row: 0, col: 2, rowSpan: 1, colSpan: 1, box: [230, 0, 320, 12] },
        { row: 1, col: 1, rowSpan: 1, colSpan: 2, box: [150, 12, 320, 36] },
      ],
      box: [0, 0, 320, 36],
    };
    const words = [
      [at('Maximum', 2, 2)],
      [at('Network', 152, 2)],
      [at('Non-Network', headerX, 2)],
      [
        ...run(['$1500', 'per', 'person'], 152, 14),
        ...run(['$1500', 'per', 'person'], valueX, 14),
        ...run(['per', 'Lifetime'], 152, 24),
        ...run(['per', 'Lifetime'], valueX, 24),
      ],
    ];
    splitSpanningCells(g, words);
    const values = g.cells.flatMap((c, i) =>
      c.row === 1 ? [words[i]!.map((w) => w.text).join(' ')] : [],
    );
    expect(values).toHaveLength(parts);
    if (parts === 2)
      expect(values).toEqual(['$1500 per person per Lifetime', '$1500 per person per Lifetime']);
  });

  it('leaves one cell where a phrase runs on across the columns below the amounts', () => {
    // '90%  80%' over 'Child(ren) (applies to all levels)', one note under both networks
    const g: Grid = {
      xs: [0, 150, 230, 320],
      ys: [0, 12, 36],
      cells: [
        { row: 0, col: 1, rowSpan: 1, colSpan: 1, box: [150, 0, 230, 12] },
        { row: 0, col: 2, rowSpan: 1, colSpan: 1, box: [230, 0, 320, 12] },
        { row: 1, col: 1, rowSpan: 1, colSpan: 2, box: [150, 12, 320, 36] },
      ],
      box: [0, 0, 320, 36],
    };
    const words = [
      [at('Network', 152, 2)],
      [at('Non-Network', 232, 2)],
      [
        at('90%', 152, 14),
        at('80%', 232, 14),
        ...run(['Child', '(applies', 'to'], 152, 24),
        ...run(['all', 'levels)'], 235, 24),
      ],
    ];
    splitSpanningCells(g, words);
    expect(g.cells.filter((c) => c.row === 1)).toHaveLength(1);
  });
});

describe('a ruled frame round a page is no table', () => {
  /** A table of cells, each given as its number of lines. */
  const table = (...lineCounts: number[]): Table => ({
    rows: lineCounts.length,
    cols: 2,
    headerRows: 0,
    page: 1,
    origin: 'rulings',
    cells: lineCounts.map((n, i) => {
      const lines = Array.from({ length: n }, (_, k) => ({
        text: `line ${k}`,
        words: [],
        box: [0, k * 10, 100, k * 10 + 9] as [number, number, number, number],
        size: 9,
        confidence: 1,
        page: 1,
      }));
      return {
        text: lines.map((l) => l.text).join('\n'),
        lines,
        row: i,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        page: 1,
      } satisfies Cell;
    }),
  });
  it.each([
    ['a banner, a body of 30 lines, a page number', [1, 30, 1], true],
    ['one cell of 12 lines alone', [12], true],
    ['a body of 11 lines: a long cell, not a frame', [1, 11, 1], false],
    ['a long cell beside other cells of several lines', [30, 3, 4], false],
    ['a grid of many short cells', [1, 1, 1, 1, 1, 1, 1, 1], false],
    ['a frame with more than six filled cells', [30, 1, 1, 1, 1, 1, 1], false],
  ])('%s → %s', (_name, counts, expected) => {
    expect(isFrame(table(...(counts as number[])))).toBe(expected);
  });
  it.each([
    // a category whose label lists many procedures, its coverage beside it
    ['a long label with a percentage in its row is a grid row', 1, '50% after deductible', false],
    ['the same line in a row of its own is a page number', 2, '50% after deductible', true],
    ['a word beside the long cell is no value', 1, 'Continued', true],
  ])('%s', (_name, row, text, expected) => {
    const t = table(2, 16, 1);
    t.cells[2] = { ...t.cells[2]!, row, col: 1, text };
    expect(isFrame(t)).toBe(expected);
  });
});

describe('a ruled frame cutting a page-wide unruled table into tall columns', () => {
  /** A cell whose lines start at the given heights. */
  const cell = (row: number, col: number, ys: number[]): Cell => {
    const lines = ys.map((y) => ({
      text: `t${y}`,
      words: [],
      box: [0, y, 50, y + 9] as [number, number, number, number],
      size: 9,
      confidence: 1,
      page: 1,
    }));
    return {
      text: lines.map((l) => l.text).join('\n'),
      lines,
      row,
      col,
      rowSpan: 1,
      colSpan: 1,
      page: 1,
    };
  };
  const ys = (n: number, step = 15, from = 80) =>
    Array.from({ length: n }, (_, k) => from + k * step);
  const table = (
    cells: Cell[],
    box: [number, number, number, number] = [10, 10, 387, 590],
  ): Table => ({
    rows: 3,
    cols: 3,
    headerRows: 0,
    page: 1,
    origin: 'rulings',
    box,
    cells,
  });
  it.each([
    [
      'codes | descriptions | copays level with each other under a banner, over a footer',
      table([
        cell(0, 1, [30]),
        cell(1, 0, ys(20)),
        cell(1, 1, ys(24, 12.5)),
        cell(1, 2, ys(20)),
        cell(2, 1, [580]),
      ]),
      true,
    ],
    [
      'a real table: its other rows hold cells of several lines (a vision grid)',
      table([
        cell(0, 0, [30, 40]),
        cell(0, 1, [30, 40]),
        cell(1, 0, ys(19)),
        cell(1, 1, ys(17)),
        cell(1, 2, ys(16)),
      ]),
      false,
    ],
    [
      'lines that do not stand level: prose beside prose',
      table([cell(0, 1, [30]), cell(1, 0, ys(20, 15, 80)), cell(1, 1, ys(20, 15, 87))]),
      false,
    ],
    [
      'a grid over part of the page only',
      table([cell(0, 1, [30]), cell(1, 0, ys(20)), cell(1, 1, ys(20))], [10, 10, 200, 590]),
      false,
    ],
  ])('%s → %s', (_name, t, expected) => {
    expect(framesUnruledTable(t, 396, 612)).toBe(expected);
  });
});

describe('a name wrapped under its coded row in a schedule', () => {
  /** A table from rows of cell texts, one line a cell. */
  const tableOf = (rows: string[][]) => unruledTable(rows, 4);
  const labels = (t: Table) =>
    t.cells.filter((c) => c.col === 0).map((c) => c.text.replace(/\n/g, ' / '));
  it.each([
    [
      'a wrapped name joins its row',
      [
        ['Treatment of Root Canal Obstruction', 'D3331', '$145', '$211'],
        ['Incomplete Endodontic Therapy -', 'D3332', '$193', '$449'],
        ['Inoperable/Fractured', '', '', ''],
        ['Internal Root Repair', 'D3333', '$186', '$184'],
      ],
      [
        'Treatment of Root Canal Obstruction',
        'Incomplete Endodontic Therapy - / Inoperable/Fractured',
        'Internal Root Repair',
      ],
    ],
    [
      'a category bar between coded rows stays a row',
      [
        ['Veneer Repair', 'D2983', '$65', '$123'],
        ['Type III – Endodontics', '', '', ''],
        ['Pulp Cap - Direct', 'D3110', '$20', '$67'],
        ['Pulp Cap - Indirect', 'D3120', '$16', '$42'],
      ],
      ['Veneer Repair', 'Type III – Endodontics', 'Pulp Cap - Direct', 'Pulp Cap - Indirect'],
    ],
    [
      'a heading that names a group of services stays a row',
      [
        ['Closure of Salivary Fistula', 'D7983', '$933', '$2,138'],
        ['Type - Miscellaneous Services', '', '', ''],
        ['I - Palliative (Emergency) Treatment of Pain', 'D9110', '$19', '$83'],
      ],
      [
        'Closure of Salivary Fistula',
        'Type - Miscellaneous Services',
        'I - Palliative (Emergency) Treatment of Pain',
      ],
    ],
    [
      'no code column: nothing joins',
      [
        ['Exams', '100%', '80%', ''],
        ['Cleanings', '100%', '80%', ''],
        ['twice a year', '', '', ''],
        ['Fillings', '80%', '60%', ''],
      ],
      ['Exams', 'Cleanings', 'twice a year', 'Fillings'],
    ],
  ])('%s', (_name, rows, expected) => {
    const t = tableOf(rows);
    joinCodedLabelWraps(t);
    expect(labels(t)).toEqual(expected);
  });
});

describe('a label wrapped round its values in a table without rules', () => {
  it('is one row', () => {
    const w = wordsAt;
    const ws = [
      ...w('Lenses', 44, 100),
      ...w('In-network', 330, 100),
      ...w('Out-of-network', 450, 100),
      ...w('Single vision', 44, 120),
      ...w('$0', 330, 120),
      ...w('Above $43', 450, 120),
      ...w('Lined bifocal', 44, 135),
      ...w('$0', 330, 135),
      ...w('Above $60', 450, 135),
      ...w('Photochromic lenses (for', 44, 150),
      ...w('Above $160', 330, 156),
      ...w('Above $115', 450, 156),
      ...w('children only)', 44, 162),
      ...w('Lenticular', 44, 177),
      ...w('$0', 330, 177),
      ...w('Above $200', 450, 177),
    ];
    const t = tablesOf(pageOfWords(ws))[0]!;
    const row = t.cells.find((c) => c.text.startsWith('Photochromic'))!;
    expect(row.text.replace(/\n/g, ' ')).toBe('Photochromic lenses (for children only)');
    const values = t.cells.filter((c) => c.row === row.row && c.col > row.col).map((c) => c.text);
    expect(values).toEqual(['Above $160', 'Above $115']);
  });
});

/** A table of lines, one grid row per entry, each cell's text at its column's left edge. */
function lineTable(rows: string[][]): Table {
  const cells: Cell[] = [];
  rows.forEach((texts, r) => {
    texts.forEach((text, col) => {
      const words = text ? wordsAt(text, col * 100 + 2, r * 12 + 1) : [];
      cells.push({
        text,
        lines: words.length ? [makeLine(words, 1)] : [],
        box: [col * 100, r * 12, col * 100 + 100, r * 12 + 12],
        row: r,
        col,
        rowSpan: 1,
        colSpan: 1,
        page: 1,
      });
    });
  });
  const cols = Math.max(...rows.map((r) => r.length));
  return { rows: rows.length, cols, cells, headerRows: 0, page: 1, origin: 'rulings' };
}

const rowTexts = (t: Table) =>
  Array.from({ length: t.rows }, (_, r) =>
    t.cells
      .filter((c) => c.row === r)
      .sort((a, b) => a.col - b.col)
      .map((c) => c.text.replace(/\n/g, ' ')),
  );

describe('a grid whose rows are its lines', () => {
  it.each([
    [
      'values left open take in the lines below, the label left open by a dash its own',
      [
        ['', '100% of', '100% of'],
        ['Type A –'],
        ['', 'Negotiated', 'Negotiated'],
        ['Preventive'],
        ['', 'Fee*', 'Fee*'],
        ['Type B – Basic', '80%', '70%'],
      ],
      [
        ['Type A – Preventive', '100% of Negotiated Fee*', '100% of Negotiated Fee*'],
        ['Type B – Basic', '80%', '70%'],
      ],
    ],
    [
      'a finished row keeps the row below apart',
      [
        ['Exam', '$10', '$20'],
        ['', 'Covered in full', 'Covered'],
      ],
      [
        ['Exam', '$10', '$20'],
        ['', 'Covered in full', 'Covered'],
      ],
    ],
    [
      'an amount below opens a row of its own',
      [
        ['', '50% of', '50% of'],
        ['Major', '$50', '$60'],
      ],
      [
        ['', '50% of', '50% of'],
        ['Major', '$50', '$60'],
      ],
    ],
  ])('%s', (_, rows, expected) => {
    const t = lineTable(rows);
    joinRowsLeftOpen(t);
    expect(rowTexts(t)).toEqual(expected);
  });

  it('joins a heading wrapped beside network headings, its last line drawn across the grid', () => {
    const t = lineTable([
      ['Annual', '', 'Out-of-', '', 'Out-of-'],
      ['Maximum', 'In-Network', 'Network', 'In-Network', 'Network'],
      ['Benefit'],
      ['Per Person', '$3,000', '$3,000', '$1,500', '$1,500'],
    ]);
    t.cells.find((c) => c.row === 2 && c.col === 0)!.colSpan = 5;
    joinRowsLeftOpen(t);
    expect(rowTexts(t)).toEqual([
      ['Annual Maximum Benefit', 'In-Network', 'Out-of- Network', 'In-Network', 'Out-of- Network'],
      ['Per Person', '$3,000', '$3,000', '$1,500', '$1,500'],
    ]);
  });
});

describe('a procedure code printed between the wrapped lines of its name', () => {
  const tableOf = (rows: string[][]) => unruledTable(rows, 2);
  const rowsOf = (t: Table) =>
    [...Array(t.rows).keys()].map((r) =>
      t.cells.filter((c) => c.row === r).map((c) => c.text.replace(/\n/g, ' / ')),
    );
  const head = [
    ['D1310 Nutritional counseling for control of dental disease', 'No Cost'],
    ['D1330 Oral hygiene instructions', 'No Cost'],
    ['D1351 Sealant - per tooth', 'No Cost'],
  ];
  it.each([
    [
      'the name’s last line, with the values, joins the coded line',
      [
        ['Tobacco counseling for the control and prevention of oral\nD1320', ''],
        ['disease', 'No Cost'],
      ],
      [['Tobacco counseling for the control and prevention of oral / D1320 / disease', 'No Cost']],
    ],
    [
      'a name opening with its code, its values level with its next line, is one row with it',
      [
        ['D3352 Apexification/Recalcification- interim medication', ''],
        [
          'replacement (apical closure/calcific repair of\nperforations, root resorption)',
          'No Cost',
        ],
      ],
      [
        [
          'D3352 Apexification/Recalcification- interim medication / replacement (apical closure/calcific repair of / perforations, root resorption)',
          'No Cost',
        ],
      ],
    ],
    [
      'a row in capitals after a coded line without values is a heading of its own',
      [
        ['D1999 Unspecified preventive procedure', ''],
        ['Restorative Services', 'No Cost'],
      ],
      [['D1999 Unspecified preventive procedure'], ['Restorative Services', 'No Cost']],
    ],
    [
      'a coded row of its own after it stays apart',
      [
        ['Sealant repair - per tooth\nD1353', ''],
        ['D1354 Interim caries arresting medicament', 'No Cost'],
      ],
      [
        ['Sealant repair - per tooth / D1353'],
        ['D1354 Interim caries arresting medicament', 'No Cost'],
      ],
    ],
  ])('%s', (_name, rows, expected) => {
    const t = tableOf([...head, ...rows]);
    joinCodeBetweenWrappedLines(t);
    expect(rowsOf(t).slice(head.length)).toEqual(expected);
  });
});
