import { tableDefinition } from '../../../shared/fields/catalogue.ts';
import type {
  ParsedCell,
  ParsedData,
  ParsedItem,
  Source as ParsedSource,
} from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout } from '../layout.ts';
import {
  classesFor,
  collectClasses,
  isClassesTable,
  pickFact,
  type ResolvedClass,
} from './classes.ts';
import { collectDental, dentalScore } from './dental.ts';
import { type AnalyzedDocument, analyzeDocument, classKey, documentProducts } from './document.ts';
import { type Evidence, evidence, propagate } from './evidence.ts';
import { type FactKind, Facts, type RateLine, type ServiceRow } from './facts.ts';
import { collectLineKeyValues, keyValuesOfTable, recordKeyValue } from './key-values.ts';
import { collectRates, collectRateTerms, isRateTable } from './rates.ts';
import { type Shape, scoreOf } from './scoring.ts';
import { minimumHours, normalizeKey } from './values.ts';
import { collectFrequency, collectVision, frequencyLayout, visionScore } from './vision.ts';
import { type Product, productsNamed } from './vocabulary.ts';

/**
 * Carrier proposal interpretation: walks the analysed document, collects facts from its tables
 * and text, then lays them out per product and class in the labels of the field catalogue.
 */

const PRODUCT_KEY: Record<Product, 'dentalInsurance' | 'visionInsurance'> = {
  dental: 'dentalInsurance',
  vision: 'visionInsurance',
};

export function collectFacts(doc: AnalyzedDocument): Facts {
  const facts = new Facts();
  collectLineKeyValues(doc, facts);
  collectRateTerms(doc, facts);
  collectHeadingPlans(doc, facts);
  let lastProduct: Product | undefined;
  for (const item of doc.items) {
    if (item.kind !== 'table') continue;
    const t = item.table;
    if (isClassesTable(t)) {
      collectClasses(t, facts);
      continue;
    }
    if (isRateTable(t)) {
      const named = productsNamed(t.caption ?? '');
      const product = t.scope.product ?? (named.length === 1 ? named[0] : undefined) ?? lastProduct;
      collectRates(t, facts, product);
      continue;
    }
    if (frequencyLayout(t)) {
      collectFrequency(t, facts);
      lastProduct = 'vision';
      continue;
    }
    const dental = dentalScore(t);
    const vision = visionScore(t);
    if (dental >= 2 && dental >= vision) {
      collectDental(t, facts);
      lastProduct = 'dental';
      continue;
    }
    if (vision >= 2) {
      collectVision(t, facts);
      lastProduct = 'vision';
      continue;
    }
    for (const kv of keyValuesOfTable(t)) {
      recordKeyValue(facts, kv.key, kv.value, kv.source[0]!, t.scope, t.order);
    }
  }
  return facts;
}

interface Emit {
  cells: ParsedCell[];
  row: number;
}

function sourceFor(e: Evidence, geometry: boolean): ParsedSource {
  const box = e.source.box;
  return geometry && box
    ? {
        page: e.source.page,
        box: box.map((v) => Math.round(v * 10) / 10) as ParsedSource['box'] & {},
      }
    : { page: e.source.page };
}

class Writer {
  readonly items: ParsedItem[] = [];
  private readonly geometry: boolean;
  constructor(geometry: boolean) {
    this.geometry = geometry;
  }

  field(label: string, e: Evidence | undefined, shape: Shape): void {
    if (!e?.value) return;
    this.items.push({
      type: 'field',
      label,
      value: e.value,
      score: scoreOf(e, shape),
      source: sourceFor(e, this.geometry),
    });
  }

  table(label: string, rows: Array<Record<string, [Evidence | undefined, Shape]>>): void {
    const def = tableDefinition(label);
    if (!def || rows.length === 0) return;
    const out: Emit = { cells: [], row: 0 };
    for (const row of rows) {
      let any = false;
      def.columns.forEach((column, col) => {
        const entry = row[column];
        const e = entry?.[0];
        if (!e?.value) return;
        any = true;
        out.cells.push({
          label: `${label}_${column}`,
          value: e.value,
          row: out.row,
          col,
          score: scoreOf(e, entry![1]),
          source: sourceFor(e, this.geometry),
        });
      });
      if (any) out.row++;
    }
    if (out.cells.length) this.items.push({ type: 'table', label, cells: out.cells });
  }
}

function sameClass(ref: string | undefined, c: ResolvedClass): boolean {
  return ref !== undefined && classKey(ref) === c.key;
}

