import { describe, expect, it } from 'vitest';
import { joinWrappedNames, unstackRows } from './stacked.ts';
import type { Unit } from './units.ts';

/** A printed row: its cells' lines (text@y), left to right. */
function row(r: number, cells: string[][]): Unit[] {
  return cells.map((lines, col) => {
    const parsed = lines.map((l) => {
      const [text, y] = l.split('@');
      return { text: text!, y: Number(y) };
    });
    return {
      order: 0,
      text: parsed.map((l) => l.text).join(' '),
      page: 1,
      kind: 'cell',
      table: 0,
      row: r,
      col,
      rowHead: parsed[0]!.text.toLowerCase(),
      colHead: '',
      tableHead: '',
      ...(parsed.length > 1 ? { lines: parsed } : {}),
    } satisfies Unit;
  });
}

const taught = new Set([
  'periodontics',
  'inlays/onlays/crowns',
  'dentures and other removable prosthetics',
  'fixed partial dentures (bridges)',
]);

const rowsOf = (units: Unit[]) =>
  [...new Set(units.map((u) => u.row))].map((r) =>
    units.filter((u) => u.row === r).map((u) => u.text),
  );

describe('rows the reader stacked in one printed row', () => {
  it.each([
    {
      name: 'three taught names beside three values level with them: three rows',
      cells: [
        [
          'Inlays/Onlays/Crowns*@560',
          'Dentures and other Removable Prosthetics@571',
          'Fixed Partial Dentures (Bridges)*@590',
        ],
        ['50%@559', '50%@570', '50%@589'],
        [
          'Limited to 1 time per tooth.@560',
          'Full Denture: limited@571',
          'No allowances@581',
          'Limited@590',
        ],
      ],
      expected: [
        [
          'Inlays/Onlays/Crowns*',
          '50%',
          'Limited to 1 time per tooth. Full Denture: limited No allowances Limited',
        ],
        ['Dentures and other Removable Prosthetics', '50%'],
        ['Fixed Partial Dentures (Bridges)*', '50%'],
      ],
    },
    {
      name: 'a name wrapped over two lines (the second no taught name): one row',
      cells: [
        ['Inlays/Onlays/Crowns@560', 'and other Restorations@571'],
        ['50%@559', '50%@570'],
      ],
      expected: [['Inlays/Onlays/Crowns and other Restorations', '50% 50%']],
    },
    {
      name: 'taught names beside values not level with them: one row',
      cells: [
        ['Periodontics@560', 'Inlays/Onlays/Crowns@571'],
        ['50%@565', '80%@585'],
      ],
      expected: [['Periodontics Inlays/Onlays/Crowns', '50% 80%']],
    },
    {
      name: 'a single line: as it is',
      cells: [['Periodontics@560'], ['50%@560']],
      expected: [['Periodontics', '50%']],
    },
  ])('$name', ({ cells, expected }) => {
    const units = row(3, cells).map((u, order) => ({ ...u, order }));
    const out = unstackRows(units, taught);
    expect(rowsOf(out)).toEqual(expected);
    expect(out.map((u) => u.order)).toEqual(out.map((_, i) => i));
  });

  it('gives each new row its own heading', () => {
    const out = unstackRows(
      row(3, [
        ['Periodontics@560', 'Inlays/Onlays/Crowns*@571'],
        ['50%@560', '80%@571'],
      ]),
      taught,
    );
    expect(out.map((u) => [u.text, u.rowHead])).toEqual([
      ['Periodontics', 'periodontics'],
      ['Inlays/Onlays/Crowns*', 'inlays/onlays/crowns'],
      ['50%', 'periodontics'],
      ['80%', 'inlays/onlays/crowns'],
    ]);
  });
});

describe('a row name wrapped onto a row of its own', () => {
  /** Rows of a table, each its cells' texts left to right ('' for no cell). */
  const table = (rows: string[][]): Unit[] =>
    rows
      .flatMap((cells, r) =>
        cells.flatMap((text, col) =>
          text ? row(r, [[`${text}@0`]]).map((u) => ({ ...u, col })) : [],
        ),
      )
      .map((u, order) => ({ ...u, rowHead: '', order }));
  it.each([
    {
      name: 'the rest closes the parenthesis the name above opened: one name',
      rows: [
        ['Restorations (Amalgam or Posterior and Anterior', '100%', '100% Multiple restorations'],
        ['Composite)'],
        ['Endodontics', '80%', '80%'],
      ],
      expected: [
        [
          'Restorations (Amalgam or Posterior and Anterior Composite)',
          '100%',
          '100% Multiple restorations',
        ],
        ['Endodontics', '80%', '80%'],
      ],
    },
    {
      name: 'the name above closed its parenthesis: as it is',
      rows: [['Dental Prophylaxis (Cleanings)', '100%'], ['Fluoride)']],
      expected: [['Dental Prophylaxis (Cleanings)', '100%'], ['Fluoride)']],
    },
    {
      name: 'the row below has values of its own: as it is',
      rows: [
        ['Restorations (Amalgam or', '100%'],
        ['Composite)', '80%'],
      ],
      expected: [
        ['Restorations (Amalgam or', '100%'],
        ['Composite)', '80%'],
      ],
    },
    {
      name: 'the rest goes on with the sentence in lower case: one name',
      rows: [
        ['Prenatal care If necessary, women are eligible to receive additional', '$0'],
        ['prophylaxis, deep cleaning (not toward the maximum)'],
      ],
      expected: [
        [
          'Prenatal care If necessary, women are eligible to receive additional prophylaxis, deep cleaning (not toward the maximum)',
          '$0',
        ],
      ],
    },
    {
      name: 'the name above ended its sentence: as it is',
      rows: [['Prenatal care: see below.', '$0'], ['prophylaxis and cleaning']],
      expected: [['Prenatal care: see below.', '$0'], ['prophylaxis and cleaning']],
    },
    {
      name: 'the lone cell closes nothing: as it is',
      rows: [['Restorations (Amalgam or', '100%'], ['Composite']],
      expected: [['Restorations (Amalgam or', '100%'], ['Composite']],
    },
  ])('$name', ({ rows, expected }) => {
    const out = joinWrappedNames(table(rows));
    expect(rowsOf(out)).toEqual(expected);
    expect(out.map((u) => u.order)).toEqual(out.map((_, i) => i));
  });

  it('gives the row its whole name as heading', () => {
    const out = joinWrappedNames(table([['Restorations (Amalgam or', '100%'], ['Composite)']]));
    expect(out.map((u) => u.rowHead)).toEqual([
      'restorations (amalgam or composite)',
      'restorations (amalgam or composite)',
    ]);
  });
});
