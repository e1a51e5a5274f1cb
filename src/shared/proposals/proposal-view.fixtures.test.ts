import { describe, expect, it, vi } from 'vitest';
import { loadProposalFixtures } from '../../../tests/support/proposal-fixtures.ts';
import type { CellView } from './cell-view.ts';
import { type ParsedData, parsedDataSchema } from './parsed-data.ts';
import { buildProposalView } from './proposal-view.ts';
import type { ClassView, NetworkRowView, ProposalView } from './view-types.ts';

/**
 * The display model on every fixture's expected parsed data. Expectations are computed from the
 * truth files by hand-written rules (spec §3), not from the model's own helpers.
 */

const productNames: Record<string, [string, string]> = {
  dental: ['dentalInsurance', 'Dental Insurance'],
  vision: ['visionInsurance', 'Vision Insurance'],
};

interface TruthRow {
  table: string;
  cells: Map<string, string>; // column → value
}

/** Truth rows of every table in document order (a table may be split over several items). */
function truthRows(data: ParsedData): TruthRow[] {
  return data.flatMap((item) => {
    if (item.type !== 'table') return [];
    const rows = new Map<number, Map<string, string>>();
    for (const cell of [...item.cells].sort((a, b) => a.row - b.row)) {
      const row = rows.get(cell.row) ?? new Map<string, string>();
      row.set(cell.label.slice(item.label.length + 1), cell.value);
      rows.set(cell.row, row);
    }
    return [...rows.values()].map((cells) => ({ table: item.label, cells }));
  });
}

function classRows(rows: TruthRow[], table: string, className: string): TruthRow[] {
  return rows.filter((r) => r.table === table && r.cells.get('class') === className);
}

function rowLabel(row: NetworkRowView): string {
  return row.label.value;
}

function rowValues(row: NetworkRowView): string[] {
  return row.kind === 'span'
    ? [row.value.value]
    : [row.inNetwork?.value ?? '', row.outOfNetwork?.value ?? ''];
}

/** Every CellView in the model. */
function allCells(view: ProposalView): CellView[] {
  const cells: CellView[] = [];
  const content = (c: Omit<ClassView, 'key' | 'name'>) => {
    for (const g of c.fieldGroups) for (const f of g.fields) cells.push(f.cell);
    for (const t of c.tables) {
      for (const f of t.fields) cells.push(f.cell);
      for (const r of t.rows) for (const cell of r.cells) if (cell) cells.push(cell);
    }
    for (const n of c.networkTables) {
      for (const s of n.subTables) {
        for (const r of s.rows) {
          if (r.label.kind === 'cell') cells.push(r.label);
          if (r.detail) cells.push(r.detail);
          if (r.kind === 'span') cells.push(r.value);
          else for (const v of [r.inNetwork, r.outOfNetwork]) if (v) cells.push(v);
        }
      }
    }
  };
  for (const p of view.products) {
    content(p);
    for (const k of p.classes) content(k);
  }
  return cells;
}

const ortho = /ortho/i;

