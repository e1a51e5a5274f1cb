import type { ParsedCell, ParsedField, ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout } from '../layout.ts';
import MODEL from './calibration-model.json' with { type: 'json' };
import { type Method, REASONS, type Reasons } from './evidence.ts';
import { holdsTwoValues, suspicious } from './scoring.ts';
import {
  DENTAL_CATEGORY,
  DENTAL_VISION_WORD,
  OTHER_BENEFIT,
  type Product,
  productsNamed,
  VISION_SERVICE,
  valueFitsSlot,
} from './vocabulary.ts';

/**
 * Scores that mean probabilities: the last stage of interpretation. Every value the reading
 * chose (a field, a table cell, a row's key) is described by features — how it was found (the
 * heuristic score of scoring.ts), what slot it fills, whether it has its slot's shape, whether
 * the domain's constraints hold around it (out-of-network pays no more than in-network, the
 * family deductible is at least the individual one, the rows of a table agree in shape) and how
 * much of the document the reading filled — and a logistic regression over those features,
 * trained on labelled real documents by scripts/extraction/train-calibration.ts (weights in
 * calibration-model.json), gives the probability that the value is right.
 */

/** The columns that identify a row (as the scorer and the review screen key rows). */
const KEYS: Record<string, string[]> = {
  dentalInsurance_planInformation: ['class'],
  visionInsurance_planInformation: ['class'],
  dentalInsurance_rateTiers: ['class', 'rateTier'],
  visionInsurance_rateTiers: ['class', 'rateTier'],
  dentalInsurance_coveredServices: ['class', 'serviceTypeLabel'],
  visionInsurance_benefitSummary: ['class', 'servicesAndMaterials'],
  visionInsurance_benefitFrequency: ['class'],
};

/** The slot groups a value may fill; each is one feature. */
const GROUPS: Array<[string, RegExp]> = [
  ['carrier', /_carrierName$/],
  ['effectiveDate', /_effectiveDate$/],
  ['key', /^\(key\)$/],
  [
    'planFact',
    /^(planName|classDefinition|contributionStructure|minimumHoursPerWeek|childEligibilityAges)$/,
  ],
  ['coverage', /^coverageLevel/],
  ['deductible', /Deductible/],
  ['maximum', /^policyYearMaximum/],
  ['ortho', /^orthodontic/],
  ['persons', /^coveredPersons/],
  ['serviceText', /^serviceType(Title|List)$/],
  ['visionCost', /^(inNetworkCost|outOfNetworkReimbursement)$/],
  ['frequency', /^(examination|lensesOrContactLenses|frame)$/],
  ['rate', /Rate|Contribution|rateGuarantee|policyYear$|premium/],
];

/** How a value was found (evidence.ts); fallback and default are one feature. */
const METHODS = ['cell', 'keyValue', 'split', 'prose', 'heading', 'derived', 'fallback'] as const;
const methodOf = (m: Method | undefined) =>
  m === 'default' ? 'fallback' : (m as (typeof METHODS)[number] | undefined);

export const FEATURES = [
  'bias',
  'heuristic',
  ...GROUPS.map(([g]) => `slot:${g}`),
  'hasPercent',
  'hasMoney',
  'longText',
  'suspicious',
  'rowFill',
  'columnFill',
  'sameAsColumn',
  'tableRows',
  'manyClasses',
  'documentValues',
  'labelKnown',
  'valueIsLabel',
  'constraintBroken',
  'shapeAgrees',
  'extraWords',
  'twoValues',
  'labelWords',
  'tableLabelsKnown',
  'topCategory',
  ...METHODS.map((m) => `method:${m}`),
  'propagated',
  'ocr',
  'misread',
  'doubt',
  'untrusted',
  'shapeMisfit',
  'slotMisfit',
  'orderBroken',
  'agreement',
  'documentOcr',
  'documentHeuristic',
  'keyHeuristic',
  'amountInCell',
  'docPages',
  'docTables',
  'docAmounts',
  'docAmountsUsed',
  'docOnTopic',
  'docOffTopic',
  'pageOnTopic',
  'pageOffTopic',
  'pageOtherProduct',
  'pageNamesProduct',
  'productShare',
  'tableHeuristic',
  'tablePages',
  'rowsPerClass',
  'tableTopShare',
  'tableOnTopic',
  'tableOtherProduct',
  'tableNamesProduct',
  'pageAmountsUsed',
  'regionAmountsUsed',
  'tableBroken',
  'tableMisfit',
  'documentBroken',
] as const;

