import { pickFact, type ResolvedClass } from './classes.ts';
import { classKey } from './document.ts';
import { type Evidence, propagate, withTrust } from './evidence.ts';
import type { FactKind, Facts, RateLine, ServiceRow } from './facts.ts';
import { rowTrust, type Shape } from './scoring.ts';
import { minimumHours, normalizeKey, withoutSentenceStop } from './values.ts';
import {
  frequenciesInLabel,
  LENS_KINDS,
  lensKindsNamed,
  PLAIN_LENSES,
  type Product,
  visionConcept,
} from './vocabulary.ts';

/**
 * Lays the collected facts out as the rows of the catalogue's tables, one class at a time. The
 * spec's rules live here: values printed for all classes repeat on every class, class-wide
 * deductibles and maximums repeat on every service row (a service's own deductible wins),
 * orthodontic maximum and covered persons go to the orthodontic row only.
 */

export type Row = Record<string, [Evidence | undefined, Shape]>;

function sameClass(ref: string | undefined, c: ResolvedClass): boolean {
  if (ref === undefined) return false;
  const key = classKey(ref);
  return key === c.key || (c.aliases ?? []).some((a) => classKey(a) === key);
}

/** A value printed once and repeated for this class. */
function carried(e: Evidence | undefined, repeated: boolean): Evidence | undefined {
  return e && repeated ? propagate(e) : e;
}

/** Rows printed for this class, else those printed for every class (and whether they are shared). */
function forClass<T extends { scope: { classRef?: string }; order: number }>(
  rows: T[],
  c: ResolvedClass,
): { rows: T[]; shared: boolean } {
  const own = rows.filter((r) => sameClass(r.scope.classRef, c));
  const shared = own.length === 0;
  const chosen = shared ? rows.filter((r) => r.scope.classRef === undefined) : own;
  return { rows: [...chosen].sort((a, b) => a.order - b.order), shared };
}

/** The values of a row are only as trustworthy as the label that identifies the row. */
function trustedBy(row: Row, key: string): Row {
  const [keyEvidence, shape] = row[key] ?? [undefined, 'text'];
  if (!keyEvidence) return row;
  const trust = rowTrust(keyEvidence, shape);
  const out: Row = {};
  for (const [column, [e, s]] of Object.entries(row)) {
    out[column] = column === key || column === 'class' ? [e, s] : [withTrust(e, trust), s];
  }
  return out;
}

function refOf(c: ResolvedClass): string {
  return c.option ?? c.name.value;
}

export function planInformationRow(
  facts: Facts,
  product: Product,
  c: ResolvedClass,
  many: boolean,
): Row {
  const ref = refOf(c);
  const definition =
    c.entry?.definition ?? carried(pickFact(facts, 'classDefinition', product, ref), many);
  const contribution =
    c.entry?.contribution[product] ??
    c.entry?.contribution.any ??
    carried(pickFact(facts, 'contribution', product, ref), many);
  const fromDefinition = definition ? minimumHours(definition.value) : undefined;
  const hours =
    c.entry?.hours ??
    pickFact(facts, 'hours', product, ref) ??
    (definition && fromDefinition
      ? { ...definition, value: fromDefinition, method: 'derived' as const }
      : undefined);
  // one text read as both the definition and the contribution: cells run together
  const same =
    definition !== undefined &&
    contribution !== undefined &&
    definition.value === contribution.value;
  const doubted = (e: Evidence | undefined) => (e && same ? { ...e, doubt: 0.5 } : e);
  const row: Row = {
    class: [c.name, 'text'],
    classDefinition: [doubted(definition), 'text'],
    contributionStructure: [doubted(contribution), 'text'],
    minimumHoursPerWeek: [hours, 'hours'],
  };
  if (product === 'dental') {
    // the class's own plan, else the option's name, else the plan printed for everyone
    const own = facts.facts
      .filter(
        (f) =>
          f.kind === 'planName' && f.scope.product !== 'vision' && sameClass(f.scope.classRef, c),
      )
      .sort((a, b) => a.order - b.order)[0]?.evidence;
    const plan =
      c.entry?.plan ??
      own ??
      c.plan ??
      (c.option && !c.entry ? c.name : undefined) ??
      carried(pickFact(facts, 'planName', product, ref), many);
    row.planName = [plan, 'text'];
  } else {
    row.childEligibilityAges = [carried(pickFact(facts, 'childAges', product, ref), many), 'text'];
  }
  return row;
}

