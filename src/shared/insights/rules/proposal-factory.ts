import { tableDefinition } from '../../fields/catalogue.ts';
import type { ParsedData, ParsedItem } from '../../proposals/parsed-data.ts';

/**
 * Crafted proposals for the rules' tests: parsed data written as plain rows, with a clean dental
 * and a clean vision proposal to start from.
 */

/** A value, or a value with its score (default 1). */
export type SpecValue = string | { value: string; score: number };

export interface ProposalSpec {
  /** Single fields by full label, e.g. `dentalInsurance_carrierName`. */
  fields?: Record<string, SpecValue>;
  /** Table rows by table label, each row by column name. */
  tables?: Record<string, Array<Record<string, SpecValue>>>;
}

function cellOf(value: SpecValue): { value: string; score: number } {
  return typeof value === 'string' ? { value, score: 1 } : value;
}

/** Parsed data for a spec: one item per field and per table, columns in catalogue order. */
export function buildProposal(spec: ProposalSpec): ParsedData {
  const items: ParsedItem[] = [];
  for (const [label, value] of Object.entries(spec.fields ?? {})) {
    items.push({ type: 'field', label, ...cellOf(value) });
  }
  for (const [label, rows] of Object.entries(spec.tables ?? {})) {
    const columns = tableDefinition(label)?.columns ?? [];
    items.push({
      type: 'table',
      label,
      cells: rows.flatMap((row, rowIndex) =>
        Object.entries(row).map(([column, value]) => ({
          label: `${label}_${column}`,
          row: rowIndex,
          col: columns.includes(column) ? columns.indexOf(column) : columns.length,
          ...cellOf(value),
        })),
      ),
    });
  }
  return items;
}

/** The same rows for each class, with the class cell set. */
export function forClasses(
  classes: string[],
  rows: Array<Record<string, SpecValue>>,
): Array<Record<string, SpecValue>> {
  return classes.flatMap((name) => rows.map((row) => ({ class: name, ...row })));
}

const classWide = {
  policyYearDeductibleIndividualInNetwork: '$50',
  policyYearDeductibleIndividualOutOfNetwork: '$50',
  policyYearDeductibleFamilyInNetwork: '$150',
  policyYearDeductibleFamilyOutOfNetwork: '$150',
  policyYearMaximumInNetwork: '$1,500',
  policyYearMaximumOutOfNetwork: '$1,500',
};

export const dentalServices: Array<Record<string, SpecValue>> = [
  {
    serviceTypeLabel: 'Type 1',
    serviceTypeTitle: 'Preventive',
    coverageLevelInNetwork: '100%',
    coverageLevelOutOfNetwork: '100%',
    ...classWide,
  },
  {
    serviceTypeLabel: 'Type 2',
    serviceTypeTitle: 'Basic',
    coverageLevelInNetwork: '80%',
    coverageLevelOutOfNetwork: '70%',
    ...classWide,
  },
  {
    serviceTypeLabel: 'Type 3',
    serviceTypeTitle: 'Major',
    coverageLevelInNetwork: '50%',
    coverageLevelOutOfNetwork: '40%',
    ...classWide,
  },
  {
    serviceTypeLabel: 'Type 4',
    serviceTypeTitle: 'Orthodontia',
    coverageLevelInNetwork: '50%',
    coverageLevelOutOfNetwork: '50%',
    ...classWide,
    orthodonticLifetimeMaximumInNetwork: '$1,000',
    orthodonticLifetimeMaximumOutOfNetwork: '$1,000',
    coveredPersonsInNetwork: 'Dependent children to age 19',
    coveredPersonsOutOfNetwork: 'Dependent children to age 19',
  },
];

export const dentalRates: Array<Record<string, SpecValue>> = [
  { rateTier: 'Employee Only', carrierMonthlyRate: '$30.00' },
  { rateTier: 'Employee + Spouse', carrierMonthlyRate: '$60.00' },
  { rateTier: 'Employee + Child(ren)', carrierMonthlyRate: '$65.00' },
  { rateTier: 'Family', carrierMonthlyRate: '$95.00' },
].map((row) => ({ ...row, rateGuaranteeTime: '24 months', rateGuaranteeDate: '12/31/2027' }));

/** A complete dental proposal with nothing wrong, for the given classes. */
export function cleanDental(classes: string[] = ['All Employees']): ProposalSpec {
  return {
    fields: {
      dentalInsurance_carrierName: 'Acme Dental',
      dentalInsurance_effectiveDate: '01/01/2026',
    },
    tables: {
      dentalInsurance_planInformation: forClasses(classes, [
        { planName: 'Acme PPO 1500', minimumHoursPerWeek: '30' },
      ]),
      dentalInsurance_rateTiers: forClasses(classes, dentalRates),
      dentalInsurance_coveredServices: forClasses(classes, dentalServices),
    },
  };
}

export const visionBenefits: Array<Record<string, SpecValue>> = [
  {
    servicesAndMaterials: 'Eye exam',
    inNetworkCost: '$10 copay',
    outOfNetworkReimbursement: 'Up to $40',
  },
  {
    servicesAndMaterials: 'Frames',
    inNetworkCost: '$130 allowance; 20% off balance',
    outOfNetworkReimbursement: 'Up to $65',
  },
  {
    servicesAndMaterials: 'Contact lenses (medically necessary)',
    inNetworkCost: 'Covered in full',
    outOfNetworkReimbursement: 'Up to $200',
  },
];

/** A complete vision proposal with nothing wrong, for the given classes. */
export function cleanVision(classes: string[] = ['All Employees']): ProposalSpec {
  return {
    fields: {
      visionInsurance_carrierName: 'Acme Vision',
      visionInsurance_effectiveDate: 'January 1, 2026',
    },
    tables: {
      visionInsurance_planInformation: forClasses(classes, [{ childEligibilityAges: 'To age 26' }]),
      visionInsurance_benefitSummary: forClasses(classes, visionBenefits),
      visionInsurance_benefitFrequency: forClasses(classes, [
        {
          examination: 'Every 12 months',
          lensesOrContactLenses: 'Every 12 months',
          frame: 'Every 24 months',
        },
      ]),
      visionInsurance_rateTiers: forClasses(
        classes,
        [
          { rateTier: 'Employee', carrierMonthlyRate: '$6.00' },
          { rateTier: 'Employee + Family', carrierMonthlyRate: '$18.00' },
        ].map((row) => ({
          ...row,
          rateGuaranteeTime: '24 months',
          rateGuaranteeDate: '12/31/2027',
        })),
      ),
    },
  };
}

/** Two specs merged (fields and tables side by side). */
export function merge(...specs: ProposalSpec[]): ProposalSpec {
  return {
    fields: Object.assign({}, ...specs.map((s) => s.fields ?? {})),
    tables: Object.assign({}, ...specs.map((s) => s.tables ?? {})),
  };
}

/** A copy of a spec with one table's rows changed by `edit` (return undefined to drop a row). */
export function editRows(
  spec: ProposalSpec,
  table: string,
  edit: (row: Record<string, SpecValue>, index: number) => Record<string, SpecValue> | undefined,
): ProposalSpec {
  const rows = spec.tables?.[table] ?? [];
  return {
    ...spec,
    tables: {
      ...spec.tables,
      [table]: rows.flatMap((row, index) => {
        const next = edit({ ...row }, index);
        return next ? [next] : [];
      }),
    },
  };
}

/** Today for the tests: before every clean proposal's guarantee date. */
export const testToday = new Date('2026-06-01T12:00:00Z');