describe.each(loadProposalFixtures())('$id', (fixture) => {
  const truth = parsedDataSchema.parse(fixture.truth);
  const rows = truthRows(truth);
  const log = vi.fn();
  const view = buildProposalView(fixture.truth, { log });

  it('shows the manifest products, Dental Insurance before Vision Insurance', () => {
    const expected = ['dental', 'vision']
      .filter((p) => fixture.products.includes(p))
      .map((p) => productNames[p]!);
    expect(view.products.map((p) => [p.key, p.name])).toEqual(expected);
    expect(log).not.toHaveBeenCalled();
  });

  it("shows the product's carrier name and effective date as product fields", () => {
    for (const product of view.products) {
      const fields = truth.filter(
        (i) => i.type === 'field' && i.label.startsWith(`${product.key}_`),
      );
      expect(product.fieldGroups.flatMap((g) => g.fields.map((f) => f.cell.value))).toEqual(
        fields.map((f) => (f.type === 'field' ? f.value : '')),
      );
      expect(product.fieldGroups[0]?.fields.map((f) => f.label)).toEqual([
        'Carrier',
        'Effective Date',
      ]);
    }
  });

  it("has one class section per distinct 'class' value, in order of appearance", () => {
    for (const product of view.products) {
      const classes = [
        ...new Set(
          rows
            .filter((r) => r.table.startsWith(`${product.key}_`))
            .map((r) => r.cells.get('class')),
        ),
      ];
      expect(product.classes.map((c) => c.name)).toEqual(classes);
      expect(product.tables).toEqual([]);
      expect(product.networkTables).toEqual([]);
    }
    const dentalClasses = view.products[0]?.classes.length ?? 0;
    expect([dentalClasses, view.products[1]?.classes.length]).toContain(fixture.classes);
  });

  it('puts every rate tier row in its class table', () => {
    for (const product of view.products) {
      for (const cls of product.classes) {
        const expected = classRows(rows, `${product.key}_rateTiers`, cls.name);
        const table = cls.tables.find((t) => t.title === 'Rate Tiers');
        expect(table?.rows.length ?? 0).toBe(expected.length);
        const tierColumn = table?.columns.findIndex((c) => c.key === 'rateTier') ?? -1;
        expect(table?.rows.map((r) => r.cells[tierColumn]?.value)).toEqual(
          expected.map((r) => r.cells.get('rateTier')),
        );
        // A value shown once above the grid holds for every tier of the class.
        for (const f of table?.fields ?? []) {
          const column = f.key.split(':').at(-1)!;
          for (const r of expected) expect(r.cells.get(column)).toBe(f.cell.value);
        }
      }
    }
  });

  it('shows plan information and benefit frequency as fields of each class', () => {
    for (const product of view.products) {
      for (const cls of product.classes) {
        for (const [section, title] of [
          ['planInformation', 'Plan Information'],
          ['benefitFrequency', 'Benefit Frequency'],
        ]) {
          const expected = classRows(rows, `${product.key}_${section}`, cls.name).flatMap((r) =>
            [...r.cells].filter(([column]) => column !== 'class').map(([, value]) => value),
          );
          const group = cls.fieldGroups.find((g) => g.title === title);
          expect((group?.fields ?? []).map((f) => f.cell.value).sort()).toEqual(expected.sort());
        }
      }
    }
  });

  it('splits dental covered services into coverage and orthodontics, one row per service type', () => {
    const dental = view.products.find((p) => p.key === 'dentalInsurance');
    for (const cls of dental?.classes ?? []) {
      const expected = classRows(rows, 'dentalInsurance_coveredServices', cls.name);
      const network = cls.networkTables.find((n) => n.title === 'Covered Services');
      expect(network?.columns).toEqual(['Benefit', 'In-Network', 'Out-of-Network']);
      const sub = (title: string) => network?.subTables.find((s) => s.title === title)?.rows ?? [];
      const isOrtho = (r: TruthRow) => [...r.cells.values()].some((v) => ortho.test(v));

      const coverage = sub('Coverage');
      expect(coverage.map((r) => r.key.endsWith(':coverage'))).not.toContain(false);
      expect(coverage.length).toBe(expected.filter((r) => !isOrtho(r)).length);
      for (const row of coverage) {
        expect(rowLabel(row)).not.toMatch(ortho);
        expect(row.detail?.value ?? '').not.toMatch(ortho);
      }
      const orthoServices = sub('Orthodontics').filter((r) => r.key.endsWith(':coverage'));
      expect(orthoServices.length).toBe(expected.filter(isOrtho).length);
      for (const row of orthoServices) expect(rowLabel(row)).toMatch(ortho);

      // Coverage levels in order, and in-network = out-of-network shown as one spanning value.
      const services = [...coverage, ...orthoServices];
      const byOrder = [...expected.filter((r) => !isOrtho(r)), ...expected.filter(isOrtho)];
      for (const [i, row] of services.entries()) {
        const inValue = byOrder[i]!.cells.get('coverageLevelInNetwork');
        const outValue = byOrder[i]!.cells.get('coverageLevelOutOfNetwork');
        expect(row.kind).toBe(inValue !== undefined && inValue === outValue ? 'span' : 'split');
        expect(rowValues(row)).toEqual(
          row.kind === 'span' ? [inValue] : [inValue ?? '', outValue ?? ''],
        );
      }
      // The orthodontic lifetime maximum is shown only in the orthodontics part.
      for (const r of expected.filter((row) =>
        row.cells.has('orthodonticLifetimeMaximumInNetwork'),
      )) {
        const shown = sub('Orthodontics').find((row) =>
          rowLabel(row).startsWith('Orthodontic Lifetime Maximum'),
        );
        expect(shown && rowValues(shown)).toContain(
          r.cells.get('orthodonticLifetimeMaximumInNetwork'),
        );
      }
    }
  });

  it('shows the vision benefit summary with the spec columns, one row per service line', () => {
    const vision = view.products.find((p) => p.key === 'visionInsurance');
    for (const cls of vision?.classes ?? []) {
      const expected = classRows(rows, 'visionInsurance_benefitSummary', cls.name);
      const network = cls.networkTables.find((n) => n.title === 'Benefit Summary');
      expect(network?.columns).toEqual(['Services & Materials', 'In-Network', 'Out-of-Network']);
      const shown = network?.subTables.flatMap((s) => s.rows) ?? [];
      expect(shown.map(rowLabel)).toEqual(expected.map((r) => r.cells.get('servicesAndMaterials')));
      for (const [i, row] of shown.entries()) {
        const inValue = expected[i]!.cells.get('inNetworkCost');
        const outValue = expected[i]!.cells.get('outOfNetworkReimbursement');
        expect(rowValues(row)).toEqual(
          inValue === outValue ? [inValue] : [inValue ?? '', outValue ?? ''],
        );
      }
    }
  });

  it('shows every value of the truth somewhere (nothing is lost)', () => {
    const shown = allCells(view).map((c) => c.value);
    const values = [
      ...truth.flatMap((i) => (i.type === 'field' ? [i.value] : [])),
      ...rows.flatMap((r) => [...r.cells].filter(([c]) => c !== 'class').map(([, v]) => v)),
    ];
    for (const value of values) {
      expect(
        shown.some((s) => s === value || s.includes(` – ${value}`) || s.startsWith(`${value} – `)),
        value,
      ).toBe(true);
    }
  });

  it('gives siblings unique keys (React lists)', () => {
    const unique = (keys: string[]) => expect(new Set(keys).size).toBe(keys.length);
    const content = (c: Omit<ClassView, 'key' | 'name'>) => {
      for (const list of [c.fieldGroups, c.tables, c.networkTables]) unique(list.map((x) => x.key));
      for (const g of c.fieldGroups) unique(g.fields.map((f) => f.key));
      for (const t of c.tables) {
        unique(t.fields.map((f) => f.key));
        unique(t.columns.map((x) => x.key));
        unique(t.rows.map((r) => r.key));
        for (const r of t.rows) expect(r.cells).toHaveLength(t.columns.length);
      }
      for (const n of c.networkTables) {
        unique(n.subTables.map((x) => x.key));
        for (const sub of n.subTables) unique(sub.rows.map((r) => r.key));
      }
    };
    unique(view.products.map((p) => p.key));
    for (const p of view.products) {
      content(p);
      unique(p.classes.map((c) => c.key));
      for (const c of p.classes) content(c);
    }
  });

  it('shades every cell by its score (truth scores are all 1)', () => {
    const cells = allCells(view);
    expect(cells.length).toBeGreaterThan(10);
    for (const c of cells) expect([c.shade, c.confidence]).toEqual(['score-100', 'high']);
  });

  it('shades by the lowest score of the cells a value shows, whatever the scores', () => {
    // Give every value its own score, n/100 for the n-th cell.
    let n = 0;
    const rescored = truth.map((item) =>
      item.type === 'field'
        ? { ...item, score: (n++ % 101) / 100 }
        : { ...item, cells: item.cells.map((c) => ({ ...c, score: (n++ % 101) / 100 })) },
    );
    const scores = new Set(
      rescored.flatMap((i) => (i.type === 'field' ? [i.score] : i.cells.map((c) => c.score))),
    );
    for (const c of allCells(buildProposalView(rescored))) {
      expect(scores.has(c.score)).toBe(true);
      expect(c.shade).toBe(`score-${Math.round(c.score * 100)}`);
      expect(c.confidence).toBe(c.score >= 0.9 ? 'high' : c.score >= 0.6 ? 'medium' : 'low');
    }
  });

  it('drops the rows that lose their class, logging each one', () => {
    const log = vi.fn();
    const stripped = truth.map((item) =>
      item.type === 'table'
        ? { ...item, cells: item.cells.filter((c) => !(c.row === 0 && c.label.endsWith('_class'))) }
        : item,
    );
    const tables = truth.filter((i) => i.type === 'table').length;
    const result = buildProposalView(stripped, { log });
    expect(log).toHaveBeenCalledTimes(tables);
    for (const call of log.mock.calls) expect(call).toEqual(['Could not find class for table row']);
    const rateTiers = result.products.flatMap((p) =>
      p.classes.flatMap((c) =>
        c.tables.filter((t) => t.title === 'Rate Tiers').flatMap((t) => t.rows),
      ),
    );
    const truthRateTiers = rows.filter((r) => r.table.endsWith('_rateTiers')).length;
    const rateTierTables = truth.filter(
      (i) => i.type === 'table' && i.label.endsWith('_rateTiers'),
    );
    expect(rateTiers.length).toBe(truthRateTiers - rateTierTables.length);
  });
});