/**
 * What the reading can tell of the whole document, beside the values it chose: how long it is,
 * how many amounts it prints and which of them the reading used, and what each page is about.
 * A summary of one plan reads well; a thirty-page employer guide whose pages are mostly about
 * medical, life and savings plans, whose amounts the reading mostly passed over, is a document
 * the engine understood less of, and what it read there is less sure.
 */
export interface DocumentSignals {
  pages: number;
  tables: number;
  /** The distinct amounts ($, %) the document prints, normalised as amountKey does. */
  amounts: string[];
  /** Per page (1-based) the share of its lines about dental or vision and about other benefits. */
  topics: Record<number, PageTopic>;
  /** The same shares over the document. */
  topic: PageTopic;
  /** Per page (1-based) the distinct amounts it prints. */
  pageAmounts?: Record<number, string[]>;
  /** Each table the reader found: its page, box and the distinct amounts it prints. */
  regions?: Array<{ page: number; box: [number, number, number, number]; amounts: string[] }>;
}

export interface PageTopic {
  on: number;
  off: number;
  /** The products the page names ('dental', 'vision'). */
  products: Product[];
  /** How many of its lines name each product. */
  named: Record<Product, number>;
}

const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?|\b\d{1,3}(?:\.\d+)?\s?%/g;
/** '$1,500.00' and '$1,500' are one amount. */
const amountKey = (a: string) => a.replace(/\s+/g, '').replace(/\.00$/, '');
const amountsIn = (text: string) => (text.match(AMOUNT) ?? []).map(amountKey);

interface LineTopic {
  on: boolean;
  off: boolean;
  named: Product[];
}

function lineTopicOf(line: string): LineTopic {
  return {
    on: DENTAL_VISION_WORD.test(line),
    off: OTHER_BENEFIT.test(line),
    named: productsNamed(line),
  };
}

/** What lines are about; `read` answers for one line (a reading reads each line once). */
function topicOf(lines: string[], read: (line: string) => LineTopic = lineTopicOf): PageTopic {
  const n = Math.max(1, lines.length);
  const topics = lines.map(read);
  return {
    on: topics.filter((t) => t.on).length / n,
    off: topics.filter((t) => t.off).length / n,
    products: [...new Set(topics.flatMap((t) => t.named))],
    named: {
      dental: topics.filter((t) => t.named.includes('dental')).length,
      vision: topics.filter((t) => t.named.includes('vision')).length,
    },
  };
}

/** The document signals of a layout (the reader's output the reading was made from). */
export function documentSignals(layout: DocumentLayout): DocumentSignals {
  const all: string[] = [];
  const topics: Record<number, PageTopic> = {};
  const pageAmounts: Record<number, string[]> = {};
  const regions: NonNullable<DocumentSignals['regions']> = [];
  let tables = 0;
  // a line's topic is read for its page and again for the document: once
  const known = new Map<string, LineTopic>();
  const read = (line: string) => {
    let t = known.get(line);
    if (!t) {
      t = lineTopicOf(line);
      known.set(line, t);
    }
    return t;
  };
  for (const page of layout.pages) {
    const lines: string[] = [];
    for (const block of page.blocks) {
      if (block.kind === 'line') lines.push(block.line.text);
      else {
        tables++;
        const text = block.table.cells.map((c) => c.text);
        for (const t of text) lines.push(...t.split('\n'));
        if (block.table.box)
          regions.push({
            page: block.table.page,
            box: block.table.box,
            amounts: [...new Set(amountsIn(text.join('\n')))],
          });
      }
    }
    topics[page.number] = topicOf(lines, read);
    pageAmounts[page.number] = [...new Set(amountsIn(lines.join('\n')))];
    all.push(...lines);
  }
  return {
    pages: layout.pages.length,
    tables,
    amounts: [...new Set(amountsIn(all.join('\n')))],
    topics,
    topic: topicOf(all, read),
    pageAmounts,
    regions,
  };
}

/** Signals from the values alone, when the layout is not at hand: every amount printed was used. */
function signalsOfItems(all: Array<ParsedField | ParsedCell>): DocumentSignals {
  const topic = topicOf(all.map((v) => v.value));
  return {
    pages: Math.max(1, ...all.map((v) => v.source?.page ?? 1)),
    tables: 0,
    amounts: [...new Set(all.flatMap((v) => amountsIn(v.value)))],
    topics: {},
    topic,
  };
}

