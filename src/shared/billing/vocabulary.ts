/**
 * The words of billing parameters (spec §3, §9): every choice a broker can make in the
 * billing-parameters editor, as the string values saved in a client's `classes[]`.
 * The catalogue, the schemas, the commands and the web app all read these lists.
 */

export const rateTypes = ['static', 'tiered', 'ageBanded'] as const;
export type RateType = (typeof rateTypes)[number];

/** An age band is static (one rate) or tiered (rate tiers); the product's bands share one mode. */
export const ageBandModes = ['static', 'tiered'] as const;
export type AgeBandMode = (typeof ageBandModes)[number];

/** Volume types: fixed amount, a multiple of salary, or earnings-based (spec "earnings-based"). */
export const volumeTypes = ['fixed', 'salary', 'earningsBased'] as const;
export type VolumeType = (typeof volumeTypes)[number];

/** The volume inputs besides its type, in the order the editor shows them. */
export const volumeFields = [
  'amount',
  'salaryMultiple',
  'coverageBasis',
  'benefitPercentage',
  'coveredPayrollMode',
  'minimum',
  'maximum',
  'increment',
  'roundingMethod',
] as const;
export type VolumeField = (typeof volumeFields)[number];

/** The numeric volume inputs. */
export const volumeNumberFields = [
  'amount',
  'salaryMultiple',
  'benefitPercentage',
  'minimum',
  'maximum',
  'increment',
] as const;
export type VolumeNumberField = (typeof volumeNumberFields)[number];

export const coverageBases = ['preBenefit', 'postBenefit'] as const;
export type CoverageBasis = (typeof coverageBases)[number];

export const payrollModes = ['weekly', 'monthly'] as const;
export type PayrollMode = (typeof payrollModes)[number];

/** Rounding: to the nearest increment, up, or down. */
export const roundingMethods = ['nearest', 'up', 'down'] as const;
export type RoundingMethod = (typeof roundingMethods)[number];

export const ageReductionTypes = ['percentage', 'amount'] as const;
export type AgeReductionType = (typeof ageReductionTypes)[number];

export const attainedAgeAnchors = ['effectiveDate', 'policyStart', 'calendarYearStart'] as const;
export type AttainedAgeAnchor = (typeof attainedAgeAnchors)[number];

export const attainedAgeMethods = ['ageLastBirthday', 'ageNearest'] as const;
export type AttainedAgeMethod = (typeof attainedAgeMethods)[number];

export const reRateOnOptions = [
  'effectiveDateAnniversary',
  'policyAnniversary',
  'calendarYearStart',
] as const;
export type ReRateOn = (typeof reRateOnOptions)[number];

export const reRateAlignments = [
  'dayOfChange',
  'firstOfMonthCoincidingOrFollowing',
  'firstOfMonthFollowing',
  'firstOfYear',
  'firstOfSpecifiedMonth',
] as const;
export type ReRateAlignment = (typeof reRateAlignments)[number];

export const attainedAgeFields = [
  'anchor',
  'method',
  'reRateOn',
  'reRateAlignment',
  'reRateMonth',
] as const;
export type AttainedAgeField = (typeof attainedAgeFields)[number];

/** Per volume type, the inputs that type uses (spec §4 "Volume type change": what each type clears). */
export const volumeTypeInputs: Readonly<Record<VolumeType, readonly VolumeField[]>> = {
  // fixed clears salary multiple, coverage basis, benefit percentage, payroll mode, minimum,
  // maximum, increment and rounding
  fixed: ['amount'],
  // salary clears amount, coverage basis, percentage and payroll mode
  salary: ['salaryMultiple', 'minimum', 'maximum', 'increment', 'roundingMethod'],
  // earnings-based clears amount and salary multiple
  earningsBased: [
    'coverageBasis',
    'benefitPercentage',
    'coveredPayrollMode',
    'minimum',
    'maximum',
    'increment',
    'roundingMethod',
  ],
};

/** Labels the broker sees, used in the editor and in validation messages. */
export const rateTypeLabels: Readonly<Record<RateType, string>> = {
  static: 'Static',
  tiered: 'Tiered',
  ageBanded: 'Age-banded',
};
export const ageBandModeLabels: Readonly<Record<AgeBandMode, string>> = {
  static: 'Static',
  tiered: 'Tiered',
};
export const volumeTypeLabels: Readonly<Record<VolumeType, string>> = {
  fixed: 'Fixed',
  salary: 'Salary',
  earningsBased: 'Earnings-based',
};
export const volumeFieldLabels: Readonly<Record<VolumeField, string>> = {
  amount: 'Amount',
  salaryMultiple: 'Salary Multiple',
  coverageBasis: 'Coverage Basis',
  benefitPercentage: 'Benefit Percentage',
  coveredPayrollMode: 'Covered Payroll Mode',
  minimum: 'Minimum',
  maximum: 'Maximum',
  increment: 'Increment',
  roundingMethod: 'Rounding Method',
};
export const coverageBasisLabels: Readonly<Record<CoverageBasis, string>> = {
  preBenefit: 'Pre-benefit',
  postBenefit: 'Post-benefit',
};
export const payrollModeLabels: Readonly<Record<PayrollMode, string>> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};
export const roundingMethodLabels: Readonly<Record<RoundingMethod, string>> = {
  nearest: 'Nearest increment',
  up: 'Up',
  down: 'Down',
};
export const ageReductionTypeLabels: Readonly<Record<AgeReductionType, string>> = {
  percentage: 'Percentage',
  amount: 'Amount',
};
export const attainedAgeFieldLabels: Readonly<Record<AttainedAgeField, string>> = {
  anchor: 'Anchor',
  method: 'Age Method',
  reRateOn: 'Re-rate On',
  reRateAlignment: 'Re-rate Alignment',
  reRateMonth: 'Re-rate Month',
};
export const attainedAgeAnchorLabels: Readonly<Record<AttainedAgeAnchor, string>> = {
  effectiveDate: 'Effective Date',
  policyStart: 'Policy Start',
  calendarYearStart: 'Calendar Year Start',
};
export const attainedAgeMethodLabels: Readonly<Record<AttainedAgeMethod, string>> = {
  ageLastBirthday: 'Age Last Birthday',
  ageNearest: 'Age Nearest',
};
export const reRateOnLabels: Readonly<Record<ReRateOn, string>> = {
  effectiveDateAnniversary: 'Effective Date Anniversary',
  policyAnniversary: 'Policy Anniversary',
  calendarYearStart: 'Calendar Year Start',
};
export const reRateAlignmentLabels: Readonly<Record<ReRateAlignment, string>> = {
  dayOfChange: 'Day of Change',
  firstOfMonthCoincidingOrFollowing: 'First of Month Coinciding or Following',
  firstOfMonthFollowing: 'First of Month Following',
  firstOfYear: 'First of Year',
  firstOfSpecifiedMonth: 'First of Specified Month',
};
