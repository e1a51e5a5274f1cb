/**
 * The comparison of 2–8 carrier proposals (issue 14), pure: per product (dental, vision), the
 * proposals' classes matched by name into groups; for each group one column per proposal
 * (carrier, plan, class), rows of plan design, and rates per tier — monthly, annual, and the
 * difference to the lowest and to a chosen baseline in dollars and percent. The best value of
 * each row is marked; low-confidence values the broker has not reviewed are flagged.
 */
import {
  type ComparedProduct,
  comparedProducts,
  productTitle,
} from '../documents/summary-fields.ts';
import {
  canonicalTier,
  canonicalTiers,
  classKey,
  type PlanRow,
  type PlanValue,
  type ProductPlan,
  parseMoney,
  parseMonths,
  parsePercent,
  readProductPlan,
  rowsOf,
} from './read-plan.ts';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 8;

export interface ComparedProposal {
  id: string;
  name: string;
  data: unknown;
}

/** Hand-made class matching: per proposal, a class name → the name of the group it joins. */
export type ClassMatching = Record<string, Record<string, string>>;

export interface ComparisonOptions {
  /** The proposal the others are measured against (the current plan). */
  baselineId?: string | null | undefined;
  classMatching?: ClassMatching | undefined;
}

export type ValueKind = 'money' | 'percent' | 'months' | 'text';

export interface ComparisonCell {
  text: string;
  /** The number the text states, for money, percent and months rows. */
  value: number | null;
  flagged: boolean;
  /** The best value of its row (lowest cost, highest coverage); only when values differ. */
  best: boolean;
}

export interface ComparisonRow {
  key: string;
  title: string;
  kind: ValueKind;
  better: 'lower' | 'higher' | null;
  /** One per column; null where that proposal prints nothing. */
  cells: Array<ComparisonCell | null>;
}

export interface Difference {
  dollars: number;
  /** Null when the reference is zero. */
  percent: number | null;
}

export interface RateRow {
  key: string;
  tier: string;
  monthly: Array<ComparisonCell | null>;
  annual: Array<number | null>;
  toLowest: Array<Difference | null>;
  /** Null everywhere when there is no baseline or it has no rate for the tier. */
  toBaseline: Array<Difference | null>;
}

export interface ComparisonColumn {
  documentId: string;
  documentName: string;
  carrier: string | null;
  plan: string | null;
  /** The proposal's class in this group; null when it has none matched here. */
  className: string | null;
  effectiveDate: string | null;
  flagged: boolean;
}

export interface ClassGroup {
  key: string;
  name: string;
  columns: ComparisonColumn[];
  design: ComparisonRow[];
  rates: RateRow[];
}

export interface ProductComparison {
  product: ComparedProduct;
  title: string;
  groups: ClassGroup[];
  /** Each proposal's classes for this product (for re-matching by hand). */
  classesByProposal: Record<string, string[]>;
}

export interface Comparison {
  proposals: Array<{ id: string; name: string; carrier: string | null }>;
  baselineId: string | null;
  products: ProductComparison[];
}

// ——— plan design rows ———

interface DesignRowSpec {
  key: string;
  title: string;
  kind: ValueKind;
  better: 'lower' | 'higher' | null;
  pick: (plan: ProductPlan, className: string) => PlanValue | undefined;
}

/** The first value of a column over a section's rows of a class. */
const firstOf =
  (section: string, column: string, where?: (row: PlanRow) => boolean) =>
  (plan: ProductPlan, className: string): PlanValue | undefined => {
    for (const row of rowsOf(plan, section, className)) {
      if (where && !where(row)) continue;
      const v = row[column];
      if (v) return v;
    }
    return undefined;
  };

type ServiceType = 'preventive' | 'basic' | 'major' | 'orthodontia';

/** The kind of a dental service-type row, by its category name, else its code. */
export function serviceTypeOf(row: PlanRow): ServiceType | undefined {
  const title =
    `${row.serviceTypeTitle?.text ?? ''} ${row.serviceTypeLabel?.text ?? ''}`.toLowerCase();
  if (/ortho/.test(title)) return 'orthodontia';
  if (/prevent|diagnos/.test(title)) return 'preventive';
  if (/basic|restor|minor/.test(title)) return 'basic';
  if (/major|prosth/.test(title)) return 'major';
  const code = /(?:type|class|group|unit|category)\s*([a-d1-4]|i{1,3}|iv)\b/.exec(title)?.[1];
  const byCode: Record<string, ServiceType> = {
    '1': 'preventive',
    a: 'preventive',
    i: 'preventive',
    '2': 'basic',
    b: 'basic',
    ii: 'basic',
    '3': 'major',
    c: 'major',
    iii: 'major',
    '4': 'orthodontia',
    d: 'orthodontia',
    iv: 'orthodontia',
  };
  return code ? byCode[code] : undefined;
}