export interface Unit {
  /** Where the unit's score goes: the item, and the cells (a key's cells share one score). */
  item: number;
  cells: number[];
  group: string;
  features: number[];
}

const logit = (p: number) => {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
};

const PERCENT = /\d\s?%/;
const AMOUNT_GROUPS = new Set(['coverage', 'deductible', 'maximum', 'ortho', 'visionCost', 'rate']);
/** Words printed beside an amount ('$50/$150 Excludes Class I': three). */
const wordsBeside = (v: string) =>
  v
    .replace(/\$?\s?\d[\d,.]*\s?%?/g, ' ')
    .split(/[^a-z]+/i)
    .filter((w) => w.length > 1 && !/^(per|and|or|the|of|to|up|in|copay|coinsurance)$/i.test(w))
    .length;
/** The broad categories a dental plan's grid is made of, or a category code ('Class II'). */
const TOP_CATEGORY =
  /\b(preventive|preventative|diagnostic|basic|major|orthodont\w*|ortho)\b|\b(type|class|group|category)\s+([ivx]{1,4}|[a-d1-4])\b/i;
const MONEY = /\$\s?\d/;
const percentOf = (v: string | undefined) => {
  const m = v?.match(/^\s*(\d{1,3})(\.\d+)?\s?%/);
  return m ? Number(m[1]) : undefined;
};
const moneyOf = (v: string | undefined) => {
  const m = v?.match(/\$\s?(\d[\d,]*)/);
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
};

/** The shape a column's values share: percent, money, words. */
const shapeOf = (v: string) => (PERCENT.test(v) ? 'p' : MONEY.test(v) ? 'm' : 'w');

/** Columns' groups met already (a document's tables share a few dozen columns). */
const groups = new Map<string, string>();

function groupOf(column: string): string {
  let out = groups.get(column);
  if (out === undefined) {
    out = 'other';
    for (const [g, re] of GROUPS)
      if (re.test(column)) {
        out = g;
        break;
      }
    if (groups.size < 10_000) groups.set(column, out);
  }
  return out;
}

/** A domain constraint the value breaks, in its row. */
function constraintBroken(
  column: string,
  row: { get: (column: string) => string | undefined },
): boolean {
  const v = row.get(column);
  if (column === 'coverageLevelOutOfNetwork') {
    const o = percentOf(v);
    const i = percentOf(row.get('coverageLevelInNetwork'));
    if (o !== undefined && i !== undefined && o > i) return true;
  }
  const fam = /^policyYearDeductibleFamily(In|OutOf)Network$/.exec(column);
  if (fam) {
    const f = moneyOf(v);
    const i = moneyOf(row.get(`policyYearDeductibleIndividual${fam[1]}Network`));
    if (f !== undefined && i !== undefined && f < i) return true;
  }
  // a deductible larger than the yearly maximum, or a percentage where money belongs
  if (/Deductible|Maximum/.test(column) && PERCENT.test(v ?? '') && !MONEY.test(v ?? ''))
    return true;
  if (/^coverageLevel/.test(column) && MONEY.test(v ?? '') && !PERCENT.test(v ?? '')) {
    const label = row.get('serviceTypeLabel') ?? '';
    if (/deductible|maximum/i.test(label)) return true;
  }
  return false;
}

/** A dental category's rank in the order coinsurance falls: preventive 0, basic 1, major 2. */
function categoryRank(label: string): number | undefined {
  if (/\b(preventive|preventative|diagnostic|type\s+(a|1|i)|class\s+(i|1|a))\b/i.test(label))
    return 0;
  if (/\b(basic|restorative|type\s+(b|2|ii)|class\s+(ii|2|b))\b/i.test(label)) return 1;
  if (/\b(major|prosthodontic\w*|type\s+(c|3|iii)|class\s+(iii|3|c))\b/i.test(label)) return 2;
  return undefined;
}

/** A rate tier's rank: one person 0, two (employee and spouse or child) 1, family 2. */
function tierRank(label: string): number | undefined {
  const t = label.toLowerCase();
  if (/famil|\bfa\b|\bef\b|\+\s*(2|two)|three party|children\b.*spouse|spouse.*children/.test(t))
    return 2;
  if (/spouse|child|\+\s*(1|one)|\bes\b|\bec\b|\bsp\b|\bch\b|two party|couple|\+/.test(t)) return 1;
  if (/only|single|individual|employee|member|subscriber|\bee\b|\beo\b|one party|self/.test(t))
    return 0;
  return undefined;
}

