import type { Evidence, Scope, Source } from './evidence.ts';
import type { AgeSpan, Product } from './vocabulary.ts';

/**
 * Everything the readers of tables and text find, before it is laid out per product and class.
 * A scope without a class applies to every class; a scope without a product to every product.
 */

export type FactKind =
  | 'carrier'
  | 'underwriter'
  | 'effectiveDate'
  | 'className'
  | 'classDefinition'
  | 'contribution'
  | 'planName'
  | 'childAges'
  | 'hours'
  | 'rateGuaranteeTime'
  | 'rateGuaranteeDate'
  | 'policyYear'
  | 'dedIndIn'
  | 'dedIndOut'
  | 'dedFamIn'
  | 'dedFamOut'
  | 'maxIn'
  | 'maxOut'
  | 'orthoMaxIn'
  | 'orthoMaxOut'
  /** An annual maximum printed for orthodontia itself, in its own table. */
  | 'orthoYearMaxIn'
  | 'orthoYearMaxOut'
  | 'orthoPersonsIn'
  | 'orthoPersonsOut'
  /** Deductibles printed in orthodontia's own columns beside the plan's ('$0' under ORTHODONTICS). */
  | 'orthoDedIndIn'
  | 'orthoDedIndOut'
  | 'orthoDedFamIn'
  | 'orthoDedFamOut'
  | 'freqExam'
  | 'freqLenses'
  | 'freqFrame';

export interface Fact {
  kind: FactKind;
  evidence: Evidence;
  scope: Scope;
  order: number;
}

export interface ServiceRow {
  scope: Scope;
  order: number;
  label: Evidence;
  title: Evidence;
  list?: Evidence;
  coverageIn?: Evidence;
  coverageOut?: Evidence;
  /** A deductible printed in the service's own row (replaces the class-wide one). */
  own: Partial<Record<'dedIndIn' | 'dedIndOut' | 'dedFamIn' | 'dedFamOut', Evidence>>;
  persons?: Evidence;
  orthodontic: boolean;
  /** A procedure row under a category bar ('Office Exam' under 'Exam & Diagnostics'). */
  procedure?: boolean;
  /** A coded row of a copay schedule read by its codes (keyed by the code, `codedSchedule`). */
  scheduled?: boolean;
}

export interface BenefitLine {
  scope: Scope;
  order: number;
  service: Evidence;
  inCost?: Evidence;
  outCost?: Evidence;
}

export interface RateLine {
  product?: Product;
  scope: Scope;
  order: number;
  tier: Evidence;
  rate?: Evidence;
  employee?: Evidence;
  employer?: Evidence;
  policyYear?: Evidence;
}

export interface ClassEntry {
  name: Evidence;
  definition?: Evidence;
  hours?: Evidence;
  /** Contribution printed for the class, per product when the column names one. */
  contribution: Partial<Record<Product | 'any', Evidence>>;
  plan?: Evidence;
  order: number;
}

export class Facts {
  readonly facts: Fact[] = [];
  readonly services: ServiceRow[] = [];
  readonly benefits: BenefitLine[] = [];
  readonly rates: RateLine[] = [];
  readonly classes: ClassEntry[] = [];
  /** Plan options printed side by side, per product, in order. */
  readonly options = new Map<Product, string[]>();
  /** Where each option's name was printed (by lower-case name). */
  readonly optionSources = new Map<string, Source>();
  /** Products whose tables were found. */
  readonly shown = new Set<Product>();
  /**
   * Age groups printed in a vision grid's label cells that scope its rows (group as printed →
   * ages): each is a class (convention 10).
   */
  readonly ageGroups = new Map<string, AgeSpan>();
  /** Age groups printed as a grid's caption ('Adults:' over a service-interval grid). */
  readonly ageCaptions = new Set<string>();

  add(kind: FactKind, evidence: Evidence, scope: Scope, order: number): void {
    if (!evidence.value) return;
    this.facts.push({ kind, evidence, scope, order });
  }

  addOption(product: Product, name: string, source?: Source): void {
    if (source && !this.optionSources.has(name.toLowerCase()))
      this.optionSources.set(name.toLowerCase(), source);
    const list = this.options.get(product) ?? [];
    if (!list.some((n) => n.toLowerCase() === name.toLowerCase())) list.push(name);
    this.options.set(product, list);
  }

  addClass(entry: ClassEntry): void {
    const key = entry.name.value.toLowerCase();
    const existing = this.classes.find((c) => c.name.value.toLowerCase() === key);
    if (!existing) {
      this.classes.push(entry);
      return;
    }
    existing.definition ??= entry.definition;
    existing.hours ??= entry.hours;
    existing.plan ??= entry.plan;
    for (const [k, v] of Object.entries(entry.contribution)) {
      existing.contribution[k as Product | 'any'] ??= v;
    }
  }
}