const service = (type: ServiceType) => (row: PlanRow) => serviceTypeOf(row) === type;

const serviceTitles: Record<ServiceType, string> = {
  preventive: 'Preventive',
  basic: 'Basic',
  major: 'Major',
  orthodontia: 'Orthodontia',
};

const dentalRows: DesignRowSpec[] = [
  {
    key: 'plan',
    title: 'Plan',
    kind: 'text',
    better: null,
    pick: firstOf('planInformation', 'planName'),
  },
  ...(['InNetwork', 'OutOfNetwork'] as const).flatMap((net): DesignRowSpec[] => {
    const n = net === 'InNetwork' ? 'in-network' : 'out-of-network';
    return [
      {
        key: `dedInd${net}`,
        title: `Deductible, individual (${n})`,
        kind: 'money',
        better: 'lower',
        pick: firstOf('coveredServices', `policyYearDeductibleIndividual${net}`),
      },
      {
        key: `dedFam${net}`,
        title: `Deductible, family (${n})`,
        kind: 'money',
        better: 'lower',
        pick: firstOf('coveredServices', `policyYearDeductibleFamily${net}`),
      },
      {
        key: `max${net}`,
        title: `Annual maximum (${n})`,
        kind: 'money',
        better: 'higher',
        pick: firstOf('coveredServices', `policyYearMaximum${net}`),
      },
    ];
  }),
  ...(['preventive', 'basic', 'major', 'orthodontia'] as const).flatMap((type): DesignRowSpec[] =>
    (['InNetwork', 'OutOfNetwork'] as const).map((net) => ({
      key: `coins-${type}-${net}`,
      title: `${serviceTitles[type]} coinsurance (${net === 'InNetwork' ? 'in-network' : 'out-of-network'})`,
      kind: 'percent',
      better: 'higher',
      pick: firstOf('coveredServices', `coverageLevel${net}`, service(type)),
    })),
  ),
  {
    key: 'orthoMaxInNetwork',
    title: 'Orthodontia lifetime maximum (in-network)',
    kind: 'money',
    better: 'higher',
    pick: firstOf('coveredServices', 'orthodonticLifetimeMaximumInNetwork'),
  },
  {
    key: 'orthoMaxOutOfNetwork',
    title: 'Orthodontia lifetime maximum (out-of-network)',
    kind: 'money',
    better: 'higher',
    pick: firstOf('coveredServices', 'orthodonticLifetimeMaximumOutOfNetwork'),
  },
  {
    key: 'orthoWho',
    title: 'Orthodontia covers',
    kind: 'text',
    better: null,
    pick: firstOf('coveredServices', 'coveredPersonsInNetwork'),
  },
];

const visionLine = (pattern: RegExp, column: string) =>
  firstOf('benefitSummary', column, (row) =>
    pattern.test(row.servicesAndMaterials?.text.toLowerCase() ?? ''),
  );

const visionRows: DesignRowSpec[] = [
  {
    key: 'examCopay',
    title: 'Exam copay',
    kind: 'money',
    better: 'lower',
    pick: visionLine(/exam/, 'inNetworkCost'),
  },
  {
    key: 'lensCopay',
    title: 'Lenses copay (single vision)',
    kind: 'money',
    better: 'lower',
    pick: visionLine(/single|lens(?!.*contact)/, 'inNetworkCost'),
  },
  {
    key: 'frameAllowance',
    title: 'Frame allowance',
    kind: 'money',
    better: 'higher',
    pick: visionLine(/frame/, 'inNetworkCost'),
  },
  {
    key: 'contactAllowance',
    title: 'Contact lens allowance',
    kind: 'money',
    better: 'higher',
    pick: visionLine(/contact/, 'inNetworkCost'),
  },
  {
    key: 'examOut',
    title: 'Exam reimbursement (out-of-network)',
    kind: 'money',
    better: 'higher',
    pick: visionLine(/exam/, 'outOfNetworkReimbursement'),
  },
  {
    key: 'frameOut',
    title: 'Frame reimbursement (out-of-network)',
    kind: 'money',
    better: 'higher',
    pick: visionLine(/frame/, 'outOfNetworkReimbursement'),
  },
  {
    key: 'examFrequency',
    title: 'Exam frequency (months)',
    kind: 'months',
    better: 'lower',
    pick: firstOf('benefitFrequency', 'examination'),
  },
  {
    key: 'lensFrequency',
    title: 'Lenses frequency (months)',
    kind: 'months',
    better: 'lower',
    pick: firstOf('benefitFrequency', 'lensesOrContactLenses'),
  },
  {
    key: 'frameFrequency',
    title: 'Frame frequency (months)',
    kind: 'months',
    better: 'lower',
    pick: firstOf('benefitFrequency', 'frame'),
  },
];