type RowCells = Map<string, { value: string; score: number; cell: number }>;

/**
 * Whether a value breaks the order its column keeps across rows of one class: coinsurance falls
 * from preventive to basic to major; a rate rises with its tier.
 */
function orderBroken(
  column: string,
  row: RowCells,
  rows: RowCells[],
  rank: (label: string) => number | undefined,
  labelColumn: string,
  numberOf: (v: string | undefined) => number | undefined,
  rising: boolean,
): boolean {
  const mine = rank(row.get(labelColumn)?.value ?? '');
  const v = numberOf(row.get(column)?.value);
  if (mine === undefined || v === undefined) return false;
  const cls = row.get('class')?.value ?? '';
  return rows.some((r) => {
    if (r === row || (r.get('class')?.value ?? '') !== cls) return false;
    const other = rank(r.get(labelColumn)?.value ?? '');
    const w = numberOf(r.get(column)?.value);
    if (other === undefined || w === undefined || other === mine) return false;
    const up = other > mine ? w - v : v - w;
    return rising ? up < 0 : up > 0;
  });
}

const rateOf = (v: string | undefined) => {
  const m = v?.match(/\$?\s?(\d[\d,]*\.\d{2})\b/);
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
};

/** Whether the centre of box b lies in box a. */
const containsCentre = (a: number[], b: number[]) => {
  const x = (b[0]! + b[2]!) / 2;
  const y = (b[1]! + b[3]!) / 2;
  return x >= a[0]! && x <= a[2]! && y >= a[1]! && y <= a[3]!;
};

const reasonsOf = (x: object): Reasons | undefined => (x as { [REASONS]?: Reasons })[REASONS];

/** A function of a text that reads each text once. */
function onceEach<S extends string | undefined, T>(f: (text: S) => T): (text: S) => T {
  const seen = new Map<S, T>();
  return (text) => {
    if (seen.has(text)) return seen.get(text) as T;
    const out = f(text);
    seen.set(text, out);
    return out;
  };
}

/**
 * The units of parsed data with their features, in item order. Features named in `unused` (a
 * model that weighs them 0) are left at 0 instead of being worked out; training asks for all.
 */
