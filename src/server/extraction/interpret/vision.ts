import type { Cell } from '../layout.ts';
import { type AnalyzedDocument, type AnalyzedTable, cellText, classRefIn } from './document.ts';
import { type Evidence, evidence, type Scope, sourceOfCell, sourceOfLines } from './evidence.ts';
import type { FactKind, Facts } from './facts.ts';
import {
  gridShape,
  groupDoubt,
  isSectionRow,
  pairedValues,
  rowLabelOf,
  spansNetworks,
  valueAt,
} from './grid.ts';
import { FREQUENCY_VALUE, frequencyItems, isOptionName, VISION_SERVICE } from './vocabulary.ts';

/**
 * Vision grids (one row per service or material, in- and out-of-network columns, sometimes a
 * frequency column) and frequency tables, row-wise (Exam | 12 months) or column-wise
 * (Exam | Lenses | Frames over one row of values).
 */

type FrequencyItem = ReturnType<typeof frequencyItems>[number];

const FREQUENCY_FACT: Record<FrequencyItem, FactKind> = {
  examination: 'freqExam',
  lensesOrContactLenses: 'freqLenses',
  frame: 'freqFrame',
};

/**
 * A frequency printed once for several items: the same value for each, or one part each when the
 * value lists as many parts ('Exam / Lenses / Frames: 12 / 12 / 24 months').
 */
export function frequencyParts(
  items: FrequencyItem[],
  value: string,
): Array<[FrequencyItem, string]> {
  const parts = value.split(/\s*\/\s*/);
  if (
    items.length >= 2 &&
    parts.length === items.length &&
    parts.every((p) => /^\d{1,2}(\s*(months?|years?))?$/i.test(p))
  ) {
    const unit = value.match(/(months?|years?)\s*$/i)?.[1];
    return items.map((item, i) => {
      const n = parts[i]!.match(/^\d+/)![0];
      return [item, unit ? `${n} ${unit}` : parts[i]!];
    });
  }
  return items.map((item) => [item, value]);
}

function addFrequency(
  facts: Facts,
  items: FrequencyItem[],
  e: Evidence,
  scope: Scope,
  order: number,
): void {
  for (const [item, value] of frequencyParts(items, e.value)) {
    facts.add(
      FREQUENCY_FACT[item],
      value === e.value ? e : { ...e, value, method: 'split' },
      scope,
      order,
    );
  }
}

function isFrequencyValue(v: string | undefined): boolean {
  return v !== undefined && FREQUENCY_VALUE.test(v) && !/\$/.test(v);
}

export function visionScore(t: AnalyzedTable): number {
  const shape = gridShape(t);
  if (shape.groups.length === 0) return 0;
  return t.body.filter((row) => {
    const label = rowLabelOf(row.cells, shape);
    return label && VISION_SERVICE.test(label.text) && !isSectionRow(row.cells, shape);
  }).length;
}

/** Row-wise or column-wise frequency table. */
export function frequencyLayout(t: AnalyzedTable): 'rows' | 'columns' | undefined {
  const headerItems = t.columns.filter(
    (c) => c.index > 0 && frequencyItems(c.heading).length,
  ).length;
  const valuesBelow = t.body.some((r) =>
    r.cells.slice(1).some((c) => FREQUENCY_VALUE.test(cellText(c))),
  );
  if (headerItems >= 2 && valuesBelow) return 'columns';
  const rowItems = t.body.filter((r) => frequencyItems(cellText(r.cells[0])).length).length;
  const rowValues = t.body.filter((r) =>
    r.cells.slice(1).some((c) => FREQUENCY_VALUE.test(cellText(c))),
  ).length;
  const costs = t.body.filter((r) => r.cells.slice(1).some((c) => /\$/.test(cellText(c)))).length;
  if (rowItems >= 2 && rowValues >= 2 && costs === 0) return 'rows';
  return undefined;
}