/** Rows of a class: its own when it has any, else those printed for every class. */
function rowsForClass<T extends { scope: { classRef?: string }; order: number }>(
  rows: T[],
  c: ResolvedClass,
): T[] {
  const own = rows.filter((r) => sameClass(r.scope.classRef, c));
  const shared = rows.filter((r) => r.scope.classRef === undefined).map((r) => r);
  return (own.length ? own : shared).sort((a, b) => a.order - b.order);
}

function carried(e: Evidence | undefined, shared: boolean): Evidence | undefined {
  return e && shared ? propagate(e) : e;
}

/** The legal name of the insurer printed somewhere (footer, disclaimer), as a fallback carrier. */
function legalName(doc: AnalyzedDocument): Evidence | undefined {
  const re =
    /\b((?:[A-Z][\w&.'-]*\s+){0,6}(?:Life|Insurance|Assurance|Casualty|Indemnity|Health)(?:\s+(?:and|&)\s+[A-Z][\w]*)*\s+(?:Insurance\s+)?(?:Company|Corporation|Corp\.?|Inc\.?)(?:\s+of\s+(?:[A-Z][a-z]+\s?){1,3})?)/;
  const lines = [
    ...doc.items.flatMap((i) => (i.kind === 'line' ? [i.line] : [])),
    ...doc.furniture,
  ];
  for (const line of lines) {
    const m = line.text.match(re);
    if (m) {
      const name = m[1]!
        .replace(/^(The group policy issued by|issued by|underwritten by|by)\s+/i, '')
        .trim();
      return evidence(
        name,
        { page: line.page, box: line.box, reading: line.confidence, geometry: doc.geometry },
        'fallback',
      );
    }
  }
  return undefined;
}

function dentalServiceRows(
  facts: Facts,
  c: ResolvedClass,
): Array<Record<string, [Evidence | undefined, Shape]>> {
  const all = facts.services.filter((s) => s.scope.product === 'dental');
  const own = all.filter((s) => sameClass(s.scope.classRef, c));
  const shared = own.length === 0;
  const rows = (shared ? all.filter((s) => s.scope.classRef === undefined) : own).sort(
    (a, b) => a.order - b.order,
  );
  const seen = new Set<string>();
  const out: Array<Record<string, [Evidence | undefined, Shape]>> = [];
  const ref = c.option ?? c.name.value;
  const classWide = (kind: FactKind) => pickFact(facts, kind, 'dental', ref);
  for (const s of rows) {
    const key = normalizeKey(s.label.value);
    if (seen.has(key)) continue;
    seen.add(key);
    const cw = (kind: 'dedIndIn' | 'dedIndOut' | 'dedFamIn' | 'dedFamOut') =>
      s.own[kind] ?? propagate(classWide(kind) ?? ({} as Evidence));
    const row: Record<string, [Evidence | undefined, Shape]> = {
      class: [carried(c.name, false), 'text'],
      serviceTypeLabel: [carried(s.label, shared), 'service'],
      serviceTypeTitle: [carried(s.title, shared), 'text'],
      serviceTypeList: [carried(s.list, shared), 'text'],
      coverageLevelInNetwork: [carried(s.coverageIn, shared), 'coverage'],
      coverageLevelOutOfNetwork: [carried(s.coverageOut, shared), 'coverage'],
      policyYearDeductibleIndividualInNetwork: [valid(cw('dedIndIn')), 'amount'],
      policyYearDeductibleIndividualOutOfNetwork: [valid(cw('dedIndOut')), 'amount'],
      policyYearDeductibleFamilyInNetwork: [valid(cw('dedFamIn')), 'amount'],
      policyYearDeductibleFamilyOutOfNetwork: [valid(cw('dedFamOut')), 'amount'],
      policyYearMaximumInNetwork: [carried(classWide('maxIn'), true), 'amount'],
      policyYearMaximumOutOfNetwork: [carried(classWide('maxOut'), true), 'amount'],
    };
    if (s.orthodontic) {
      row.orthodonticLifetimeMaximumInNetwork = [carried(classWide('orthoMaxIn'), true), 'amount'];
      row.orthodonticLifetimeMaximumOutOfNetwork = [
        carried(classWide('orthoMaxOut'), true),
        'amount',
      ];
      row.coveredPersonsInNetwork = [
        s.persons ?? carried(classWide('orthoPersonsIn'), true),
        'text',
      ];
      row.coveredPersonsOutOfNetwork = [
        s.persons ?? carried(classWide('orthoPersonsOut'), true),
        'text',
      ];
    }
    out.push(row);
  }
  return out;
}

function valid(e: Evidence): Evidence | undefined {
  return e.value ? e : undefined;
}

function rateRows(
  facts: Facts,
  product: Product,
  c: ResolvedClass,
  single: boolean,
): Array<{
  tier: Evidence;
  rate?: Evidence;
  employee?: Evidence;
  employer?: Evidence;
  policyYear?: Evidence;
  shared: boolean;
}> {
  const lines = facts.rates.filter(
    (l) => l.product === product || (single && l.product === undefined),
  );
  const own = lines.filter((l) => sameClass(l.scope.classRef, c));
  const shared = lines.filter((l) => l.scope.classRef === undefined);
  const merged = new Map<string, { line: RateLine; shared: boolean; parts: RateLine[] }>();
  for (const l of [...own, ...shared].sort((a, b) => a.order - b.order)) {
    const key = normalizeKey(l.tier.value);
    const isShared = l.scope.classRef === undefined;
    const m = merged.get(key);
    if (!m) merged.set(key, { line: l, shared: isShared, parts: [l] });
    else m.parts.push(l);
  }
  // class-specific parts first, then shared ones
  return [...merged.values()].map(({ line, parts }) => {
    const sorted = [...parts].sort(
      (a, b) => Number(a.scope.classRef === undefined) - Number(b.scope.classRef === undefined),
    );
    const pick = (k: 'rate' | 'employee' | 'employer' | 'policyYear') => {
      for (const p of sorted) {
        if (p[k])
          return p.scope.classRef === undefined &&
            own.length + shared.length > 0 &&
            facts.classes.length + (facts.options.get(product)?.length ?? 0) > 1
            ? propagate(p[k]!)
            : p[k];
      }
      return undefined;
    };
    const rate = pick('rate');
    const employee = pick('employee');
    const employer = pick('employer');
    const policyYear = pick('policyYear');
    return {
      tier: line.tier,
      ...(rate ? { rate } : {}),
      ...(employee ? { employee } : {}),
      ...(employer ? { employer } : {}),
      ...(policyYear ? { policyYear } : {}),
      shared: line.scope.classRef === undefined,
    };
  });
}

export function interpretProposal(layout: DocumentLayout): ParsedData {
  const doc = analyzeDocument(layout);
  const facts = collectFacts(doc);
  const lineProducts = new Set<Product>(facts.rates.flatMap((l) => (l.product ? [l.product] : [])));
  const products = documentProducts(doc, new Set([...facts.shown, ...lineProducts]));
  const w = new Writer(doc.geometry);
  const first = doc.items[0];
  const firstSource: Evidence['source'] =
    first?.kind === 'line'
      ? {
          page: first.line.page,
          box: first.line.box,
          reading: first.line.confidence,
          geometry: doc.geometry,
        }
      : { page: 1, reading: 1, geometry: doc.geometry };
  for (const product of products) {
    const key = PRODUCT_KEY[product];
    const single = products.length === 1;
    const carrier =
      pickFact(facts, 'carrier', product) ??
      (pickFact(facts, 'underwriter', product) && {
        ...pickFact(facts, 'underwriter', product)!,
        method: 'fallback' as const,
      }) ??
      legalName(doc);
    w.field(`${key}_carrierName`, carrier, 'text');
    w.field(`${key}_effectiveDate`, pickFact(facts, 'effectiveDate', product), 'date');
    const classes = classesFor(product, facts, firstSource);
    const many = classes.length > 1;
    // plan information
    w.table(
      `${key}_planInformation`,
      classes.map((c) => {
        const ref = c.option ?? c.name.value;
        const definition =
          c.entry?.definition ?? carried(pickFact(facts, 'classDefinition', product, ref), many);
        const contribution =
          c.entry?.contribution[product] ??
          c.entry?.contribution.any ??
          carried(pickFact(facts, 'contribution', product, ref), many);
        const hours =
          c.entry?.hours ??
          pickFact(facts, 'hours', product, ref) ??
          (definition && minimumHours(definition.value)
            ? { ...definition, value: minimumHours(definition.value)!, method: 'derived' as const }
            : undefined);
        const row: Record<string, [Evidence | undefined, Shape]> = {
          class: [c.name, 'text'],
          classDefinition: [definition, 'text'],
          contributionStructure: [contribution, 'text'],
          minimumHoursPerWeek: [hours, 'hours'],
        };
        if (product === 'dental') {
          const ownPlan = facts.facts.find(
            (f) =>
              f.kind === 'planName' &&
              f.scope.classRef !== undefined &&
              classKey(f.scope.classRef) === c.key &&
              f.scope.product !== 'vision',
          )?.evidence;
          const plan =
            c.entry?.plan ??
            ownPlan ??
            (c.option ? c.name : undefined) ??
            carried(pickFact(facts, 'planName', product, ref), many);
          row.planName = [plan, 'text'];
        } else {
          row.childEligibilityAges = [
            carried(pickFact(facts, 'childAges', product, ref), many),
            'text',
          ];
        }
        return row;
      }),
    );
    if (product === 'dental') {
      w.table(
        `${key}_coveredServices`,
        classes.flatMap((c) => dentalServiceRows(facts, c)),
      );
    } else {
      w.table(
        `${key}_benefitSummary`,
        classes.flatMap((c) => {
          const lines = facts.benefits.filter((b) => b.scope.product === 'vision');
          const own = lines.filter((b) => sameClass(b.scope.classRef, c));
          const shared = own.length === 0;
          const seen = new Set<string>();
          return rowsForClass(lines, c)
            .filter((b) => {
              const k = normalizeKey(b.service.value);
              if (seen.has(k)) return false;
              seen.add(k);
              return true;
            })
            .map((b) => ({
              class: [c.name, 'text'] as [Evidence, Shape],
              servicesAndMaterials: [carried(b.service, shared), 'text'] as [Evidence, Shape],
              inNetworkCost: [carried(b.inCost, shared), 'cost'] as [Evidence | undefined, Shape],
              outOfNetworkReimbursement: [carried(b.outCost, shared), 'cost'] as [
                Evidence | undefined,
                Shape,
              ],
            }));
        }),
      );
      w.table(
        `${key}_benefitFrequency`,
        classes
          .map((c) => {
            const ref = c.option ?? c.name.value;
            const f = (k: FactKind) => carried(pickFact(facts, k, 'vision', ref), many);
            return {
              class: [c.name, 'text'] as [Evidence, Shape],
              examination: [f('freqExam'), 'frequency'] as [Evidence | undefined, Shape],
              lensesOrContactLenses: [f('freqLenses'), 'frequency'] as [
                Evidence | undefined,
                Shape,
              ],
              frame: [f('freqFrame'), 'frequency'] as [Evidence | undefined, Shape],
            };
          })
          .filter((r) => r.examination[0] || r.lensesOrContactLenses[0] || r.frame[0]),
      );
    }
    w.table(
      `${key}_rateTiers`,
      classes.flatMap((c) => {
        const ref = c.option ?? c.name.value;
        const time = carried(pickFact(facts, 'rateGuaranteeTime', product, ref), many);
        const date = carried(pickFact(facts, 'rateGuaranteeDate', product, ref), many);
        const year = carried(pickFact(facts, 'policyYear', product, ref), many);
        return rateRows(facts, product, c, single).map((r) => {
          const row: Record<string, [Evidence | undefined, Shape]> = {
            class: [c.name, 'text'],
            rateTier: [carried(r.tier, r.shared && many), 'tier'],
            carrierMonthlyRate: [r.rate, 'rate'],
            rateGuaranteeTime: [time, 'duration'],
            rateGuaranteeDate: [date, 'date'],
          };
          if (product === 'dental') {
            row.policyYear = [r.policyYear ?? year, 'text'];
            row.employerMonthlyContribution = [r.employer, 'amount'];
          } else {
            row.premiumContributions = [r.employee, 'amount'];
          }
          return row;
        });
      }),
    );
  }
  return w.items;
}

/** 'Dental – Acme PPO 1500' style headings name the plan of their section. */
function collectHeadingPlans(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line' || !item.heading) continue;
    for (const product of ['dental', 'vision'] as const) {
      const name = planFromHeading(item.line.text, product);
      if (!name) continue;
      facts.add(
        'planName',
        evidence(
          name,
          {
            page: item.line.page,
            box: item.line.box,
            reading: item.line.confidence,
            geometry: doc.geometry,
          },
          'heading',
        ),
        { product, ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}) },
        item.order,
      );
    }
  }
}

const GENERIC_SECTION =
  /^(plan )?(options?|rates?|monthly|premiums?|benefits?|summary|design|comparison|proposals?|quotes?|schedule|highlights|information|overview|coverage|plans?|renewal|exhibit|contributions?|eligibility)\b/i;

/** The plan name in a product heading, or undefined. */
export function planFromHeading(text: string, product: Product): string | undefined {
  let t = text
    .replace(/^\s*(class|tier|group)\s+\S+\s*[:–—\-|]\s*/i, '')
    .replace(/\((all classes|all coverages)\)/gi, '')
    .replace(/[–—-]\s*all classes\s*$/i, '')
    .trim();
  const m = t.match(new RegExp(`^${product}\\b\\s*([:–—\\-|])?\\s*(.*)$`, 'i'));
  if (!m) return undefined;
  t = m[2]!.replace(/[®™℠]/g, '').trim();
  if (!t || GENERIC_SECTION.test(t)) return undefined;
  if (
    !m[1] &&
    !/\d|\b(ppo|dhmo|hmo|epo|plan|option|choice|plus|select|complete|care|connect)\b/i.test(t)
  ) {
    return undefined;
  }
  return t;
}

export type { ServiceRow };