export function unitsOf(
  items: ParsedItem[],
  signals?: DocumentSignals,
  unused: ReadonlySet<string> = new Set(),
): Unit[] {
  const wanted = (...names: Array<(typeof FEATURES)[number]>) => names.some((f) => !unused.has(f));
  // the shares of broken and misfit values in a table and the document are made of the
  // values' own order, constraint, shape and slot features
  const brokenWanted = wanted('tableBroken', 'tableMisfit', 'documentBroken');
  const orderWanted = brokenWanted || wanted('orderBroken');
  const slotWanted = brokenWanted || wanted('slotMisfit');
  const coverageWanted = wanted('pageAmountsUsed', 'regionAmountsUsed');
  const units: Unit[] = [];
  const total = items.reduce((n, i) => n + (i.type === 'table' ? i.cells.length : 1), 0);
  const documentValues = Math.log1p(total) / 6;
  const all: Array<ParsedField | ParsedCell> = items.flatMap(
    (i): Array<ParsedField | ParsedCell> => (i.type === 'table' ? i.cells : [i]),
  );
  const allReasons = all.flatMap((v) => {
    const r = reasonsOf(v);
    return r ? [r] : [];
  });
  const documentOcr = allReasons.length
    ? allReasons.filter((r) => r.reading < 0.999).length / allReasons.length
    : 0;
  const documentHeuristic = all.length
    ? all.reduce((a, v) => a + logit(v.score), 0) / all.length / 3
    : 0;
  // where each value is printed: the same value read at several places agrees with itself
  const places = new Map<string, Set<string>>();
  const placeKey = onceEach((value: string) => value.trim().toLowerCase().replace(/\s+/g, ' '));
  for (const v of all) {
    const k = placeKey(v.value);
    const at = v.source ? `${v.source.page}:${v.source.box?.map(Math.round).join(',') ?? ''}` : '';
    places.set(k, (places.get(k) ?? new Set()).add(at));
  }
  const agreementOf = (value: string) =>
    Math.log1p((places.get(placeKey(value))?.size ?? 1) - 1) / 2;
  const sig = signals ?? signalsOfItems(all);
  const read = new Set(all.flatMap((v) => amountsIn(v.value)));
  /**
   * The share of amounts printed that the reading used, counted for as much of the document as
   * was read from its text: on pages read by OCR a misread amount ('$1,5O0') is no amount the
   * reading passed over, so there the share says nothing (1, no doubt) and the values' own OCR
   * confidence ranks them.
   */
  const usedOf = (amounts: string[]) =>
    (amounts.filter((a) => read.has(a)).length / amounts.length) * (1 - documentOcr) + documentOcr;
  const docFeatures = [
    Math.log1p(sig.pages) / 3,
    Math.log1p(sig.tables) / 3,
    Math.log1p(sig.amounts.length) / 5,
    sig.amounts.length ? usedOf(sig.amounts) : 1,
    sig.topic.on,
    sig.topic.off,
  ];
  /** The page features of a value: what its page is about, and whether it names another product. */
  // one answer per page and product (read-only: spread into each value's features)
  const pages = new Map<string, number[]>();
  const pageOf = (v: ParsedField | ParsedCell, product: Product | undefined) => {
    const key = `${v.source ? v.source.page : ''}|${product ?? ''}`;
    let out = pages.get(key);
    if (!out) {
      out = pageOfOnce(v, product);
      pages.set(key, out);
    }
    return out;
  };
  const pageOfOnce = (v: ParsedField | ParsedCell, product: Product | undefined) => {
    const t = (v.source && sig.topics[v.source.page]) || sig.topic;
    const other = product && t.products.length > 0 && !t.products.includes(product) ? 1 : 0;
    const own = product && t.products.includes(product) ? 1 : 0;
    const named = sig.topic.named.dental + sig.topic.named.vision;
    const share = product && named ? sig.topic.named[product] / named : 0.5;
    return [t.on, t.off, other, own, share];
  };
  /**
   * How much of the value's page, and of the table the reader found around it, the reading
   * explained: the share of the distinct amounts printed there that some value read holds. A
   * reading that passed over most of a page's amounts understood little of that page.
   */
  const usedShare = new Map<string[], number>();
  const used = (amounts: string[] | undefined) => {
    if (!amounts?.length) return undefined;
    // one share per page or region, not one per value printed there
    let share = usedShare.get(amounts);
    if (share === undefined) {
      share = usedOf(amounts);
      usedShare.set(amounts, share);
    }
    return share;
  };
  const coverageOf = (v: ParsedField | ParsedCell) => {
    if (!coverageWanted) return [0, 0];
    const page = v.source?.page;
    const pageUsed =
      (page === undefined ? undefined : used(sig.pageAmounts?.[page])) ?? docFeatures[3]!;
    const box = v.source?.box;
    const region = box
      ? sig.regions?.find((r) => r.page === page && containsCentre(r.box, box))
      : undefined;
    return [pageUsed, (region ? used(region.amounts) : undefined) ?? pageUsed];
  };
  const doc = {
    documentOcr,
    documentHeuristic,
    agreementOf,
    docFeatures,
    pageOf,
    coverageOf,
    unused,
  };
  // a value's rank or number, read once per text (the order checks compare each row with all)
  const ranks = {
    category: onceEach(categoryRank),
    tier: onceEach(tierRank),
    percent: onceEach(percentOf),
    rate: onceEach(rateOf),
  };
  items.forEach((item, index) => {
    if (item.type === 'field') {
      const group = groupOf(item.label);
      units.push({
        item: index,
        cells: [],
        group,
        features: features(group, item.score, item.value, reasonsOf(item), doc, {
          page: doc.pageOf(item, productOf(item.label)),
          coverage: doc.coverageOf(item),
          table: [logit(item.score) / 3, 0, 0, 0, 0, 0, 0],
          slotMisfit:
            !slotWanted || valueFitsSlot(item.label.replace(/^[a-z]+Insurance_/, ''), item.value)
              ? 0
              : 1,
          orderBroken: 0,
          keyHeuristic: 0,
          rowFill: 1,
          columnFill: 1,
          sameAsColumn: 0,
          tableRows: 0,
          manyClasses: 0,
          documentValues,
          labelKnown: 0,
          valueIsLabel: 0,
          constraintBroken: 0,
          shapeAgrees: 1,
          labelWords: 0,
          tableLabelsKnown: 0,
          topCategory: 0,
        }),
      });
      return;
    }
    const prefix = `${item.label}_`;
    const product = productOf(item.label);
    const keys = KEYS[item.label] ?? ['class'];
    const rows = new Map<number, Map<string, { value: string; score: number; cell: number }>>();
    item.cells.forEach((c, ci) => {
      const column = c.label.startsWith(prefix) ? c.label.slice(prefix.length) : c.label;
      const row = rows.get(c.row) ?? new Map();
      if (!row.has(column) && c.value.trim())
        row.set(column, { value: c.value, score: c.score, cell: ci });
      rows.set(c.row, row);
    });
    const rowList = [...rows.values()];
    const classes = new Set(rowList.map((r) => r.get('class')?.value.toLowerCase() ?? ''));
    const columns = new Set(rowList.flatMap((r) => [...r.keys()]));
    const nonKey = [...columns].filter((c) => !keys.includes(c));
    const columnValues = new Map<string, string[]>();
    for (const col of nonKey)
      columnValues.set(
        col,
        rowList.flatMap((r) => (r.get(col) ? [r.get(col)!.value] : [])),
      );
    // how often each shape and each value stands in each column, once per table
    const shapesOf = new Map<string, Map<string, number>>();
    const countsOf = new Map<string, Map<string, number>>();
    for (const [col, values] of columnValues) {
      const shapes = new Map<string, number>();
      const counts = new Map<string, number>();
      for (const v of values) {
        const shape = shapeOf(v);
        shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      shapesOf.set(col, shapes);
      countsOf.set(col, counts);
    }
    const tableRows = Math.log1p(rowList.length) / 4;
    const manyClasses = classes.size > 1 ? 1 : 0;
    const labels = new Map<(typeof rowList)[number], string>();
    const labelOf = (row: (typeof rowList)[number]) => {
      let label = labels.get(row);
      if (label === undefined) {
        label =
          [...keys]
            .reverse()
            .map((k) => row.get(k)?.value)
            .find(Boolean) ?? '';
        labels.set(row, label);
      }
      return label;
    };
    const known = (l: string) => DENTAL_CATEGORY.test(l) || VISION_SERVICE.test(l);
    const tableLabelsKnown = rowList.length
      ? rowList.filter((r) => known(labelOf(r))).length / rowList.length
      : 0;
    // how well the table as a whole was understood: its scores, where it was read, its rows
    const pagesOfCells = item.cells.map((c) => doc.pageOf(c, product));
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const tableFeatures = [
      mean(item.cells.map((c) => logit(c.score))) / 3,
      Math.log1p(new Set(item.cells.flatMap((c) => (c.source ? [c.source.page] : []))).size) / 2,
      Math.log1p(rowList.length / Math.max(1, classes.size)) / 3,
      rowList.length
        ? rowList.filter((r) => TOP_CATEGORY.test(labelOf(r))).length / rowList.length
        : 0,
      mean(pagesOfCells.map((p) => p[0]!)),
      mean(pagesOfCells.map((p) => p[2]!)),
      mean(pagesOfCells.map((p) => p[3]!)),
    ];
    for (const row of rowList) {
      // the row's values by column, for its constraints
      const plain = { get: (column: string) => row.get(column)?.value };
      const filled = nonKey.filter((c) => row.has(c)).length;
      const rowFill = nonKey.length ? filled / nonKey.length : 0;
      const label = labelOf(row);
      const labelKnown = known(label) ? 1 : 0;
      const labelWords = Math.log1p(label.trim().split(/\s+/).length) / 2;
      const topCategory = TOP_CATEGORY.test(label) ? 1 : 0;
      const keyCells = keys.flatMap((k) => (row.get(k) ? [row.get(k)!] : []));
      const keyScore = keyCells.length
        ? keyCells.reduce((s, c) => s + c.score, 0) / keyCells.length
        : 0.5;
      const lastKey = keyCells.at(-1);
      const keyReasons = lastKey ? reasonsOf(item.cells[lastKey.cell]!) : undefined;
      if (keyCells.length) {
        units.push({
          item: index,
          cells: keyCells.map((c) => c.cell),
          group: 'key',
          features: features('key', keyScore, label, keyReasons, doc, {
            page: doc.pageOf(item.cells[lastKey!.cell]!, product),
            coverage: doc.coverageOf(item.cells[lastKey!.cell]!),
            table: tableFeatures,
            slotMisfit: 0,
            orderBroken: 0,
            keyHeuristic: logit(keyScore) / 3,
            rowFill,
            columnFill: 1,
            sameAsColumn: 0,
            tableRows,
            manyClasses,
            documentValues,
            labelKnown,
            valueIsLabel: 0,
            constraintBroken: 0,
            shapeAgrees: 1,
            labelWords,
            tableLabelsKnown,
            topCategory,
          }),
        });
      }
      for (const col of nonKey) {
        const cell = row.get(col);
        if (!cell) continue;
        const values = columnValues.get(col)!;
        const same = countsOf.get(col)!.get(cell.value)! - 1;
        const shapes = shapesOf.get(col)!;
        const mine = shapeOf(cell.value);
        const group = groupOf(col);
        units.push({
          item: index,
          cells: [cell.cell],
          group,
          features: features(
            group,
            cell.score,
            cell.value,
            reasonsOf(item.cells[cell.cell]!),
            doc,
            {
              page: doc.pageOf(item.cells[cell.cell]!, product),
              coverage: doc.coverageOf(item.cells[cell.cell]!),
              table: tableFeatures,
              slotMisfit: !slotWanted || valueFitsSlot(col, cell.value) ? 0 : 1,
              orderBroken:
                orderWanted &&
                ((/^coverageLevel/.test(col) &&
                  orderBroken(
                    col,
                    row,
                    rowList,
                    ranks.category,
                    'serviceTypeLabel',
                    ranks.percent,
                    false,
                  )) ||
                  (group === 'rate' &&
                    orderBroken(col, row, rowList, ranks.tier, 'rateTier', ranks.rate, true)))
                  ? 1
                  : 0,
              keyHeuristic: logit(keyScore) / 3,
              rowFill,
              columnFill: values.length / rowList.length,
              sameAsColumn: values.length > 1 ? same / (values.length - 1) : 0,
              tableRows,
              manyClasses,
              documentValues,
              labelKnown,
              valueIsLabel: cell.value.trim().toLowerCase() === label.trim().toLowerCase() ? 1 : 0,
              constraintBroken: constraintBroken(col, plain) ? 1 : 0,
              shapeAgrees: (shapes.get(mine) ?? 0) / values.length,
              labelWords,
              tableLabelsKnown,
              topCategory,
            },
          ),
        });
      }
    }
  });
  if (brokenWanted) markBroken(units);
  return units;
}

/**
 * The share of a table's values (and of the document's) that break a domain constraint or the
 * order of their column, or do not fit their slot: one misread row is a doubt about that row, many
 * are a doubt about the whole reading of the table.
 */
function markBroken(units: Unit[]) {
  const at = (f: (typeof FEATURES)[number]) => FEATURES.indexOf(f);
  const [cb, ob, sm, shm] = [
    at('constraintBroken'),
    at('orderBroken'),
    at('slotMisfit'),
    at('shapeMisfit'),
  ];
  const [tb, tm, db] = [at('tableBroken'), at('tableMisfit'), at('documentBroken')];
  const broken = (u: Unit) => (u.features[cb]! || u.features[ob]! ? 1 : 0);
  const misfit = (u: Unit) => (u.features[sm]! || u.features[shm]! ? 1 : 0);
  const values = units.filter((u) => u.group !== 'key');
  const mean = (us: Unit[], f: (u: Unit) => number) =>
    us.length ? us.reduce((a, u) => a + f(u), 0) / us.length : 0;
  const documentBroken = mean(values, (u) => Math.max(broken(u), misfit(u)));
  const byItem = new Map<number, Unit[]>();
  for (const u of values) {
    if (!u.cells.length) continue;
    const table = byItem.get(u.item);
    if (table) table.push(u);
    else byItem.set(u.item, [u]);
  }
  // each table's shares, once per table
  const shares = new Map<number, [number, number]>();
  for (const [item, table] of byItem) shares.set(item, [mean(table, broken), mean(table, misfit)]);
  for (const u of units) {
    const table = u.cells.length ? shares.get(u.item) : undefined;
    u.features[tb] = table ? table[0] : 0;
    u.features[tm] = table ? table[1] : 0;
    u.features[db] = documentBroken;
  }
}

type Context = { page: number[]; table: number[]; coverage: number[] } & Record<
  | 'rowFill'
  | 'columnFill'
  | 'sameAsColumn'
  | 'tableRows'
  | 'manyClasses'
  | 'documentValues'
  | 'labelKnown'
  | 'valueIsLabel'
  | 'constraintBroken'
  | 'shapeAgrees'
  | 'labelWords'
  | 'tableLabelsKnown'
  | 'topCategory'
  | 'slotMisfit'
  | 'orderBroken'
  | 'keyHeuristic',
  number
>;

interface DocumentContext {
  documentOcr: number;
  documentHeuristic: number;
  agreementOf: (value: string) => number;
  docFeatures: number[];
  /** Features left at 0 (see unitsOf). */
  unused: ReadonlySet<string>;
}

const productOf = (label: string): Product | undefined =>
  label.startsWith('dentalInsurance_')
    ? 'dental'
    : label.startsWith('visionInsurance_')
      ? 'vision'
      : undefined;

function features(
  group: string,
  score: number,
  value: string,
  r: Reasons | undefined,
  d: DocumentContext,
  c: Context,
): number[] {
  const words = value.trim().split(/\s+/).length;
  const method = methodOf(r?.method);
  return [
    1,
    logit(score) / 3,
    ...GROUPS.map(([g]) => (g === group ? 1 : 0)),
    PERCENT.test(value) ? 1 : 0,
    MONEY.test(value) ? 1 : 0,
    words > 8 ? 1 : 0,
    suspicious(value) ? 1 : 0,
    c.rowFill,
    c.columnFill,
    c.sameAsColumn,
    c.tableRows,
    c.manyClasses,
    c.documentValues,
    c.labelKnown,
    c.valueIsLabel,
    c.constraintBroken,
    c.shapeAgrees,
    !d.unused.has('extraWords') && AMOUNT_GROUPS.has(group) && wordsBeside(value) > 2 ? 1 : 0,
    !d.unused.has('twoValues') && (holdsTwoValues(value) || /\d\s*\/\s*\$?\d/.test(value)) ? 1 : 0,
    c.labelWords,
    c.tableLabelsKnown,
    c.topCategory,
    ...METHODS.map((m) => (m === method ? 1 : 0)),
    r?.propagated ? 1 : 0,
    r && r.reading < 0.999 ? 1 : 0,
    r ? 1 - r.reading : 0,
    r?.doubt ?? 0,
    r ? 1 - r.trust : 0,
    r && !r.shapeFits ? 1 : 0,
    c.slotMisfit,
    c.orderBroken,
    d.agreementOf(value),
    d.documentOcr,
    d.documentHeuristic,
    c.keyHeuristic,
    AMOUNT_GROUPS.has(group) && /\d/.test(value) ? 1 : 0,
    ...d.docFeatures,
    ...c.page,
    ...c.table,
    ...c.coverage,
    // tableBroken, tableMisfit, documentBroken: set by unitsOf once every unit is described
    0,
    0,
    0,
  ];
}

export interface CalibrationModel {
  features: readonly string[];
  weights: number[];
}

export function probability(model: CalibrationModel, x: number[]): number {
  let z = 0;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] ?? 0) * x[i]!;
  return 1 / (1 + Math.exp(-z));
}