const designRows: Record<ComparedProduct, DesignRowSpec[]> = {
  dental: dentalRows,
  vision: visionRows,
};

function numberOf(kind: ValueKind, text: string, better: 'lower' | 'higher' | null): number | null {
  // nothing covered is the least coverage, but not the lowest cost
  if (/not covered|no coverage|excluded|n\/a/i.test(text)) return better === 'higher' ? 0 : null;
  // 'None' or 'Waived' for a deductible or a copay: nothing to pay
  if (kind === 'money' && /^\s*(?:none|waived|no (?:deductible|copay|charge))\b/i.test(text))
    return 0;
  if (
    kind === 'money' &&
    better === 'lower' &&
    /covered in full|paid in full|no charge/i.test(text)
  )
    return 0;
  const n =
    kind === 'money'
      ? parseMoney(text)
      : kind === 'percent'
        ? parsePercent(text)
        : kind === 'months'
          ? parseMonths(text)
          : undefined;
  return n ?? null;
}

/** Marks the best cells of a row in place: only when at least two values differ. */
function markBest(cells: Array<ComparisonCell | null>, better: 'lower' | 'higher' | null): void {
  if (!better) return;
  const values = cells.flatMap((c) => (c && c.value !== null ? [c.value] : []));
  if (values.length < 2 || values.every((v) => v === values[0])) return;
  const best = better === 'lower' ? Math.min(...values) : Math.max(...values);
  for (const c of cells) if (c && c.value === best) c.best = true;
}

// ——— money arithmetic in cents ———

const cents = (v: number) => Math.round(v * 100);

/** `value` against `reference`: dollars (to the cent) and percent of the reference. */
export function difference(value: number, reference: number): Difference {
  const d = cents(value) - cents(reference);
  return {
    dollars: d / 100,
    percent: cents(reference) === 0 ? null : (d / cents(reference)) * 100,
  };
}

/** Twelve months of a monthly rate, to the cent. */
export const annualOf = (monthly: number): number => (cents(monthly) * 12) / 100;

/** The rate rows of one tier's monthly values across the columns. */
export function rateRow(
  key: string,
  tier: string,
  monthly: Array<ComparisonCell | null>,
  baselineIndex: number,
): RateRow {
  const values = monthly.map((c) => (c && c.value !== null ? c.value : null));
  const present = values.filter((v): v is number => v !== null);
  const lowest = present.length ? Math.min(...present) : null;
  const base = baselineIndex >= 0 ? (values[baselineIndex] ?? null) : null;
  markBest(monthly, 'lower');
  return {
    key,
    tier,
    monthly,
    annual: values.map((v) => (v === null ? null : annualOf(v))),
    toLowest: values.map((v) => (v === null || lowest === null ? null : difference(v, lowest))),
    toBaseline: values.map((v) => (v === null || base === null ? null : difference(v, base))),
  };
}

// ——— class groups ———

interface Member {
  proposal: number;
  className: string;
}

/**
 * Groups the proposals' classes: by hand-made matching first, then by name; the proposals that
 * have one class for the product are one group whatever their names.
 */
export function matchClasses(
  ids: readonly string[],
  classes: ReadonlyArray<readonly string[]>,
  matching: ClassMatching = {},
): Array<{ key: string; name: string; members: Member[] }> {
  const groups: Array<{ key: string; name: string; members: Member[] }> = [];
  // proposals with one class for the product (one plan for everybody) compare with each other
  const singleName = classes.find((c) => c.length === 1)?.[0];
  const find = (key: string) => groups.find((g) => g.key === key);
  classes.forEach((names, proposal) => {
    for (const className of names) {
      const chosen = matching[ids[proposal]!]?.[className];
      const name = chosen ?? (names.length === 1 && singleName ? singleName : className);
      const key = classKey(name) || name;
      let group = find(key);
      if (!group) {
        group = { key, name, members: [] };
        groups.push(group);
      }
      // one class per proposal in a group: a second one stands apart
      if (group.members.some((m) => m.proposal === proposal)) {
        const apart = {
          key: `${key}#${proposal}:${className}`,
          name: className,
          members: [] as Member[],
        };
        groups.push(apart);
        group = apart;
      }
      group.members.push({ proposal, className });
    }
  });
  return groups;
}

