/**
 * Display titles of the catalogue's fields and columns, by label: what the proposal screens and
 * the debug view show instead of the camelCase name. Read them through `FieldDefinition.title`
 * (catalogue.ts); a label missing here falls back to its name in words.
 *
 * Network pairs are titled `X (In-Network)` / `X (Out-of-Network)`: the proposal view strips the
 * suffix to title the row that shows both values side by side.
 */
export const fieldTitles: Record<string, string> = {
  dentalInsurance_carrierName: 'Carrier',
  dentalInsurance_effectiveDate: 'Effective Date',
  visionInsurance_carrierName: 'Carrier',
  visionInsurance_effectiveDate: 'Effective Date',

  dentalInsurance_planInformation_class: 'Class',
  dentalInsurance_planInformation_classDefinition: 'Class Definition',
  dentalInsurance_planInformation_contributionStructure: 'Contribution Structure',
  dentalInsurance_planInformation_minimumHoursPerWeek: 'Minimum Hours per Week',
  dentalInsurance_planInformation_planName: 'Plan Name',
  dentalInsurance_planInformation_planType: 'Plan Type',
  dentalInsurance_planInformation_contributionType: 'Contribution Type',
  dentalInsurance_planInformation_payCycle: 'Pay Cycle',

  dentalInsurance_rateTiers_class: 'Class',
  dentalInsurance_rateTiers_rateTier: 'Rate Tier',
  dentalInsurance_rateTiers_carrierMonthlyRate: 'Carrier Monthly Rate',
  dentalInsurance_rateTiers_employerMonthlyContribution: 'Employer Monthly Contribution',
  dentalInsurance_rateTiers_rateGuaranteeTime: 'Rate Guarantee',
  dentalInsurance_rateTiers_rateGuaranteeDate: 'Rate Guaranteed Until',
  dentalInsurance_rateTiers_policyYear: 'Policy Year',

  dentalInsurance_coveredServices_class: 'Class',
  dentalInsurance_coveredServices_serviceTypeLabel: 'Service Type',
  dentalInsurance_coveredServices_serviceTypeTitle: 'Service Type Title',
  dentalInsurance_coveredServices_serviceTypeList: 'Services Included',
  dentalInsurance_coveredServices_coverageLevelInNetwork: 'Coverage (In-Network)',
  dentalInsurance_coveredServices_coverageLevelOutOfNetwork: 'Coverage (Out-of-Network)',
  dentalInsurance_coveredServices_policyYearDeductibleIndividualInNetwork:
    'Individual Deductible (In-Network)',
  dentalInsurance_coveredServices_policyYearDeductibleIndividualOutOfNetwork:
    'Individual Deductible (Out-of-Network)',
  dentalInsurance_coveredServices_policyYearDeductibleFamilyInNetwork:
    'Family Deductible (In-Network)',
  dentalInsurance_coveredServices_policyYearDeductibleFamilyOutOfNetwork:
    'Family Deductible (Out-of-Network)',
  dentalInsurance_coveredServices_policyYearMaximumInNetwork: 'Policy-Year Maximum (In-Network)',
  dentalInsurance_coveredServices_policyYearMaximumOutOfNetwork:
    'Policy-Year Maximum (Out-of-Network)',
  dentalInsurance_coveredServices_orthodonticLifetimeMaximumInNetwork:
    'Orthodontic Lifetime Maximum (In-Network)',
  dentalInsurance_coveredServices_orthodonticLifetimeMaximumOutOfNetwork:
    'Orthodontic Lifetime Maximum (Out-of-Network)',
  dentalInsurance_coveredServices_coveredPersonsInNetwork: 'Covered Persons (In-Network)',
  dentalInsurance_coveredServices_coveredPersonsOutOfNetwork: 'Covered Persons (Out-of-Network)',

  visionInsurance_planInformation_class: 'Class',
  visionInsurance_planInformation_classDefinition: 'Class Definition',
  visionInsurance_planInformation_contributionStructure: 'Contribution Structure',
  visionInsurance_planInformation_minimumHoursPerWeek: 'Minimum Hours per Week',
  visionInsurance_planInformation_childEligibilityAges: 'Child Eligibility Ages',

  visionInsurance_benefitSummary_class: 'Class',
  visionInsurance_benefitSummary_servicesAndMaterials: 'Services & Materials',
  visionInsurance_benefitSummary_inNetworkCost: 'Cost (In-Network)',
  visionInsurance_benefitSummary_outOfNetworkReimbursement: 'Reimbursement (Out-of-Network)',

  visionInsurance_benefitFrequency_class: 'Class',
  visionInsurance_benefitFrequency_examination: 'Examination',
  visionInsurance_benefitFrequency_lensesOrContactLenses: 'Lenses or Contact Lenses',
  visionInsurance_benefitFrequency_frame: 'Frame',

  visionInsurance_rateTiers_rateTier: 'Rate Tier',
  visionInsurance_rateTiers_class: 'Class',
  visionInsurance_rateTiers_carrierMonthlyRate: 'Carrier Monthly Rate',
  visionInsurance_rateTiers_rateGuaranteeTime: 'Rate Guarantee',
  visionInsurance_rateTiers_rateGuaranteeDate: 'Rate Guaranteed Until',
  visionInsurance_rateTiers_premiumContributions: 'Employee Contribution',
};
