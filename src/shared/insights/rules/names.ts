/** Short broker words for the sections and columns of parsed proposal data, used in findings. */

const sectionNouns = new Map<string, string>([
  ['planInformation', 'plan information'],
  ['rateTiers', 'rates'],
  ['coveredServices', 'covered services'],
  ['benefitSummary', 'benefits'],
  ['benefitFrequency', 'benefit frequency'],
]);

const columnNouns = new Map<string, string>([
  ['carrierName', 'carrier name'],
  ['effectiveDate', 'effective date'],
  ['class', 'class names'],
  ['classDefinition', 'class definition'],
  ['contributionStructure', 'contribution structure'],
  ['contributionType', 'contribution type'],
  ['minimumHoursPerWeek', 'minimum hours'],
  ['planName', 'plan name'],
  ['planType', 'plan type'],
  ['payCycle', 'pay cycle'],
  ['childEligibilityAges', 'child eligibility'],
  ['rateTier', 'rate tiers'],
  ['carrierMonthlyRate', 'rates'],
  ['employerMonthlyContribution', 'employer contribution'],
  ['rateGuaranteeTime', 'rate guarantee'],
  ['rateGuaranteeDate', 'rate guarantee'],
  ['policyYear', 'policy year'],
  ['premiumContributions', 'contributions'],
  ['serviceTypeLabel', 'service types'],
  ['serviceTypeTitle', 'service types'],
  ['serviceTypeList', 'service types'],
  ['coverageLevelInNetwork', 'coverage levels'],
  ['coverageLevelOutOfNetwork', 'coverage levels'],
  ['policyYearDeductibleIndividualInNetwork', 'deductibles'],
  ['policyYearDeductibleIndividualOutOfNetwork', 'deductibles'],
  ['policyYearDeductibleFamilyInNetwork', 'deductibles'],
  ['policyYearDeductibleFamilyOutOfNetwork', 'deductibles'],
  ['policyYearMaximumInNetwork', 'annual maximum'],
  ['policyYearMaximumOutOfNetwork', 'annual maximum'],
  ['orthodonticLifetimeMaximumInNetwork', 'ortho maximum'],
  ['orthodonticLifetimeMaximumOutOfNetwork', 'ortho maximum'],
  ['coveredPersonsInNetwork', 'ortho eligibility'],
  ['coveredPersonsOutOfNetwork', 'ortho eligibility'],
  ['servicesAndMaterials', 'benefits'],
  ['inNetworkCost', 'benefits'],
  ['outOfNetworkReimbursement', 'benefits'],
  ['examination', 'benefit frequency'],
  ['lensesOrContactLenses', 'benefit frequency'],
  ['frame', 'benefit frequency'],
]);

/** 'rates' for `rateTiers`; the section name split into words for one not listed. */
export function sectionNoun(section: string): string {
  return sectionNouns.get(section) ?? splitWords(section);
}

/** 'rates' for `carrierMonthlyRate`; the column name split into words for one not listed. */
export function columnNoun(column: string): string {
  return columnNouns.get(column) ?? splitWords(column);
}

function splitWords(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
