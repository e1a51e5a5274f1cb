import { fieldTitles } from './titles.ts';
import { camelCaseToWords } from './words.ts';

/**
 * The extraction field catalogue: every field and table column a carrier proposal is read into.
 *
 * It is the one source for the developer prompts page, the proposal debug view, the local
 * extraction engine, the instructions given to a hosted model and the mapping of its output.
 * Labels follow `product_section_field` (spec §3, "Extraction field definition").
 */

export const productKeys = ['dentalInsurance', 'visionInsurance'] as const;
export type ProductKey = (typeof productKeys)[number];

export const productNames: Record<ProductKey, ProductName> = {
  dentalInsurance: 'Dental Insurance',
  visionInsurance: 'Vision Insurance',
};
export type ProductName = 'Dental Insurance' | 'Vision Insurance';

/** Appended to every description (spec §3: "Every description ends with a common suffix"). */
export const commonSuffix =
  'Extract this only if it is mentioned in the document, and only from within the named product section (or from a general part of the document that applies to every product); otherwise leave it blank.';

export interface FieldDefinition {
  /** Full label, e.g. `dentalInsurance_coveredServices_coverageLevelInNetwork`. */
  label: string;
  product: ProductName;
  productKey: ProductKey;
  /** Table (section) name, e.g. `coveredServices`; null for a single field. */
  section: string | null;
  /** Field or column name, e.g. `coverageLevelInNetwork`. */
  field: string;
  kind: 'field' | 'column';
  /** Display title, e.g. `Coverage (In-Network)` (titles.ts; the name in words when not listed). */
  title: string;
  /** What to extract, written from the spec's extraction rules (without the common suffix). */
  description: string;
}

export interface TableDefinition {
  /** Table label, e.g. `dentalInsurance_rateTiers`. */
  label: string;
  product: ProductName;
  productKey: ProductKey;
  section: string;
  /** A short human title for the section. */
  title: string;
  /** Column names in the order of the parsed data (`col` index). */
  columns: string[];
  /** Columns that identify a row (one row per distinct key). */
  keyColumns: string[];
  /** What one row of the table stands for. */
  rowDescription: string;
}

const asPrinted = 'Take the value exactly as printed (keep $, %, commas and words).';
const bothNetworks =
  'A single value printed for both networks (a cell spanning both columns, or a table with one value column and no network heading) applies to both in-network and out-of-network.';
const classWide =
  'A class-wide value (such as a deductible or annual maximum) is repeated on every service type row of that class; only a value printed in the service’s own row replaces it.';
const allClasses =
  'Data printed once for “All Classes” (or for a list of classes) applies to every class it names.';
const dateAsPrinted = 'Keep the date in the document’s own format.';

type ColumnSpec = [field: string, description: string];

const dental = 'dentalInsurance' as const;
const vision = 'visionInsurance' as const;

const singleFields: Array<[ProductKey, string, string]> = [
  [
    dental,
    'carrierName',
    'The insurance carrier (insurer) offering the dental plan, as the document names it. A provider network (for example Dentemax or GEHA) is not the carrier unless it is the insurer.',
  ],
  [
    dental,
    'effectiveDate',
    `The date dental coverage (or the renewal) takes effect, whatever its label (Effective Date, Proposed Effective Date, Renewal Date). ${dateAsPrinted}`,
  ],
  [
    vision,
    'carrierName',
    'The insurance carrier (insurer) offering the vision plan, as the document names it. A provider network (for example EyeMed or VSP) is not the carrier unless it is the insurer.',
  ],
  [
    vision,
    'effectiveDate',
    `The date vision coverage (or the renewal) takes effect, whatever its label. ${dateAsPrinted}`,
  ],
];

const classColumn = (what: string): ColumnSpec => [
  'class',
  `The plan class this row belongs to, by its own short name as printed (Class 1, Class A). A single unnumbered class takes the name the document gives the group (All Eligible Employees), or All Employees when none is given. Side-by-side plan options (Low Plan / High Plan) are each a class named as the option header. ${allClasses} Never use “All Classes” itself. ${what}`,
];