export function collectFrequency(t: AnalyzedTable, facts: Facts): void {
  const layout = frequencyLayout(t);
  const base: Scope = {
    product: 'vision',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  const add = (items: FrequencyItem[], cell: Cell, scope: Scope) => {
    const text = cellText(cell);
    if (text)
      addFrequency(facts, items, evidence(text, sourceOfCell(cell), 'cell'), scope, t.order);
  };
  if (layout === 'columns') {
    for (const row of t.body) {
      const ref = classRefIn(cellText(row.cells[0]));
      const scope: Scope = ref ? { product: 'vision', classRef: ref } : base;
      for (const col of t.columns) {
        const cell = row.cells[col.index];
        if (!cell || (col.index === 0 && !FREQUENCY_VALUE.test(cellText(cell)))) continue;
        add(frequencyItems(col.heading), cell, scope);
      }
    }
    return;
  }
  // rows: one value column, or one per plan option
  const valueCols = t.columns.filter((c) => c.index > 0);
  const options = valueCols.filter((c) => isOptionName(c.heading));
  if (options.length >= 2) for (const c of options) facts.addOption('vision', c.heading);
  for (const row of t.body) {
    const items = frequencyItems(cellText(row.cells[0]));
    if (items.length === 0) continue;
    for (const col of valueCols) {
      const cell = row.cells[col.index];
      if (!cell || !cellText(cell)) continue;
      const option = options.length >= 2 && isOptionName(col.heading);
      add(items, cell, option ? { product: 'vision', classRef: col.heading } : base);
      if (!option) break;
    }
  }
}

export function collectVision(t: AnalyzedTable, facts: Facts): void {
  const shape = gridShape(t);
  const base: Scope = {
    product: 'vision',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  const options = shape.groups.filter((g) => g.option);
  if (options.length >= 2) for (const g of options) facts.addOption('vision', g.option!);
  facts.shown.add('vision');
  let section = '';
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    if (!label) continue;
    // the whole label cell is the service line as printed
    const service = label.description ? `${label.text} ${label.description}` : label.text;
    if (isSectionRow(row.cells, shape)) {
      section = service;
      continue;
    }
    const freqItems = frequencyItems(service);
    const freqItem = freqItems[0];
    // a frequency line inside the grid ('Exam frequency', or rows under a 'Frequency' heading)
    const isFrequencyLine =
      /frequenc/i.test(service) ||
      (/frequenc/i.test(section) && freqItem !== undefined) ||
      (shape.groups.some((g) => isFrequencyValue(valueAt(row.cells, g.in ?? g.both)?.value)) &&
        shape.groups.every((g) => {
          const v = valueAt(row.cells, g.in ?? g.both)?.value;
          return !v || isFrequencyValue(v);
        }));
    for (const g of shape.groups) {
      const scope: Scope = g.option ? { product: 'vision', classRef: g.option } : base;
      const order = t.order + row.row / 1000;
      if (isFrequencyLine) {
        const v = valueAt(row.cells, g.in ?? g.both);
        if (v) addFrequency(facts, freqItems, v, scope, order);
        continue;
      }
      const doubt = groupDoubt(g);
      let inCost = valueAt(row.cells, g.in ?? g.both, doubt);
      let outCost =
        g.out !== undefined
          ? valueAt(row.cells, g.out, doubt)
          : g.in === undefined
            ? inCost
            : undefined;
      if (spansNetworks(row.cells, g)) outCost = inCost;
      if (g.in === undefined && g.out !== undefined) {
        inCost = valueAt(row.cells, g.both, doubt);
      }
      const paired = pairedValues(row.cells, g, doubt);
      if (paired) {
        inCost = paired.in;
        outCost = paired.out;
      }
      if (!inCost && !outCost) continue;
      facts.benefits.push({
        scope,
        order,
        service: evidence(service, label.source, 'cell'),
        ...(inCost ? { inCost } : {}),
        ...(outCost ? { outCost } : {}),
      });
      const freq = valueAt(row.cells, shape.frequencyCol);
      if (freq) addFrequency(facts, freqItems, freq, scope, order);
    }
  }
}

const FREQUENCY_PHRASE =
  /\b((?:once\s+)?every\s+(?:other\s+)?(?:\d{1,2}|twelve|twenty-four)\s+months|once\s+(?:per|a|every)\s+(?:calendar\s+|plan\s+|benefit\s+)?year|every\s+(?:other\s+)?(?:calendar|plan|benefit)\s+year)\b/i;

/**
 * Frequencies stated in running text in a vision section ('Exams and lenses once every 12
 * months; frames every 24 months'): each clause gives its phrase to the items it names.
 */
export function collectFrequencyProse(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line' || item.scope.product !== 'vision') continue;
    for (const clause of item.line.text.split(/;|(?<=\.)\s+/)) {
      const m = clause.match(FREQUENCY_PHRASE);
      if (!m) continue;
      const items = frequencyItems(clause.slice(0, m.index));
      if (items.length === 0) continue;
      const e = evidence(m[1]!, sourceOfLines([item.line]), 'prose');
      const scope: Scope = {
        product: 'vision',
        ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}),
      };
      for (const it of items) facts.add(FREQUENCY_FACT[it], e, scope, item.order);
    }
  }
}