function toCell(
  value: PlanValue | undefined,
  kind: ValueKind,
  better: 'lower' | 'higher' | null,
): ComparisonCell | null {
  if (!value) return null;
  return {
    text: value.text,
    value: numberOf(kind, value.text, better),
    flagged: value.flagged,
    best: false,
  };
}

/** Tier rows of one class: canonical tier → monthly rate value. */
function tiersOf(plan: ProductPlan, className: string): Map<string, PlanValue> {
  const tiers = new Map<string, PlanValue>();
  for (const row of rowsOf(plan, 'rateTiers', className)) {
    const tier = row.rateTier?.text;
    const rate = row.carrierMonthlyRate;
    if (!tier || !rate) continue;
    const name = canonicalTier(tier);
    if (!tiers.has(name)) tiers.set(name, rate);
  }
  return tiers;
}

function compareProduct(
  product: ComparedProduct,
  proposals: readonly ComparedProposal[],
  plans: Array<ProductPlan | undefined>,
  baselineIndex: number,
  matching: ClassMatching | undefined,
): ProductComparison {
  const ids = proposals.map((p) => p.id);
  const classes = plans.map((p) => p?.classes ?? []);
  const groups = matchClasses(ids, classes, matching).map((group): ClassGroup => {
    const classOf = (i: number) => group.members.find((m) => m.proposal === i)?.className ?? null;
    const columns = proposals.map((p, i): ComparisonColumn => {
      const plan = plans[i];
      const className = classOf(i);
      const planName =
        plan && className ? firstOf('planInformation', 'planName')(plan, className) : undefined;
      return {
        documentId: p.id,
        documentName: p.name,
        carrier: plan?.carrier?.text ?? null,
        plan: planName?.text ?? null,
        className,
        effectiveDate: plan?.effectiveDate?.text ?? null,
        flagged: Boolean(plan?.carrier?.flagged || planName?.flagged),
      };
    });
    const design = designRows[product]
      .filter((spec) => spec.key !== 'plan')
      .map((spec): ComparisonRow => {
        const cells = columns.map((c, i) => {
          const plan = plans[i];
          return plan && c.className
            ? toCell(spec.pick(plan, c.className), spec.kind, spec.better)
            : null;
        });
        markBest(cells, spec.better);
        return { key: spec.key, title: spec.title, kind: spec.kind, better: spec.better, cells };
      })
      .filter((row) => row.cells.some((c) => c !== null));
    const tiersByColumn = columns.map((c, i) => {
      const plan = plans[i];
      return plan && c.className ? tiersOf(plan, c.className) : new Map<string, PlanValue>();
    });
    const tierNames = [
      ...canonicalTiers.filter((t) => tiersByColumn.some((m) => m.has(t))),
      ...[...new Set(tiersByColumn.flatMap((m) => [...m.keys()]))].filter(
        (t) => !(canonicalTiers as readonly string[]).includes(t),
      ),
    ];
    const rates = tierNames.map((tier) =>
      rateRow(
        `rate-${tier}`,
        tier,
        tiersByColumn.map((m) => toCell(m.get(tier), 'money', 'lower')),
        baselineIndex,
      ),
    );
    return { key: group.key, name: group.name, columns, design, rates };
  });
  return {
    product,
    title: productTitle[product],
    groups,
    classesByProposal: Object.fromEntries(ids.map((id, i) => [id, classes[i]!])),
  };
}

/** Builds the comparison; products that none of the proposals hold are left out. */
export function buildComparison(
  proposals: readonly ComparedProposal[],
  options: ComparisonOptions = {},
): Comparison {
  const baselineIndex = options.baselineId
    ? proposals.findIndex((p) => p.id === options.baselineId)
    : -1;
  const products = comparedProducts.flatMap((product) => {
    const plans = proposals.map((p) => readProductPlan(p.data, product));
    if (plans.every((p) => p === undefined)) return [];
    return [compareProduct(product, proposals, plans, baselineIndex, options.classMatching)];
  });
  return {
    proposals: proposals.map((p) => {
      const plans = comparedProducts.map((product) => readProductPlan(p.data, product));
      return {
        id: p.id,
        name: p.name,
        carrier: plans.find((x) => x?.carrier)?.carrier?.text ?? null,
      };
    }),
    baselineId: baselineIndex >= 0 ? proposals[baselineIndex]!.id : null,
    products,
  };
}

/** A comparison saved on a client, as /api/comparisons answers it. */
export interface SavedComparison {
  id: string;
  clientId: string;
  name: string;
  documentIds: string[];
  baselineId: string | null;
  classMatching: ClassMatching;
  createdOn: string;
  updatedOn: string;
}