const tableSpecs: Array<{
  product: ProductKey;
  section: string;
  title: string;
  keyColumns: string[];
  rowDescription: string;
  columns: ColumnSpec[];
}> = [
  {
    product: dental,
    section: 'planInformation',
    title: 'Plan Information',
    keyColumns: ['class'],
    rowDescription: 'One row per plan class.',
    columns: [
      classColumn(''),
      [
        'classDefinition',
        `Who belongs to the class (its eligibility description), as printed. ${asPrinted}`,
      ],
      [
        'contributionStructure',
        'How the premium is paid: employer paid, contributory, voluntary, or the printed split between employer and employee.',
      ],
      [
        'minimumHoursPerWeek',
        'The minimum hours per week an employee must work to be eligible, as a number only (30, not “30 hours”), usually read from the class definition.',
      ],
      [
        'planName',
        'The dental plan’s name as printed (High Plan, PPO Option II). For side-by-side options, the option name unless a separate plan name is printed.',
      ],
      ['planType', 'The kind of dental plan (PPO, DHMO, indemnity), as printed.'],
      ['contributionType', 'Whether the plan is contributory or non-contributory, as printed.'],
      ['payCycle', 'The payroll cycle premiums are deducted on (weekly, bi-weekly, monthly).'],
    ],
  },
  {
    product: dental,
    section: 'rateTiers',
    title: 'Rate Tiers',
    keyColumns: ['class', 'rateTier'],
    rowDescription: 'One row per class and rate tier.',
    columns: [
      classColumn(''),
      [
        'rateTier',
        'The coverage tier label as printed (Employee Only, EE+SP, Employee + Child(ren), Family).',
      ],
      [
        'carrierMonthlyRate',
        'The carrier’s monthly premium for the tier: the total premium when employer and employee shares are also shown, and the renewal (proposed) rate in a renewal exhibit. Never a current-year rate, an employee share or a per-pay-period deduction; blank when only employee costs are printed.',
      ],
      ['employerMonthlyContribution', 'The employer’s monthly contribution for the tier.'],
      [
        'rateGuaranteeTime',
        'How long the rates are guaranteed, as a duration (24 months, 2 years). A calendar date goes to rateGuaranteeDate instead; “24 months (through 12/31/2027)” fills both.',
      ],
      [
        'rateGuaranteeDate',
        `The calendar date the rate guarantee runs until (12/31/2027). A duration goes to rateGuaranteeTime instead. ${dateAsPrinted}`,
      ],
      [
        'policyYear',
        'The period the rates are stated for, as printed (Plan Year 2026, 2026–2027, January 1, 2026 - December 31, 2026).',
      ],
    ],
  },
  {
    product: dental,
    section: 'coveredServices',
    title: 'Covered Services',
    keyColumns: ['class', 'serviceTypeLabel'],
    rowDescription: 'One row per class and service type (Preventive, Basic, Major, Orthodontia…).',
    columns: [
      classColumn(classWide),
      [
        'serviceTypeLabel',
        'The printed code of the service type (Type 1, Type A, Class II, Unit 3). When no code is printed, the category name as printed (Preventive Care).',
      ],
      [
        'serviceTypeTitle',
        'The category name of the service type (Preventive, Basic Restorative, Major, Orthodontia).',
      ],
      [
        'serviceTypeList',
        'The procedures listed with the service type (Exams, cleanings, X-rays), including a parenthetical that lists procedures.',
      ],
      [
        'coverageLevelInNetwork',
        `What the plan covers in network (100%, 80% after deductible). ${asPrinted} ${bothNetworks}`,
      ],
      [
        'coverageLevelOutOfNetwork',
        `What the plan covers out of network. ${asPrinted} ${bothNetworks}`,
      ],
      [
        'policyYearDeductibleIndividualInNetwork',
        `The individual deductible per policy (or calendar) year, in network. ${classWide} ${bothNetworks}`,
      ],
      [
        'policyYearDeductibleIndividualOutOfNetwork',
        `The individual deductible per policy year, out of network. ${classWide} ${bothNetworks}`,
      ],
      [
        'policyYearDeductibleFamilyInNetwork',
        `The family deductible per policy year, in network. ${classWide} ${bothNetworks}`,
      ],
      [
        'policyYearDeductibleFamilyOutOfNetwork',
        `The family deductible per policy year, out of network. ${classWide} ${bothNetworks}`,
      ],
      [
        'policyYearMaximumInNetwork',
        `The annual (policy or calendar year) benefit maximum, in network. ${classWide} ${bothNetworks}`,
      ],
      [
        'policyYearMaximumOutOfNetwork',
        `The annual benefit maximum, out of network. ${classWide} ${bothNetworks}`,
      ],
      [
        'orthodonticLifetimeMaximumInNetwork',
        `The orthodontic lifetime maximum in network, on the orthodontic row only. ${bothNetworks}`,
      ],
      [
        'orthodonticLifetimeMaximumOutOfNetwork',
        `The orthodontic lifetime maximum out of network, on the orthodontic row only. ${bothNetworks}`,
      ],
      [
        'coveredPersonsInNetwork',
        'Who is covered for orthodontics in network, as printed (Dependent children to age 19), on the orthodontic row only.',
      ],
      [
        'coveredPersonsOutOfNetwork',
        'Who is covered for orthodontics out of network, as printed, on the orthodontic row only.',
      ],
    ],
  },
  {
    product: vision,
    section: 'planInformation',
    title: 'Plan Information',
    keyColumns: ['class'],
    rowDescription: 'One row per plan class.',
    columns: [
      classColumn(''),
      ['classDefinition', `Who belongs to the class (its eligibility description). ${asPrinted}`],
      [
        'contributionStructure',
        'How the premium is paid: employer paid, contributory, voluntary, or the printed split.',
      ],
      [
        'minimumHoursPerWeek',
        'The minimum hours per week to be eligible, as a number only (30), usually read from the class definition.',
      ],
      [
        'childEligibilityAges',
        'The dependent-child age rule as printed (To age 26, Through the end of the month they turn 26).',
      ],
    ],
  },
  {
    product: vision,
    section: 'benefitSummary',
    title: 'Benefit Summary',
    keyColumns: ['class', 'servicesAndMaterials'],
    rowDescription:
      'One row per printed service line. Skip sub-section header rows and rows whose two cost cells are both empty; frequency lines belong to benefitFrequency.',
    columns: [
      classColumn(''),
      [
        'servicesAndMaterials',
        'The service or material line as printed, without its sub-section header (Single vision, not “Lenses – Single vision”).',
      ],
      [
        'inNetworkCost',
        `What the member pays or receives in network ($10 copay, $150 allowance; 20% off balance). ${asPrinted} ${bothNetworks}`,
      ],
      [
        'outOfNetworkReimbursement',
        `What is reimbursed out of network (Up to $45). ${asPrinted} ${bothNetworks}`,
      ],
    ],
  },
  {
    product: vision,
    section: 'benefitFrequency',
    title: 'Benefit Frequency',
    keyColumns: ['class'],
    rowDescription: 'One row per class.',
    columns: [
      classColumn(''),
      [
        'examination',
        'How often an eye examination is covered, as printed (Every 12 months). A frequency printed once for several items applies to each.',
      ],
      ['lensesOrContactLenses', 'How often lenses or contact lenses are covered, as printed.'],
      ['frame', 'How often frames are covered, as printed (Every 24 months).'],
    ],
  },
  {
    product: vision,
    section: 'rateTiers',
    title: 'Rate Tiers',
    keyColumns: ['class', 'rateTier'],
    rowDescription: 'One row per class and rate tier.',
    columns: [
      [
        'rateTier',
        'The coverage tier label as printed (Employee Only, Employee + Spouse, Family).',
      ],
      classColumn(''),
      [
        'carrierMonthlyRate',
        'The carrier’s monthly premium for the tier: the total premium when shares are also shown, the renewal rate in a renewal exhibit; never an employee share or a per-pay-period deduction.',
      ],
      [
        'rateGuaranteeTime',
        'How long the rates are guaranteed, as a duration (36 months). A calendar date goes to rateGuaranteeDate.',
      ],
      [
        'rateGuaranteeDate',
        `The calendar date the rate guarantee runs until. A duration goes to rateGuaranteeTime. ${dateAsPrinted}`,
      ],
      [
        'premiumContributions',
        'The employee’s contribution printed for the tier and class (monthly or per pay period, as printed); blank when not printed.',
      ],
    ],
  },
];