/** The deductible orthodontia's own columns print for each of the plan's deductible slots. */
const ORTHO_DEDUCTIBLE = {
  dedIndIn: 'orthoDedIndIn',
  dedIndOut: 'orthoDedIndOut',
  dedFamIn: 'orthoDedFamIn',
  dedFamOut: 'orthoDedFamOut',
} as const;

export function coveredServiceRows(facts: Facts, c: ResolvedClass): Row[] {
  const { rows, shared } = forClass(
    facts.services.filter((s) => s.scope.product === 'dental'),
    c,
  );
  const ref = refOf(c);
  const classWide = (kind: FactKind) => carried(pickFact(facts, kind, 'dental', ref), true);
  // the same service printed again (its out-of-network line under an 'Out of Network' bar)
  // fills what its first line left blank
  const byKey = new Map<string, ServiceRow>();
  for (const s of rows) {
    const key = normalizeKey(s.label.value);
    const first = byKey.get(key);
    byKey.set(
      key,
      first
        ? {
            ...first,
            list: first.list ?? s.list,
            coverageIn: first.coverageIn ?? s.coverageIn,
            coverageOut: first.coverageOut ?? s.coverageOut,
            persons: first.persons ?? s.persons,
            own: { ...s.own, ...first.own },
          }
        : s,
    );
  }
  const out: Row[] = [];
  for (const s of byKey.values()) {
    // orthodontia's own columns beside the plan's ('NON-ORTHODONTICS | ORTHODONTICS') give its
    // row its deductibles; its maximum there is its lifetime maximum, no yearly one
    const orthoColumns =
      s.orthodontic &&
      (['orthoDedIndIn', 'orthoDedIndOut'] as const).some((k) => classWide(k) !== undefined);
    const deductible = (kind: 'dedIndIn' | 'dedIndOut' | 'dedFamIn' | 'dedFamOut') =>
      s.own[kind]
        ? carried(s.own[kind], shared)
        : ((orthoColumns ? classWide(ORTHO_DEDUCTIBLE[kind]) : undefined) ?? classWide(kind));
    const row: Row = {
      class: [c.name, 'text'],
      serviceTypeLabel: [carried(s.label, shared), 'service'],
      serviceTypeTitle: [carried(s.title, shared), 'text'],
      serviceTypeList: [carried(s.list, shared), 'text'],
      coverageLevelInNetwork: [carried(s.coverageIn, shared), 'coverage'],
      coverageLevelOutOfNetwork: [carried(s.coverageOut, shared), 'coverage'],
      policyYearDeductibleIndividualInNetwork: [deductible('dedIndIn'), 'amount'],
      policyYearDeductibleIndividualOutOfNetwork: [deductible('dedIndOut'), 'amount'],
      policyYearDeductibleFamilyInNetwork: [deductible('dedFamIn'), 'amount'],
      policyYearDeductibleFamilyOutOfNetwork: [deductible('dedFamOut'), 'amount'],
      policyYearMaximumInNetwork: [classWide('maxIn'), 'amount'],
      policyYearMaximumOutOfNetwork: [classWide('maxOut'), 'amount'],
    };
    if (s.orthodontic) {
      row.policyYearMaximumInNetwork = [
        classWide('orthoYearMaxIn') ?? (orthoColumns ? undefined : classWide('maxIn')),
        'amount',
      ];
      row.policyYearMaximumOutOfNetwork = [
        classWide('orthoYearMaxOut') ?? (orthoColumns ? undefined : classWide('maxOut')),
        'amount',
      ];
      row.orthodonticLifetimeMaximumInNetwork = [classWide('orthoMaxIn'), 'amount'];
      row.orthodonticLifetimeMaximumOutOfNetwork = [classWide('orthoMaxOut'), 'amount'];
      // who orthodontia covers, said in a sentence, does not go to a row that covers none
      const covers = !/^(not covered|not included|excluded|none|n\/?a)\b/i.test(
        s.coverageIn?.value ?? s.coverageOut?.value ?? '',
      );
      const persons = (kind: 'orthoPersonsIn' | 'orthoPersonsOut') => {
        const wide = classWide(kind);
        return wide && (wide.method !== 'prose' || covers) ? wide : undefined;
      };
      row.coveredPersonsInNetwork = [
        carried(s.persons, shared) ?? persons('orthoPersonsIn'),
        'text',
      ];
      // (whom the row itself says it covers, out of network only where the row has a value
      // there: an in-network-only schedule's 'Comprehensive orthodontic treatment – adult or child')
      const own = s.coverageOut || !s.coverageIn ? carried(s.persons, shared) : undefined;
      row.coveredPersonsOutOfNetwork = [own ?? persons('orthoPersonsOut'), 'text'];
    }
    out.push(trustedBy(row, 'serviceTypeLabel'));
  }
  return out;
}