const round = (p: number) => Math.round(Math.max(0.01, Math.min(0.99, p)) * 1000) / 1000;

/** Parsed data with every score replaced by the model's probability that the value is right. */
export function calibrate(
  items: ParsedItem[],
  model: CalibrationModel = MODEL as CalibrationModel,
  signals?: DocumentSignals,
): ParsedItem[] {
  const plain = <T extends object>(x: T): T => {
    const { [REASONS]: _, ...rest } = x as T & { [REASONS]?: Reasons };
    return rest as T;
  };
  const out = items.map((i) =>
    i.type === 'table' ? { ...plain(i), cells: i.cells.map(plain) } : plain(i),
  );
  // a model trained before features were added reads them with weight 0; one that knows a
  // feature the engine no longer computes is not used
  if (model.features.some((f) => !(FEATURES as readonly string[]).includes(f))) return out;
  const aligned: CalibrationModel = {
    features: FEATURES,
    weights: FEATURES.map((f) => model.weights[model.features.indexOf(f)] ?? 0),
  };
  // a feature the model weighs 0 adds nothing to a score: it is not worked out
  const unused = new Set(FEATURES.filter((_, i) => aligned.weights[i] === 0));
  for (const u of unitsOf(items, signals, unused)) {
    const p = round(probability(aligned, u.features));
    const item = out[u.item]!;
    if (item.type === 'field') item.score = p;
    else for (const ci of u.cells) item.cells[ci]!.score = p;
  }
  return out;
}