export const tableDefinitions: TableDefinition[] = tableSpecs.map((t) => ({
  label: `${t.product}_${t.section}`,
  product: productNames[t.product],
  productKey: t.product,
  section: t.section,
  title: t.title,
  columns: t.columns.map(([field]) => field),
  keyColumns: t.keyColumns,
  rowDescription: t.rowDescription,
}));

export const fieldDefinitions: FieldDefinition[] = [
  ...singleFields.map(
    ([productKey, field, description]): FieldDefinition => ({
      label: `${productKey}_${field}`,
      product: productNames[productKey],
      productKey,
      section: null,
      field,
      kind: 'field',
      title: fieldTitles[`${productKey}_${field}`] ?? camelCaseToWords(field),
      description,
    }),
  ),
  ...tableSpecs.flatMap((t) =>
    t.columns.map(
      ([field, description]): FieldDefinition => ({
        label: `${t.product}_${t.section}_${field}`,
        product: productNames[t.product],
        productKey: t.product,
        section: t.section,
        field,
        kind: 'column',
        title: fieldTitles[`${t.product}_${t.section}_${field}`] ?? camelCaseToWords(field),
        description: description.trim(),
      }),
    ),
  ),
];

const byLabel = new Map(fieldDefinitions.map((f) => [f.label, f]));
const tablesByLabel = new Map(tableDefinitions.map((t) => [t.label, t]));

export function fieldDefinition(label: string): FieldDefinition | undefined {
  return byLabel.get(label);
}

export function tableDefinition(label: string): TableDefinition | undefined {
  return tablesByLabel.get(label);
}

export function fieldsOfProduct(product: ProductName): FieldDefinition[] {
  return fieldDefinitions.filter((f) => f.product === product);
}

/** The full instruction for one field: its description followed by the common suffix. */
export function fieldInstruction(field: FieldDefinition): string {
  return `${field.description} ${commonSuffix}`;
}