/** A service's name for joining blocks: its words without plural endings ('Frame' = 'Frames'). */
export function serviceKey(name: string): string {
  return normalizeKey(name)
    .split(' ')
    .map((w) => (w.length > 3 ? w.replace(/(?<!s)s$/, '') : w))
    .join(' ');
}

/**
 * Vision service lines of a class. Lines with the same service are one row: in-network and
 * out-of-network amounts printed in separate blocks join by service name.
 */
export function benefitSummaryRows(facts: Facts, c: ResolvedClass): Row[] {
  const { rows, shared } = forClass(
    facts.benefits.filter((b) => b.scope.product === 'vision'),
    c,
  );
  const merged = new Map<
    string,
    { service: Evidence; inCost?: Evidence; outCost?: Evidence; copied?: boolean }
  >();
  // a lone value column with no network heading gives its amount to both networks; out-of-network
  // amounts printed in a block of their own ('NON-VSP PROVIDER REIMBURSEMENT SCHEDULE') say what
  // out-of-network pays instead, and where the class prints such a block the copies say nothing
  const copied = (b: (typeof rows)[number]) =>
    b.inCost !== undefined &&
    b.outCost !== undefined &&
    b.inCost.value === b.outCost.value &&
    JSON.stringify(b.inCost.source) === JSON.stringify(b.outCost.source);
  const outBlock = rows.some((b) => b.outCost && !b.inCost);
  for (const b of rows) {
    // ('Frame' in one block is 'Frames' in the other)
    const key = serviceKey(b.service.value);
    const m = merged.get(key);
    if (!m)
      merged.set(key, {
        service: b.service,
        ...(b.inCost ? { inCost: b.inCost } : {}),
        ...(b.outCost ? { outCost: b.outCost } : {}),
        ...(outBlock && copied(b) ? { copied: true } : {}),
      });
    else {
      m.inCost ??= b.inCost;
      if (m.copied && b.outCost && !b.inCost) {
        m.outCost = b.outCost;
        m.copied = false;
      } else m.outCost ??= b.outCost;
    }
  }
  for (const m of merged.values())
    if (m.copied) {
      delete m.outCost;
      delete m.copied;
    }
  joinByConcept(merged);
  for (const m of merged.values()) {
    if (m.inCost) m.inCost = withoutFullStop(m.inCost);
    if (m.outCost) m.outCost = withoutFullStop(m.outCost);
  }
  return [...merged.values()].map((m) =>
    trustedBy(
      {
        class: [c.name, 'text'],
        servicesAndMaterials: [carried(m.service, shared), 'visionService'],
        inNetworkCost: [carried(m.inCost, shared), 'cost'],
        outOfNetworkReimbursement: [carried(m.outCost, shared), 'cost'],
      },
      'servicesAndMaterials',
    ),
  );
}

/** A cost written as one sentence keeps its words, not its full stop ('Covered in full.'). */
export function withoutFullStop(e: Evidence): Evidence {
  const value = withoutSentenceStop(e.value);
  return value === e.value ? e : { ...e, value };
}

/**
 * In- and out-of-network amounts printed in separate blocks under other words ('WellVision Exam'
 * in the grid, 'Exam … up to $45' in the out-of-network list): a line with an out-of-network
 * amount only joins the one line with an in-network amount only that is about the same thing,
 * when each is the only one of its side about it. The in-network line keeps its name.
 */
export function joinByConcept(
  merged: Map<string, { service: Evidence; inCost?: Evidence; outCost?: Evidence }>,
): void {
  const entries = [...merged.entries()];
  const side = (inOnly: boolean) =>
    entries.filter(([, m]) => (inOnly ? m.inCost && !m.outCost : m.outCost && !m.inCost));
  const byConcept = (list: typeof entries) => {
    const out = new Map<string, Array<(typeof entries)[number]>>();
    for (const e of list) {
      const concept = visionConcept(e[1].service.value);
      if (concept) out.set(concept, [...(out.get(concept) ?? []), e]);
    }
    return out;
  };
  const ins = byConcept(side(true));
  const outs = byConcept(side(false));
  // a concept any line prints both amounts for is already joined
  const both = new Set(
    entries
      .filter(([, m]) => m.inCost && m.outCost)
      .map(([, m]) => visionConcept(m.service.value))
      .filter(Boolean),
  );
  for (const [concept, outLines] of outs) {
    const inLines = ins.get(concept);
    if (both.has(concept) || outLines.length !== 1 || inLines?.length !== 1) continue;
    const [outKey, outLine] = outLines[0]!;
    inLines[0]![1].outCost = outLine.outCost;
    merged.delete(outKey);
  }
  // 'LENSES | Included in Prescription Glasses' over the out-of-network list's 'Single Vision
  // Lenses … up to $50', 'Lined Bifocal Lenses … up to $75': each kind of lens the list prices
  // takes the lenses' in-network cost, in place of the row for all lenses
  // (a cost that names the kinds itself, 'Single vision, lined bifocal, lined trifocal and
  // lenticular lenses', says what the lenses row covers: it stays the lenses' row)
  const lenses = [...merged.entries()].filter(
    ([, m]) =>
      m.inCost &&
      !m.outCost &&
      PLAIN_LENSES.test(m.service.value) &&
      lensKindsNamed(m.inCost.value) < 2,
  );
  const kinds = [...merged.values()].filter(
    (m) => m.outCost && !m.inCost && LENS_KINDS.has(visionConcept(m.service.value) ?? ''),
  );
  if (lenses.length === 1 && kinds.length >= 2) {
    const [key, row] = lenses[0]!;
    for (const k of kinds) k.inCost = row.inCost;
    merged.delete(key);
  }
}

export function benefitFrequencyRow(
  facts: Facts,
  c: ResolvedClass,
  many: boolean,
): Row | undefined {
  const ref = refOf(c);
  const f = (k: FactKind) => carried(pickFact(facts, k, 'vision', ref), many);
  // how often, said only by a service line's own label ('Yearly routine exam copay')
  const labelled = new Map<string, Evidence>();
  const { rows: lines, shared } = forClass(
    facts.benefits.filter((b) => b.scope.product === 'vision'),
    c,
  );
  for (const b of lines)
    for (const [item, word] of frequenciesInLabel(b.service.value))
      if (!labelled.has(item))
        labelled.set(item, carried({ ...b.service, value: word, method: 'derived' }, shared)!);
  const row: Row = {
    class: [c.name, 'text'],
    examination: [f('freqExam') ?? labelled.get('examination'), 'frequency'],
    lensesOrContactLenses: [f('freqLenses') ?? labelled.get('lensesOrContactLenses'), 'frequency'],
    frame: [f('freqFrame') ?? labelled.get('frame'), 'frequency'],
  };
  return row.examination?.[0] || row.lensesOrContactLenses?.[0] || row.frame?.[0] ? row : undefined;
}

/**
 * Rate tier rows of a class: the class's own rate lines joined by tier with those printed for
 * every class (a 'Total Monthly Rate' column for all, an employee share per class).
 */
export function rateTierRows(
  facts: Facts,
  product: Product,
  c: ResolvedClass,
  onlyProduct: boolean,
  many: boolean,
): Row[] {
  const ref = refOf(c);
  const lines = facts.rates.filter(
    (l) => l.product === product || (onlyProduct && l.product === undefined),
  );
  const relevant = lines
    .filter((l) => sameClass(l.scope.classRef, c) || l.scope.classRef === undefined)
    .sort((a, b) => a.order - b.order);
  const byTier = new Map<string, RateLine[]>();
  for (const l of relevant) {
    const key = normalizeKey(l.tier.value);
    byTier.set(key, [...(byTier.get(key) ?? []), l]);
  }
  const time = carried(pickFact(facts, 'rateGuaranteeTime', product, ref), many);
  const date = carried(pickFact(facts, 'rateGuaranteeDate', product, ref), many);
  const year = carried(pickFact(facts, 'policyYear', product, ref), many);
  const out: Row[] = [];
  for (const parts of byTier.values()) {
    // the class's own line first
    parts.sort(
      (a, b) => Number(a.scope.classRef === undefined) - Number(b.scope.classRef === undefined),
    );
    const pick = (k: 'rate' | 'employee' | 'employer' | 'policyYear') => {
      const p = parts.find((x) => x[k]);
      return p ? carried(p[k], p.scope.classRef === undefined && many) : undefined;
    };
    const first = parts[0]!;
    const row: Row = {
      class: [c.name, 'text'],
      rateTier: [carried(first.tier, first.scope.classRef === undefined && many), 'tier'],
      carrierMonthlyRate: [pick('rate'), 'rate'],
      rateGuaranteeTime: [time, 'duration'],
      rateGuaranteeDate: [date, 'date'],
    };
    if (product === 'dental') {
      row.policyYear = [pick('policyYear') ?? year, 'text'];
      row.employerMonthlyContribution = [pick('employer'), 'amount'];
    } else {
      row.premiumContributions = [pick('employee'), 'amount'];
    }
    out.push(trustedBy(row, 'rateTier'));
  }
  return out;
}
