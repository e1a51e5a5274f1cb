import { describe, expect, it } from 'vitest';
import {
  AMOUNT_HEADING,
  ageGroupOf,
  amountsByNetwork,
  BARE_PROCEDURE_CODE,
  BUNDLED_WITH,
  CONTINUED,
  COVERAGE_VALUE,
  costOfItemAbove,
  coverageAndPersons,
  DEDUCTIBLE_WAIVER,
  DENTAL_VISION_WORD,
  DISCOUNTS_CAPTION,
  deductibleOfService,
  deductiblesSaid,
  definesInASentence,
  dentalRowKind,
  ELECTION_FORM_TITLE,
  FEE_COMPARISON,
  frequenciesInLabel,
  frequencyInLabel,
  frequencyItems,
  GROUP_AFTER_ACCOUNT,
  GROUP_NAME_LINE,
  groupNameWrapped,
  groupOfFormTitle,
  highlightedMaximum,
  ILLUSTRATION_TITLE,
  isDentalProcedureName,
  isOptionName,
  isPlanTermLabel,
  isTierLabel,
  isVisionService,
  keyKind,
  lensKindsByLine,
  lifetimeMaximumAndPersons,
  memberGroupOf,
  NO_AMOUNT,
  namesOtherCoverage,
  networkMaximums,
  networkOf,
  networkOfProvider,
  OTHER_BENEFIT,
  PARENTHESES_OUT_OF_NETWORK,
  PLAN_NUMBER_LINE,
  parseServiceLabel,
  planOfHeading,
  productsNamed,
  REFERS_BACK,
  RUNS_ON,
  rateMeasure,
  scheduledHours,
  sentenceMaximums,
  shareBeforeLimit,
  TAGGED_AMOUNT,
  TIER_LABEL,
  VALUE_OWN_ENDING,
  valueFitsSlot,
  valuesByAge,
  valuesByLevel,
  visionConcept,
  WHO_ONLY,
  yearOfMembership,
} from './vocabulary.ts';

describe('parseServiceLabel', () => {
  it.each([
    ['Type 1 – Preventive', { label: 'Type 1', title: 'Preventive' }],
    ['Type A - Diagnostic & Preventive', { label: 'Type A', title: 'Diagnostic & Preventive' }],
    ['Class II: Basic Services', { label: 'Class II', title: 'Basic Services' }],
    ['Unit 3 Major', { label: 'Unit 3', title: 'Major' }],
    ['Coverage C – Major Restorative', { label: 'Coverage C', title: 'Major Restorative' }],
    ['Basic (Type B)', { label: 'Type B', title: 'Basic' }],
    ['Type I (Preventive & Diagnostic)', { label: 'Type I', title: 'Preventive & Diagnostic' }],
    // the category's name in parentheses with its generic word, then what it includes
    [
      'Class A (Basic) Services – preventive and diagnostic',
      { label: 'Class A', title: 'Basic Services', list: 'preventive and diagnostic' },
    ],
    [
      'Class B (Intermediate) Services – includes minor restorative services',
      { label: 'Class B', title: 'Intermediate Services', list: 'minor restorative services' },
    ],
    ['Type C (Major) Benefits', { label: 'Type C', title: 'Major Benefits' }],
    ['Preventive Care', { label: 'Preventive Care', title: 'Preventive Care' }],
    [
      'D2962 Labial veneer (porcelain laminate) – laboratory',
      {
        label: 'D2962 Labial veneer – laboratory',
        title: 'D2962 Labial veneer – laboratory',
        list: 'porcelain laminate',
      },
    ],
    [
      'D9972 External bleaching (teeth whitening) – per arch',
      {
        label: 'D9972 External bleaching – per arch',
        title: 'D9972 External bleaching – per arch',
        list: 'teeth whitening',
      },
    ],
    [
      'Oral Surgery (includes surgical extractions)',
      { label: 'Oral Surgery', title: 'Oral Surgery', list: 'includes surgical extractions' },
    ],
    [
      'Orthodontia (children under 19)',
      { label: 'Orthodontia', title: 'Orthodontia', persons: 'children under 19' },
    ],
    [
      'Preventive (e.g., X-rays, cleanings, exams)',
      { label: 'Preventive', title: 'Preventive', list: 'X-rays, cleanings, exams' },
    ],
    [
      'Preventive Services (deductible waived)',
      { label: 'Preventive Services', title: 'Preventive Services' },
    ],
    [
      'Orthodontics for dependent children to age 19',
      { label: 'Orthodontics', title: 'Orthodontics', persons: 'dependent children to age 19' },
    ],
    [
      'Orthodontia for Adults and Children',
      { label: 'Orthodontia', title: 'Orthodontia', persons: 'Adults and Children' },
    ],
    ['Coverage for Implants', { label: 'Coverage for Implants', title: 'Coverage for Implants' }],
    [
      'Restorations (Amalgam or Anterior Composite)',
      { label: 'Restorations', title: 'Restorations', list: 'Amalgam or Anterior Composite' },
    ],
    [
      'Fixed Partial Dentures (Bridges)',
      { label: 'Fixed Partial Dentures', title: 'Fixed Partial Dentures', list: 'Bridges' },
    ],
    // footnote marks on words inside the label go; qualifiers of a procedure stay as printed
    [
      'Routine evaluations, dental cleanings, sealants*, X-rays, fluoride treatments*, pulp tests',
      {
        label:
          'Routine evaluations, dental cleanings, sealants, X-rays, fluoride treatments, pulp tests',
        title:
          'Routine evaluations, dental cleanings, sealants, X-rays, fluoride treatments, pulp tests',
      },
    ],
    [
      'Non-surgical extractions (above gumline)',
      {
        label: 'Non-surgical extractions (above gumline)',
        title: 'Non-surgical extractions (above gumline)',
      },
    ],
    // two kinds of the procedure joined by 'and' are its list
    [
      'Anesthesia (general and IV sedation)',
      { label: 'Anesthesia', title: 'Anesthesia', list: 'general and IV sedation' },
    ],
    [
      'Fillings (amalgam and composite)',
      { label: 'Fillings', title: 'Fillings', list: 'amalgam and composite' },
    ],
    [
      'Endodontics (Non-Surgical)',
      { label: 'Endodontics (Non-Surgical)', title: 'Endodontics (Non-Surgical)' },
    ],
    // how often a procedure is covered is a note, commas or not
    [
      'X-rays-full mouth series or panoramic (either one, once in five years)',
      {
        label: 'X-rays-full mouth series or panoramic',
        title: 'X-rays-full mouth series or panoramic',
      },
    ],
    [
      'Sealants (1st and 2nd permanent, decay-free molars, once in a lifetime, for children to age 16)',
      { label: 'Sealants', title: 'Sealants' },
    ],
    [
      'Exams, Cleanings (each twice per Calendar Year per person)',
      { label: 'Exams, Cleanings', title: 'Exams, Cleanings' },
    ],
    // a sentence in parentheses is a note
    [
      'Extractions, Oral Surgery (impacted wisdom teeth claims should first go to medical carrier)',
      { label: 'Extractions, Oral Surgery', title: 'Extractions, Oral Surgery' },
    ],
    // a parenthetical that says the label again in other words is a note
    [
      'Repair of Dentures (Repair of existing prosthetic appliances)',
      { label: 'Repair of Dentures', title: 'Repair of Dentures' },
    ],
    [
      'Repair of Bridges (Repair of existing fixed appliances)',
      { label: 'Repair of Bridges', title: 'Repair of Bridges' },
    ],
    // (one that names other procedures is still the list)
    [
      'Crowns (crowns, inlays, onlays)',
      { label: 'Crowns', title: 'Crowns', list: 'crowns, inlays, onlays' },
    ],
    // a comma left before a dropped note ends nothing
    [
      'Exams, Cleanings, (each twice per Calendar Year per person, ages 14 and older are considered adults)',
      { label: 'Exams, Cleanings', title: 'Exams, Cleanings' },
    ],
    // (a list stays a list)
    [
      'Basic (fillings, extractions, once-a-day care)',
      { label: 'Basic', title: 'Basic', list: 'fillings, extractions, once-a-day care' },
    ],
  ])('%j', (text, expected) => {
    expect(parseServiceLabel(text)).toEqual(expected);
  });
});

describe('a coverage printed with whom it covers', () => {
  it.each([
    ['50% (Under age 19)', { coverage: '50%', persons: 'Under age 19' }],
    ['50%\n(Any age)', { coverage: '50%', persons: 'Any age' }],
    ['60% (adults and children)', { coverage: '60%', persons: 'adults and children' }],
    ['50 % (dependent children to 26)', { coverage: '50 %', persons: 'dependent children to 26' }],
    ['50% (after deductible)', undefined],
    ['80% (in network only)', undefined],
    ['$1,500 (Under age 19)', undefined],
    ['50%', undefined],
  ])('%j', (value, expected) => {
    expect(coverageAndPersons(value)).toEqual(expected);
  });
});

describe('orthodontia’s lifetime maximum printed with whom it covers', () => {
  it.each([
    ['$1,000 lifetime\nUp to age 19', { maximum: '$1,000 lifetime', persons: 'Up to age 19' }],
    [
      '$1,500 lifetime maximum (to age 26)',
      { maximum: '$1,500 lifetime maximum', persons: 'to age 26' },
    ],
    [
      '$2,000 per lifetime; dependent children',
      { maximum: '$2,000 per lifetime', persons: 'dependent children' },
    ],
    ['$1,000 lifetime', undefined],
    ['$1,000 lifetime after deductible', undefined],
    ['50% (Under age 19)', undefined],
    ['$1,000 per year, up to age 19', undefined],
  ])('%j', (value, expected) => {
    expect(lifetimeMaximumAndPersons(value)).toEqual(expected);
  });
});

describe('how often a service line says its items come', () => {
  it.each([
    ['Yearly routine exam copay', [['examination', 'Yearly']]],
    ['Annual Eye Exam', [['examination', 'Annual']]],
    [
      'Bi-Annual Frames & Annual Lenses',
      [
        ['frame', 'Bi-Annual'],
        ['lensesOrContactLenses', 'Annual'],
      ],
    ],
    ['Exam copay', []],
    ['Annual deductible', []],
    ['Frames', []],
  ])('%j', (label, expected) => {
    expect(frequenciesInLabel(label)).toEqual(expected);
  });
});

describe('dentalRowKind', () => {
  it.each([
    // the CDT's adjunctive general services are a category of their own
    ['Adjunctive General Services', '', 'service'],
    ['Calendar Year Deductible – Individual', '', 'deductibleIndividual'],
    ['Annual Deductible – Family', '', 'deductibleFamily'],
    ['Individual', 'Deductible (calendar year)', 'deductibleIndividual'],
    ['Family', 'Deductible (per benefit period)', 'deductibleFamily'],
    ['Deductible (Individual / Family)', '', 'deductible'],
    // a note in parentheses that names the other tier does not make the row both
    [
      'Family (family Deductible is accumulated by individual Deductibles)',
      'Calendar Year Deductible',
      'deductibleFamily',
    ],
    ['Individual (the family deductible is met first)', 'Deductible', 'deductibleIndividual'],
    ['Family (Individual x 3)', 'Annual Deductible', 'deductibleFamily'],
    ['Deductible', '', 'deductible'],
    ['Calendar Year Maximum (per person)', '', 'annualMaximum'],
    ['Annual Maximum Benefit', '', 'annualMaximum'],
    ['Benefit Maximum', '', 'annualMaximum'],
    ['Annual Maximum', 'Annual Maximum (per member)', 'annualMaximum'],
    ['Orthodontic Lifetime Maximum', '', 'orthoMaximum'],
    ['Lifetime Orthodontia Max', '', 'orthoMaximum'],
    ['Orthodontic Eligibility', '', 'orthoPersons'],
    ['Orthodontic Covered Persons', '', 'orthoPersons'],
    ['Type 2 – Basic', '', 'service'],
    ['Major Restorative', '', 'service'],
    ['Orthodontics', '', 'service'],
    ['Fillings', '', 'service'],
    ['Crowns and Bridges', '', 'service'],
    ['Root Canals', '', 'service'],
    ['Periodic Oral Evaluation', '', 'service'],
    ['Dental Prophylaxis (Cleanings)', '', 'service'],
    ['Radiographs', '', 'service'],
    ['Bitewing X-rays', '', 'service'],
    ['Fluoride Treatments', '', 'service'],
    ['Space Maintainers', '', 'service'],
    // a note on how the deductible applies to a category keeps the row the category's
    ['Preventive (deductible does not apply)', 'Coinsurance', 'service'],
    ['Basic Services (deductible waived)', '', 'service'],
    ['Deductible (waived for preventive)', '', 'deductible'],
    ['Preventive', 'Deductible', 'other'],
    ['Eye Exam', '', 'other'],
    ['Waiting Periods', '', 'other'],
    ['Network', '', 'other'],
    // abbreviated categories, and orthodontia's own maximums in its own table
    ['Endo/Perio**', '', 'service'],
    ['Perio', '', 'service'],
    ['Endorsement', '', 'other'],
    ['Lifetime Maximum', 'Optional Orthodontia', 'orthoMaximum'],
    ['Orthodontia Annual Maximum', '', 'orthoYearMaximum'],
    ['Annual Maximum', 'Orthodontia', 'orthoYearMaximum'],
    ['Lifetime Maximum', '', 'other'],
    // a maximum in a note on a procedure is how often, no benefit maximum
    ['D1110 Additional prophylaxis (maximum of 2 additional per year) – adult', '', 'service'],
    // a category bar's note on the deductible makes no deductible section of it
    [
      'Implants (once every 60 months ages 19 and older)',
      'Other Services (After Deductible)',
      'service',
    ],
    ['Space Maintainers', 'Preventive & Diagnostic Services (No Deductible)', 'service'],
    ['Individual', 'Calendar Year Deductible', 'deductibleIndividual'],
  ])('%j under %j is %s', (label, section, kind) => {
    expect(dentalRowKind(label, section)).toBe(kind);
  });
});

describe('networkOf', () => {
  it.each([
    ['In-Network', 'in'],
    ['In Network Member Cost', 'in'],
    ['Out-of-Network', 'out'],
    ['Out-of-Network Reimbursement', 'out'],
    ['Delta Dental PPO', 'in'],
    ['Delta Dental Premier', 'in'],
    ['Non-Network Dentists', 'out'],
    ['Non-Par', 'out'],
    ['Low Plan', undefined],
    ['Frequency', undefined],
  ])('%j → %s', (heading, expected) => {
    expect(networkOf(heading)).toBe(expected);
  });
});

describe('tiers, measures, options', () => {
  it.each([
    'Employee Only',
    'EE',
    'EE+SP',
    'Employee + Child(ren)',
    'Employee & Family',
    'Family',
    'You and Spouse/Domestic Partner',
    'Employee + 2 or more',
    'Composite',
    // an individual plan's tiers
    'Participant',
    'Plus One',
    // an election form's tiers
    '2-Party',
    'Two Party',
  ])('%j is a tier', (label) => {
    expect(isTierLabel(label)).toBe(true);
  });

  it.each([
    'Preventive',
    'Calendar Year Maximum',
    'Frames',
    // a column of the provider one uses is a network's, however it is worded
    'If you use a Delta Dental PPO Dentist',
    'If you use a Non-Participating Dentist',
    'If you use a Delta Dental Participating Specialist',
  ])('%j is not a tier', (label) => {
    expect(isTierLabel(label)).toBe(false);
  });

  it.each([
    ['Monthly Rate', 'rate'],
    ['Total Premium', 'rate'],
    ['Renewal 2026–2027', 'rate'],
    ['Current 2025–2026', 'current'],
    ['% Change', 'change'],
    ['Employee Contribution', 'employee'],
    ['Class A Employee Contribution', 'employee'],
    ['Employer Share', 'employer'],
    ['Cost Per Pay Period (24 per year)', 'perPay'],
    ['Bi-Weekly Deduction', 'perPay'],
    ['Annual Premium', 'annual'],
    ['Low Plan', 'other'],
  ])('%j holds %s', (heading, measure) => {
    expect(rateMeasure(heading)).toBe(measure);
  });

  it.each([
    ['Low Plan', true],
    ['Buy-Up Plan', true],
    ['Enhanced Plan', true],
    ['Option 2', true],
    ['Plan Pays', false],
    ['In-Network', false],
    ['Services & Materials', false],
    // a plan type names a plan however long the area it serves
    ['AETNA DMO NTL (EXCEPT NJ, TX, CA, AZ)', true],
    ['AETNA DMO NTL LGL NJ, TX, CA, AZ, NC', true],
    ['AETNA HIGH DPPO NE (NY, NJ, CT, PA) R3', true],
    ['Your share of the cost for covered services after the deductible', false],
    // a bare number keys a row by place or position (a rating area), not by plan
    ['1', false],
    ['12', false],
    ['PPO 1000', true],
    // a year of membership heads what the plan pays that year, it names no plan
    ['Year 2', false],
    ['Plan Pays Year 1', false],
  ])('%j is an option name: %s', (text, expected) => {
    expect(isOptionName(text)).toBe(expected);
  });

  it.each([
    ['Year 1', 'Year 1'],
    ['Plan Pays Year 1', 'Year 1'],
    ['Year 3+', 'Year 3+'],
    ['2nd Year', '2nd Year'],
    ['4th Year and after', '4th Year and after'],
    ['Plan Year 2026', undefined],
    ['Year 2026', undefined],
    ['Yearly Maximum', undefined],
    ['0-12 Months', '0-12 Months'],
    ['13–24 Months', '13–24 Months'],
    ['25+ Months', '25+ Months'],
    ['12 Months', undefined],
    ['Every 24 Months', undefined],
  ])('%j names the year of membership %j', (heading, year) => {
    expect(yearOfMembership(heading)).toBe(year);
  });

  it.each([
    ['Employee Medical Summary', true],
    ['Basic Life and Accidental Death & Dismemberment Insurance', true],
    ['Voluntary Short Term Disability Insurance', true],
    ['Critical Illness Insurance', true],
    ['Accident Insurance', true],
    ['Group Hospital Indemnity', true],
    ['Employee Assistance Program (EAP) and Health Advocate', true],
    ['Flexible Spending Accounts', true],
    // a heading made only of medical and pharmacy words ('Medical Rx' over an employer's grid)
    ['Medical Rx', true],
    ['Medical', true],
    ['Medical & Pharmacy', true],
    ['Prescription Drugs', true],
    ['Medical Rx and Dental', false],
    ['Medical necessity', false],
    // dental and vision headings, and words that only sound like another coverage
    ['Employee Dental Benefits Summary', false],
    ['Medically necessary contact lenses', false],
    ['Accidental injury to natural teeth', false],
    ['Life of the plan', false],
    ['Vision and Life Insurance', false],
    // an insurer's legal name is no heading of life insurance
    ['mark of Ameritas Life Insurance Corp. and is used with permission.)', false],
    ['underwritten by Acme Life Insurance Company', false],
  ])('%j names another line of coverage: %s', (text, expected) => {
    expect(namesOtherCoverage(text)).toBe(expected);
  });
});

describe('labels', () => {
  it.each([
    ['Carrier', 'carrier', undefined],
    ['Insurance Carrier', 'carrier', undefined],
    ['Proposed Effective Date', 'effectiveDate', undefined],
    ['Renewal Date', 'effectiveDate', undefined],
    ['Effective Date:', 'effectiveDate', undefined],
    ['Eff. Date', 'effectiveDate', undefined],
    ['Eff.', 'effectiveDate', undefined],
    ['Group Effective Date', 'effectiveDate', undefined],
    ['Plan Effective Date', 'effectiveDate', undefined],
    ['Effective as of', 'effectiveDate', undefined],
    ['Coverage Start Date', 'effectiveDate', undefined],
    ['Date Effective', 'effectiveDate', undefined],
    ['Eligible Class', 'className', undefined],
    ['Eligible Group', 'className', undefined],
    ['Job Class', 'className', undefined],
    ['Class Definition', 'classDefinition', undefined],
    ['Eligibility Rule', 'classDefinition', undefined],
    ['Dental Contribution', 'contribution', 'dental'],
    ['Funding', 'contribution', undefined],
    ['Dependent Children (vision)', 'childAges', 'vision'],
    ['Child eligibility', 'childAges', undefined],
    ['Plan Name', 'planName', undefined],
    ['Rate Guarantee', 'rateGuarantee', undefined],
    ['Policy Year', 'policyYear', undefined],
    ['Quote ID', undefined, undefined],
  ])('%j is %s', (label, kind, product) => {
    const k = keyKind(label);
    expect(k?.kind).toBe(kind);
    expect(k?.product).toBe(product);
  });

  it('names products', () => {
    expect(productsNamed('Group Dental and Vision Proposal')).toEqual(['dental', 'vision']);
    expect(productsNamed('Blue View Vision')).toEqual(['vision']);
  });

  it.each([
    ['Examination', ['examination']],
    ['Lenses or Contact Lenses', ['lensesOrContactLenses']],
    ['Frames', ['frame']],
    ['Exam / Lenses / Frames', ['examination', 'lensesOrContactLenses', 'frame']],
  ])('frequency items of %j', (label, items) => {
    expect(frequencyItems(label)).toEqual(items);
  });
});

describe('a parenthetical that names the service', () => {
  it('is the list, not the covered persons', () => {
    expect(parseServiceLabel('Type IV – Orthodontia (Child orthodontia)')).toMatchObject({
      label: 'Type IV',
      title: 'Orthodontia',
      list: 'Child orthodontia',
    });
    expect(parseServiceLabel('Orthodontia (children under 19)').persons).toBe('children under 19');
  });
});

describe('fifth-round vocabulary', () => {
  it('reads a monthly premium "per member" as the carrier rate, not the member share', () => {
    expect(rateMeasure('Monthly Premium per Member')).toBe('rate');
    expect(rateMeasure('Member Premium')).toBe('employee');
    expect(rateMeasure('Rate per Employee')).toBe('rate');
  });

  it('reads "Hours Requirement" as the minimum hours', () => {
    expect(keyKind('Hours Requirement')?.kind).toBe('hours');
    expect(keyKind('Required Hours')?.kind).toBe('hours');
  });
});

describe('what a slot value is made of', () => {
  it.each([
    ['coverageLevelInNetwork', '80%', true],
    ['coverageLevelInNetwork', '50 percent', true],
    ['coverageLevelOutOfNetwork', 'No Coverage', true],
    ['coverageLevelInNetwork', 'Not covered', true],
    ['coverageLevelInNetwork', 'activities.', false],
    ['coverageLevelInNetwork', 'habit appliances, and any fixed or removable', false],
    [
      'coverageLevelInNetwork',
      'Limited to Covered Persons under the age of sixteen (16) years, and to one (1) time per first or second unrestored permanent molar every consecutive thirty-six (36) months.',
      false,
    ],
    ['policyYearDeductibleIndividualInNetwork', '$50', true],
    ['policyYearDeductibleFamilyOutOfNetwork', 'None', true],
    ['policyYearDeductibleFamilyInNetwork', 'Max 3x/Fam', true],
    ['policyYearDeductibleFamilyInNetwork', '3 times the individual', true],
    ['policyYearMaximumInNetwork', '$1500 per person per Calendar Year', true],
    ['policyYearMaximumInNetwork', '30%', false],
    ['orthodonticLifetimeMaximumOutOfNetwork', '50 percent', false],
    ['policyYearDeductibleIndividualInNetwork', '100', true],
    [
      'policyYearDeductibleIndividualInNetwork',
      'Limited to one (1) time per tooth per lifetime.',
      false,
    ],
    ['outOfNetworkReimbursement', 'Up To', true],
    ['inNetworkCost', '$10 copay', true],
    ['inNetworkCost', 'Covered in full', true],
    ['inNetworkCost', 'Instead of Glasses', true],
    ['outOfNetworkReimbursement', 'Same as Glasses', true],
    ['inNetworkCost', 'Progressive Standard, Progressive Premium/Custom, Photochromic,', false],
    // whether a benefit is had at all, alone in the cell
    ['inNetworkCost', 'Available', true],
    ['outOfNetworkReimbursement', 'Not available', true],
    ['inNetworkCost', 'available at participating locations and', false],
    ['serviceTypeTitle', 'anything at all', true],
    ['coveredPersonsInNetwork', 'Dependent children through age 18', true],
    ['coveredPersonsOutOfNetwork', 'adult or child', true],
    ['coveredPersonsInNetwork', 'Not Covered', false],
    ['coveredPersonsOutOfNetwork', 'N/A', false],
    // an amount for a lifetime is a maximum, a share up to one a coverage
    ['coverageLevelInNetwork', '$1,000 lifetime Up to age 19', false],
    ['coverageLevelInNetwork', '50% up to $1,500 lifetime', true],
  ])('%s %j → %j', (column, value, expected) => {
    expect(valueFitsSlot(column, value)).toBe(expected);
  });
});

describe('dates that are no effective date', () => {
  it.each(['Rev. Date', 'Revised', 'Printed', 'Print Date', 'Prepared', 'Created', 'Form', 'Date'])(
    '%s',
    (label) => {
      expect(keyKind(label)?.kind).not.toBe('effectiveDate');
    },
  );
});

describe('parentheticals that scope a procedure are dropped from its label', () => {
  it.each([
    ['D1110 Prophylaxis (2 cleanings per year) – adult', 'D1110 Prophylaxis – adult'],
    ['D3330 Root canal – molar (ex. final restoration)', 'D3330 Root canal – molar'],
    ['Periodontal Scaling & Root Planing (quadrant)', 'Periodontal Scaling & Root Planing'],
    ['X-Rays Bite-Wing (4 films)', 'X-Rays Bite-Wing'],
    ['Major (12 mo. wait period)', 'Major'],
    ['Periodontics (other than maintenance)', 'Periodontics'],
  ])('%s', (raw, label) => {
    expect(parseServiceLabel(raw).label).toBe(label);
  });
});

describe('what a line of an employer guide is about', () => {
  it.each([
    ['Medical plan deductible $3,000', false, true],
    ['Prescription drugs: $10 generic', false, true],
    ['Supplemental life insurance 1x salary', false, true],
    ['Health Savings Account (HSA) employer seed', false, true],
    ['Preventive care 100%', true, false],
    ['Dental annual maximum $1,500', true, false],
    ['Frames every 24 months', true, false],
    ['Orthodontia lifetime maximum', true, false],
    ['Employee + Spouse $24.10', false, false],
  ])('%s: dental or vision %s, another benefit %s', (line, dentalVision, other) => {
    expect(DENTAL_VISION_WORD.test(line)).toBe(dentalVision);
    expect(OTHER_BENEFIT.test(line)).toBe(other);
  });
});

describe('lines that only name the covered group', () => {
  it.each([
    ['ALL ELIGIBLE EMPLOYEES', true],
    ['All Full-Time Employees', true],
    ['All Active Full Time Employees', true],
    ['All Employees', true],
    ['All Eligible Members', true],
    ['Eligible Employees', false],
    ['All employees working 30 hours per week', false],
    ['All Classes', false],
    ['All Eligible Employees and their dependents may enroll.', false],
    // a list of the kinds of members the group is made of
    ['ALL ELIGIBLE TEACHERS, ADMINISTRATIVE STAFF AND CONFIDENTIAL ASSISTANTS', true],
    ['All Eligible Teachers and Staff', true],
    ['All Full-Time Faculty, Staff & Administrators', true],
    ['All Employees and Dependents', false],
    ['All Eligible Employees, Spouses and Children', false],
    ['All Teachers must enroll by May 1', false],
    ['All services, exams and cleanings', false],
    // the rest of the employer's people, beside a group named apart (teachers in another kit)
    ['ALL OTHER ELIGIBLE EMPLOYEES', true],
    ['All Other Full-Time Staff', true],
    ['All other services', false],
  ])('%j names a group: %s', (line, named) => {
    expect(GROUP_NAME_LINE.test(line)).toBe(named);
  });
});

describe('the group an election form is for', () => {
  it.each([
    ['TEACHER/PROFESSIONAL STAFF BENEFITS ELECTION FORM', 'TEACHER/PROFESSIONAL STAFF'],
    ['Support Staff Enrollment Form', 'Support Staff'],
    ['Act 93 Administrators Benefits Election Form', 'Act 93 Administrators'],
    ['Employee Enrollment Form', undefined],
    ['Dental Enrollment Form', undefined],
    ['Beneficiary Change Form', undefined],
    ['Teacher benefits are described in the enrollment form', undefined],
  ])('%j → %j', (title, group) => {
    expect(groupOfFormTitle(title)).toBe(group);
  });

  it.each([
    ['TEACHER/PROFESSIONAL STAFF BENEFITS ELECTION FORM', true],
    ['Group Enrollment Form', true],
    ['Complete the enrollment form by May 1', false],
    ['Return your enrollment form', false],
    ['Dental Benefit Summary', false],
    ['Formulary drugs', false],
  ])('%j is an election form title: %s', (title, form) => {
    expect(ELECTION_FORM_TITLE.test(title)).toBe(form);
  });
});

describe('a rate column of another coverage that includes this one', () => {
  it.each([
    ['Open Access w/Rx & Dental', true],
    ['Open Choice 2 w/ Rx & Dental', true],
    ['PPO Plan with Dental', true],
    ['Medical with Vision', true],
    ['Dental', false],
    ['Eye Med', false],
    ['Dental with Orthodontia', false],
    ['Vision Plan', false],
  ])('%j: %s', (heading, bundled) => {
    expect(BUNDLED_WITH.test(heading)).toBe(bundled);
  });
});

describe('a group name wrapped over two lines', () => {
  it.each([
    [
      'ALL ELIGIBLE TEACHERS, ADMINISTRATIVE STAFF',
      'AND CONFIDENTIAL ASSISTANTS',
      'ALL ELIGIBLE TEACHERS, ADMINISTRATIVE STAFF AND CONFIDENTIAL ASSISTANTS',
    ],
    ['All Full-Time Faculty,', '& Staff', 'All Full-Time Faculty, & Staff'],
    ['ALL ELIGIBLE EMPLOYEES', 'Group Number: 00037595', undefined],
    ['ALL ELIGIBLE EMPLOYEES', 'and their dependents', undefined],
    ['ALL ELIGIBLE EMPLOYEES', undefined, undefined],
    ['Preventive and basic care', 'and major care', undefined],
  ])('%j then %j: %j', (line, next, name) => {
    expect(groupNameWrapped(line, next)).toBe(name);
  });
});

describe('what a vision service line is about', () => {
  it.each([
    ['WELLVISION EXAM', 'exam'],
    ['Eye exam', 'exam'],
    ['Vision Exams', 'exam'],
    ['Frames', 'frame'],
    ['CONTACTS (INSTEAD OF GLASSES)', 'contacts'],
    ['Contact lenses', 'contacts'],
    ['Single Vision Lenses', 'single vision'],
    ['Lined Bifocal Lenses', 'bifocal'],
    ['Contact lens exam (fitting and evaluation)', 'contact fitting'],
    ['Elective contact lens fitting and evaluation', 'contact fitting'],
    ['Elective contact lenses', 'elective contacts'],
    ['Elective Contacts in Lieu of Eyeglasses²', 'elective contacts'],
    ['Necessary Contacts instead of Eyeglasses', 'necessary contacts'],
    ['Non-Elective (Medically Necessary) contact lenses', 'necessary contacts'],
    ['Contact lens follow-up visits', undefined],
    ['Costco, Walmart and Sam’s Club Frame Allowance', undefined],
    ['Prescription Glasses', undefined],
    ['Exam and frame', undefined],
  ])('%j → %j', (name, concept) => {
    expect(visionConcept(name)).toBe(concept);
  });
});

describe('a vision service is no dental procedure', () => {
  it.each([
    ['Eye exam', true],
    ['Contact lens evaluation and fitting', true],
    ['Frames', true],
    ['Retinal imaging', true],
    ['Polarized', true],
    ['UV Treatment', true],
    ['High Index (1.66-1.73)', true],
    ['Ophthalmologic visit', true],
    ['Plano (non-prescription) sunglasses', true],
    ['Low-vision testing and equipment', true],
    // the kinds of contact lenses a grid under 'Contact lenses' prints alone
    ['Elective (cosmetic/convenience)', true],
    ['Non-Elective (Medically Necessary)', true],
    ['D0120 PERIODIC ORAL EVALUATION EST PT', false],
    ['D0210 INTRAORAL-COMPLETE SERIES RADIOGRAPHIC IMAGES', false],
    ['Comprehensive periodontal evaluation', false],
    ['Oral exam', false],
    ['Exams and cleanings', false],
    ['Deductible', false],
  ])('%j → %s', (label, vision) => {
    expect(isVisionService(label)).toBe(vision);
  });

  it.each([
    ['D0140 Limited oral evaluation', true],
    ['D2740 Crown - porcelain/ceramic', true],
    ['Bitewing x-rays', true],
    ['Eye exam', false],
    ['Progressive lenses', false],
    ['V2020 Frames', false],
  ])('%j names a dental procedure: %s', (label, dental) => {
    expect(isDentalProcedureName(label)).toBe(dental);
  });
});

describe('a term of the plan or of its price is no vision service', () => {
  it.each([
    ['Deductible', true],
    ['Out-of-pocket maximum', true],
    ['Employee + Spouse', true],
    ['Employee Only', true],
    ['Per pay period cost', true],
    ['Monthly premium', true],
    ['Single vision', false],
    ['Fit and Follow-up - Premium', false],
    ['Premium progressive lenses', false],
    ['Materials copay', false],
    ['Contact lenses (instead of glasses)', false],
  ])('%j → %s', (label, term) => {
    expect(isPlanTermLabel(label)).toBe(term);
  });
});

describe('a cell that only says whether the deductible applies', () => {
  it.each([
    ['Ded. waived', true],
    ['Ded. applies', true],
    ['Deductible waived', true],
    ['Waived', true],
    ['Does not apply', true],
    ['$50 deductible applies', false],
    ['100%', false],
  ])('%j → %s', (text, expected) => {
    expect(DEDUCTIBLE_WAIVER.test(text)).toBe(expected);
  });
});

describe('a heading that names the account, then the group covered', () => {
  it.each([
    ['Tower Semiconductor - Union', 'Union'],
    ['Acme Corp – Hourly Employees', 'Hourly'],
    ['Northwind LLC — Non-Union', 'Non-Union'],
    // a plan or a product after the dash names no group
    ['Acme Corp - Dental PPO', undefined],
    ['Union Dental Plan', undefined],
  ])('%j → %j', (text, group) => {
    expect(text.match(GROUP_AFTER_ACCOUNT)?.[1]).toBe(group);
  });
});

describe('a heading that names the members a grid is for', () => {
  it.each([
    ['Benefits for adults 19+', 'adults 19+'],
    ['Benefits for children under 19', 'children under 19'],
    ['Benefits for children under 19 (continued)', 'children under 19'],
    ['Coverage for Adults', 'Adults'],
    ['Benefits for Employees', undefined],
    ['Vision Benefits', undefined],
    ['Benefits for adults include an annual exam and glasses every other year', undefined],
  ])('%s', (text, want) => {
    expect(memberGroupOf(text)).toBe(want);
  });
});

describe('a line that says only whom by age the benefits are for', () => {
  it.each([
    [
      'Insured Persons 19 years of age and older',
      'Insured Persons 19 years of age and older',
      '19+',
    ],
    ['Insured Persons under 19 years of age', 'Insured Persons under 19 years of age', '<19'],
    ['(19 years of age and older)', '19 years of age and older', '19+'],
    ['(under 19 years of age):', 'under 19 years of age', '<19'],
    ['Members age 19+', 'Members age 19+', '19+'],
    ['Children under age 19', 'Children under age 19', '<19'],
    ['Covered persons 18 and over', 'Covered persons 18 and over', '18+'],
    ['Insured Persons', 'Insured Persons', 'all'],
    ['Adult Members over the age of 19:', 'Adult Members over the age of 19', '19+'],
    ['Members under Age 19:', 'Members under Age 19', '<19'],
    ['Members older than 18 years of age', 'Members older than 18 years of age', '18+'],
    // a persons word alone that names an age group: the group with no age printed (its ages
    // are those of the other group printed beside it)
    ['Adult Members', 'Adult Members', 'adults'],
    ['Children', 'Children', 'children'],
    ['Adults', 'Adults', 'adults'],
    ['Adults:', 'Adults', 'adults'],
    ['Child', 'Child', 'children'],
    ['Dependent children', 'Dependent children', 'children'],
    ['Dependent Children:', 'Dependent Children', 'children'],
    ['(adults)', 'adults', 'adults'],
    // 'to age N' is under N
    ['Children (to age 19):', 'Children (to age 19)', '<19'],
    ['Children (to age 19)', 'Children (to age 19)', '<19'],
    ['Children up to age 19', 'Children up to age 19', '<19'],
    ['Children up to age 19:', 'Children up to age 19', '<19'],
    ['(child up to age 19)', 'child up to age 19', '<19'],
    ['up to age 19', 'up to age 19', '<19'],
    ['to age 19', 'to age 19', '<19'],
    ['Children under 19', 'Children under 19', '<19'],
    ['Dependent children under age 26', 'Dependent children under age 26', '<26'],
    ['under 19', 'under 19', '<19'],
    ['19 and older', '19 and older', '19+'],
    ['Adults 19 and older:', 'Adults 19 and older', '19+'],
    ['19+', '19+', '19+'],
    ['(adults 19+)', 'adults 19+', '19+'],
    ['Adults (19+)', 'Adults (19+)', '19+'],
    ['Children 19+:', 'Children 19+', '19+'],
    ['Members', undefined, undefined],
    ['Dependents', undefined, undefined],
    ['Children to 19 visits', undefined, undefined],
    ['up to $19', undefined, undefined],
    ['to age 19)', undefined, undefined],
    ['Comprehensive Eye Examination', undefined, undefined],
    ['Frame', undefined, undefined],
    ['Dependent children to age 26 are eligible for coverage under the plan', undefined, undefined],
    ['$0 Copayment', undefined, undefined],
  ])('%s', (text, group, ages) => {
    const got = ageGroupOf(text);
    expect(got?.group).toBe(group);
    expect(got?.ages).toBe(ages);
  });
});

describe('a value printed per age group inside one cell', () => {
  it.each([
    [
      'Under age 19 – Covered in full Age 19 and older - $12',
      [
        ['Under age 19', '<19', 'Covered in full'],
        ['Age 19 and older', '19+', '$12'],
      ],
    ],
    [
      'Under Age 19 – Covered in full/$120 Age 19 and older - $55/$120',
      [
        ['Under Age 19', '<19', 'Covered in full/$120'],
        ['Age 19 and older', '19+', '$55/$120'],
      ],
    ],
    [
      'Members under age 19: $300 allowance Members 19 and older: $200 allowance',
      [
        ['Members under age 19', '<19', '$300 allowance'],
        ['Members 19 and older', '19+', '$200 allowance'],
      ],
    ],
    // the first group's lead may name its members before its ages, and a group may be 'up to
    // age N' (under N)
    [
      'Subscriber and Spouse or State-Registered Domestic Partner and Children 19+: Covered up to $200 Children up to age 19: Covered up to $300',
      [
        [
          'Subscriber and Spouse or State-Registered Domestic Partner and Children 19+',
          '19+',
          'Covered up to $200',
        ],
        ['Children up to age 19', '<19', 'Covered up to $300'],
      ],
    ],
    [
      'Employee, Spouse and Children 19 and older: $200 allowance Children under 19: $300 allowance',
      [
        ['Employee, Spouse and Children 19 and older', '19+', '$200 allowance'],
        ['Children under 19', '<19', '$300 allowance'],
      ],
    ],
    // one group, or groups not opening the cell, or the same ages twice: no split
    [
      'Frames and lenses for Children 19+: $200 allowance Children under 19: $300 allowance',
      undefined,
    ],
    ['Under age 19 – Covered in full', undefined],
    ['Covered in full for children under age 19 - see page 4', undefined],
    ['Under age 19 - $10 Under age 19 - $20', undefined],
    ['$10 copay', undefined],
  ])('%s', (text, want) => {
    expect(valuesByAge(text)?.map((v) => [v.group, v.ages, v.value])).toEqual(want);
  });
});

describe('a value printed per level of the service inside one cell', () => {
  it.each([
    [
      'Tier 1 - $35 Tier 2 - $48 Tier 3 - $60 Tier 4 - $85',
      [
        ['Tier 1', '$35'],
        ['Tier 2', '$48'],
        ['Tier 3', '$60'],
        ['Tier 4', '$85'],
      ],
    ],
    [
      'Tier 1 - Covered in full Tier 2 - $30',
      [
        ['Tier 1', 'Covered in full'],
        ['Tier 2', '$30'],
      ],
    ],
    [
      'Level I: $25 copay Level II: $40 copay',
      [
        ['Level I', '$25 copay'],
        ['Level II', '$40 copay'],
      ],
    ],
    ['Tier 1 - $35', undefined],
    ['$35 for Tier 1 - see your provider', undefined],
    ['Tier 1 - $35 Tier 1 - $40', undefined],
  ])('%s', (text, want) => {
    expect(valuesByLevel(text)?.map((v) => [v.level, v.value])).toEqual(want);
  });
});

describe('a legend saying parentheses hold the out-of-network amount', () => {
  it.each([
    [
      'The amounts in parentheses show the most the plan would reimburse you for out-of-network services.',
      true,
    ],
    ['Amounts shown in parentheses are out-of-network reimbursements', true],
    ['Amounts in parentheses are per visit', false],
    ['Out-of-network reimbursement amounts are shown in parentheses.', true],
    ['Out-of-network amounts are listed in parentheses', true],
    ['Out-of-network benefits are paid as shown in the schedule (see page 2)', false],
    ['Out-of-network reimbursements are shown in the last column', false],
  ])('%s', (text, want) => {
    expect(PARENTHESES_OUT_OF_NETWORK.test(text)).toBe(want);
  });
});

describe('a service label that ends in how often it renews', () => {
  it.each([
    [
      'Routine eye exam (once per year starting January 1)',
      { name: 'Routine eye exam', frequency: 'once per year starting January 1' },
    ],
    [
      'Frames (renews every January 1 of odd years)',
      { name: 'Frames', frequency: 'renews every January 1 of odd years' },
    ],
    ['Lenses (once every 12 months)', { name: 'Lenses', frequency: 'once every 12 months' }],
    // a full stop after the parenthesis; the frequency said with what is covered
    [
      'Frames (once every calendar year).',
      { name: 'Frames', frequency: 'once every calendar year' },
    ],
    [
      'Frames (covered every calendar year).',
      { name: 'Frames', frequency: 'covered every calendar year' },
    ],
    ['Contact lenses (instead of glasses)', undefined],
    ['Lenses (single $40; bifocal $60)', undefined],
    ['Exam (with dilation as necessary)', undefined],
  ])('%s', (text, want) => {
    expect(frequencyInLabel(text)).toEqual(want);
  });
});

describe('a line that only numbers a plan', () => {
  it.each([
    ['Plan #9751967', true],
    ['Policy No. 12345', true],
    ['Group number: 00712-A', true],
    ['Plan 2', false],
    ['Gold Plan', false],
  ])('%s', (text, want) => {
    expect(PLAN_NUMBER_LINE.test(text)).toBe(want);
  });
});

describe('a cost row named only by its kind, under the item’s frequency row', () => {
  it.each([
    ['Co-Pay', 'Eye Examination Frequency', 'Eye Examination Co-Pay'],
    ['Co-Pay', 'Eyeglass Frequency', 'Eyeglass Co-Pay'],
    ['Allowance', 'Frames Frequency', 'Frames Allowance'],
    ['Co-Pay', 'Frames', undefined],
    ['Eye exam', 'Exam Frequency', undefined],
    ['Co-Pay', undefined, undefined],
  ])('%s under %s', (label, above, want) => {
    expect(costOfItemAbove(label, above)).toBe(want);
  });
});

describe('a deductible row named after the service above it', () => {
  it.each([
    ['Preventive Services Lifetime Deductible', 'Preventive Services', true],
    ['Basic Services Lifetime Deductible', 'Basic Services (Includes Endodontics)', true],
    ['Major Services Calendar Year Deductible', 'Major Services', true],
    ['Calendar Year Deductible', 'Major Services', false],
    ['Preventive Services Waiting Period', 'Preventive Services', false],
    ['Major Services Lifetime Deductible', undefined, false],
    ['Orthodontic Deductible', 'Orthodontic Services', true],
    ['Orthodontic Lifetime Maximum', 'Orthodontic Services', false],
    ['Services Deductible', 'Orthodontic Services', false],
  ])('%s under %s', (label, service, want) => {
    expect(deductibleOfService(label, service)).toBe(want);
  });
});

describe('copay schedules: what a procedure row holds, and tables that only compare fees', () => {
  it.each([
    ['No Cost', true],
    ['No charge', true],
    ['$40', true],
    ['$75 per unit', true],
    ['20%', true],
    ['Not covered', true],
    ['See limitations', false],
    ['Image capture only', false],
  ])('coverage value %j → %s', (text, expected) => {
    expect(COVERAGE_VALUE.test(text)).toBe(expected);
  });
  it.each([
    ['Typical Charge*', true],
    ['Typical Savings', true],
    ['Usual Fee', true],
    ['PPO Allowance', true],
    ['UCR', true],
    ['You Pay', false],
    ['COPAYMENT', false],
    ['General Dentist Copay', false],
    ['Member responsibility (in-network)', false],
  ])('fee comparison heading %j → %s', (text, expected) => {
    expect(FEE_COMPARISON.test(text)).toBe(expected);
  });
  it.each([
    ['Porcelain on molar restorations (additional charge)', 'Porcelain on molar restorations'],
    [
      'Additional periodontal maintenance (within the 6 month period)',
      'Additional periodontal maintenance',
    ],
    ['Fillings (silver filling)', 'Fillings'],
  ])('a note on a charge or a time limit is no part of the label: %j', (text, label) => {
    expect(parseServiceLabel(text).label).toBe(label);
  });
  it.each([
    ['D0120', true],
    ['D8070-90', true],
    ['D0120 Periodic oral evaluation', false],
    ['Type 1', false],
    ['d0120', false],
  ])('a bare procedure code %j → %s', (text, expected) => {
    expect(BARE_PROCEDURE_CODE.test(text)).toBe(expected);
  });
});

describe('words of deductible and maximum lines', () => {
  it.each([
    [WHO_ONLY, 'o Dependent children through age 18', true],
    [WHO_ONLY, 'Adults and children', true],
    [WHO_ONLY, 'Dentures and bridges', false],
    [WHO_ONLY, 'Children’s fluoride through age 18, sealants', false],
    [AMOUNT_HEADING, 'Annual Deductible*', true],
    [AMOUNT_HEADING, 'Calendar Year Benefit Maximum', true],
    [AMOUNT_HEADING, 'Deductible applies to basic services', false],
    [TIER_LABEL, 'Individual', true],
    [TIER_LABEL, 'Per Family', true],
    [TIER_LABEL, 'Individual coverage for adults', false],
    [NO_AMOUNT, 'Not Covered', true],
    [NO_AMOUNT, '$50', false],
    [TAGGED_AMOUNT, 'Individual: $50', true],
    [TAGGED_AMOUNT, 'Family $150', true],
    [TAGGED_AMOUNT, '$50 Individual', false],
    [CONTINUED, '(12) consecutive months, to a maximum of two (2)', true],
    [CONTINUED, '(Type A) Preventive', false],
    [
      RUNS_ON,
      'REPLACEMENT of crowns, bridges, and fixed or removable prosthetic appliances, if',
      true,
    ],
    [RUNS_ON, 'Crowns and Bridges', false],
  ] as const)('%s %s → %s', (re, text, want) => {
    expect(re.test(text)).toBe(want);
  });
});

describe('the maximum a sentence in the label column states', () => {
  it.each([
    [
      'Class A, B, and C Services are subject to an unlimited maximum benefit',
      { in: 'unlimited', out: 'unlimited' },
    ],
    [
      'Class A, B, and C Services are subject to a $2,000 annual maximum benefit for the In-Network benefits and $2,500 for the Out-of-Network benefits',
      { in: '$2,000', out: '$2,500' },
    ],
    [
      'Basic and Major Services are subject to a $1,500 calendar year maximum',
      { in: '$1,500', out: '$1,500' },
    ],
    // a lifetime or orthodontic maximum, a heading, a sentence without a maximum: none
    ['Orthodontic services are subject to a $1,000 lifetime maximum', {}],
    ['Annual Maximum', {}],
    ['Class A Services are subject to the deductible of $50', {}],
  ])('%s', (text, want) => {
    expect(sentenceMaximums(text)).toEqual(want);
  });
});

describe('maximums printed per network in a sentence or beside network names', () => {
  it.each([
    [
      'Maximums for preventive, basic, and major procedures are combined. In-network Calendar year maximums are $1,000 per person. Non-network Calendar year maximums are $1,500 per person.',
      { in: '$1,000 per person', out: '$1,500 per person' },
    ],
    ['In-network deductibles for basic and major procedures are combined.', {}],
  ])('%s', (text, want) => {
    expect(networkMaximums(text)).toEqual(want);
  });
  it.each([
    ['In-Network: $1,000 Non-Network: $1,500', { in: '$1,000', out: '$1,500' }],
    ['Out-of-Network $750', { out: '$750' }],
    ['$1,000', {}],
  ])('%s', (text, want) => {
    expect(amountsByNetwork(text)).toEqual(want);
  });
});

describe('words a benefit value ends with', () => {
  it.each([
    ['copay', true],
    ['allowance', true],
    ['calendar years', true],
    ['months', true],
    ['off', true],
    ['empty', false],
    ['ALLOWED FREQUENCY -', false],
    ['Excludes Class I', false],
  ])('%s → %s', (tail, own) => {
    expect(VALUE_OWN_ENDING.test(tail)).toBe(own);
  });
});

describe('networkOfProvider', () => {
  it.each([
    ['Coverage Period Deductible when services are rendered by a Network Dentist', 'in'],
    ['Coverage Period Deductible when services are rendered by a non-Network Dentist', 'out'],
    ['Coverage Period Annual Maximum when services are rendered by a Network Dentist', 'in'],
    ['Annual Maximum for services received from a Participating Provider', 'in'],
    ['Deductible for services obtained from an out-of-network provider', 'out'],
    ['Coverage Period Deductible (applied to Preventive and Diagnostic Services)', undefined],
    ['Network Dentist', undefined],
  ])('%j → %j', (label, expected) => {
    expect(networkOfProvider(label)).toBe(expected);
  });
});

describe('ILLUSTRATION_TITLE', () => {
  it.each([
    ['EXAMPLE FOR ADULT ENROLLEES', true],
    ['Examples for Pediatric Enrollees', true],
    ['EXAMPLE #2', true],
    ['Sample claim calculation', true],
    ['How your plan pays: an example', true],
    ['Examples of covered services', false],
    ['Summary of Covered Services', false],
    ['Schedule of Benefits', false],
  ])('%j → %j', (title, expected) => {
    expect(ILLUSTRATION_TITLE.test(title)).toBe(expected);
  });
});

describe('definesInASentence', () => {
  it.each([
    ['The care of teeth with damaged nerves, such as root canal treatment.', true],
    [
      'Repair of teeth with crowns when they cannot be restored with other filling materials.',
      true,
    ],
    ['Dental Services include consultations, general anesthesia, and palliative care.', true],
    ['Implant Services for edentulous members (otherwise implants are not covered).', true],
    // a list of procedures, with or without a closing full stop
    ['Exams, cleanings, x-rays, fluoride', false],
    ['Fillings, simple extractions, root canals.', false],
    ['Crowns, inlays, onlays, bridges, dentures, implants', false],
    ['Tooth extractions and other dental surgery.', false],
  ])('%j → %j', (text, expected) => {
    expect(definesInASentence(text)).toBe(expected);
  });
});

describe('planOfHeading', () => {
  it.each([
    ['PLAN AND SERVICE FREQUENCIES - Basic Plan', 'Basic Plan'],
    ['PROFESSIONAL SERVICES – Premier Plan', 'Premier Plan'],
    ['PLAN AND SERVICE FREQUENCIES - Second Pair:', undefined],
    ['Bronze Vision Plan', 'Bronze Vision Plan'],
    ['Plan 1: Essential', 'Plan 1: Essential'],
    ['Vision Plan - Summary of Benefits', 'Vision Plan - Summary of Benefits'],
  ])('%j → %j', (heading, expected) => {
    expect(planOfHeading(heading)).toBe(expected);
  });
});

describe('a highlight naming the plan’s yearly maximum', () => {
  it.each([
    [
      'Plan Maximum of $2,000 per person, per calendar year.',
      '$2,000 per person, per calendar year',
    ],
    ['Annual maximum of $1,500 per member', '$1,500 per member'],
    ['Calendar Year Maximum Benefit of $1,000.', '$1,000'],
    ['Lifetime maximum of $1,000 for orthodontia', undefined],
    ['The plan maximum is $2,000', undefined],
    ['Plan Maximum of $2,000 per person; orthodontia $1,000 lifetime.', undefined],
  ])('%j → %j', (text, value) => {
    expect(highlightedMaximum(text)).toBe(value);
  });
});

describe('a share with the limit printed after it in the same cell', () => {
  it.each([
    ['50% Limited to 1 time per tooth per consecutive 60 months.', '50%'],
    ['80 % limited to 2 per calendar year', '80 %'],
    // a share with words of its own, or no share
    ['50% after deductible', '50% after deductible'],
    ['50%', '50%'],
    ['Limited to 1 time per tooth', 'Limited to 1 time per tooth'],
  ])('%j → %j', (printed, value) => {
    expect(shareBeforeLimit(printed)).toBe(value);
  });
});

describe('a label referring back to the row above', () => {
  it.each([
    ['This benefit gives you an additional eyewear coverage', true],
    ['These services are covered once every 24 months.', true],
    ['Such benefit will be considered both a lens and frame benefit', true],
    // a service's own name
    ['Thin and light lenses', false],
    ['Tints', false],
    ['Special Ophthalmological services', false],
  ])('%j → %j', (label, refers) => {
    expect(REFERS_BACK.test(label)).toBe(refers);
  });
});

describe('a caption naming discounts and nothing else', () => {
  it.each([
    ['Additional Savings ***', true],
    ['Additional Savings', true],
    ['Extra savings:', true],
    ['Discounts', true],
    ['Member Discounts and Savings', true],
    // a caption naming a benefit, or savings on something
    ['Additional Savings on Frames', false],
    ['Laser Vision Correction Discount', false],
    ['Your Coverage with a VSP Preferred Provider', false],
  ])('%j → %j', (caption, names) => {
    expect(DISCOUNTS_CAPTION.test(caption)).toBe(names);
  });
});

describe('a deductible said in a sentence of running text', () => {
  const options = ['High Option', 'Standard Option'];
  it.each([
    [
      'Out-of-Network services under Classes A, B and C are subject to a deductible of $50 for the High Option and $100 for the Standard Option per calendar year.',
      options,
      {
        network: 'out',
        amounts: [
          { option: 'High Option', amount: '$50' },
          { option: 'Standard Option', amount: '$100' },
        ],
      },
    ],
    [
      'If you elect to use an Out-of-Network provider, the Standard Option contains a $100 deductible per person, and the High Option has a $50 deductible per person.',
      options,
      {
        network: 'out',
        amounts: [
          { option: 'High Option', amount: '$50' },
          { option: 'Standard Option', amount: '$100' },
        ],
      },
    ],
    [
      'The calendar year deductible is $0, if you use an In-Network provider.',
      options,
      { network: 'in', amounts: [{ amount: '$0' }] },
    ],
    [
      'An annual deductible of $50 per person applies to services of out-of-network dentists.',
      [],
      { network: 'out', amounts: [{ amount: '$50' }] },
    ],
    // no network named, both named, no amount, or an option left without its amount
    ['The calendar year deductible is $50 per person.', [], undefined],
    ['The deductible is $0 in-network and $50 out-of-network.', [], undefined],
    ['There is no deductible if you use an In-Network provider.', [], undefined],
    [
      'Out-of-Network services are subject to a deductible of $50 for the High Option.',
      options,
      undefined,
    ],
    // a maximum or another amount near the word is no deductible
    ['In-Network services have a $1,000 maximum; the deductible is waived.', [], undefined],
  ])('%j → %j', (text, known, said) => {
    expect(deductiblesSaid(text, known)).toEqual(said);
  });
});

describe('kinds of lens priced one to a line', () => {
  it.each([
    [
      ['Single Vision up to $45', 'Lined Bifocals up to $65', 'Progressive lenses-up to $65'],
      [
        { kind: 'Single Vision', amount: 'up to $45' },
        { kind: 'Lined Bifocals', amount: 'up to $65' },
        { kind: 'Progressive lenses', amount: 'up to $65' },
      ],
    ],
    [
      ['Single vision: Reimbursed up to $30.', 'Lenticular: Reimbursed up to $100.'],
      [
        { kind: 'Single vision', amount: 'Reimbursed up to $30' },
        { kind: 'Lenticular', amount: 'Reimbursed up to $100' },
      ],
    ],
    // one kind of lens only, or a line that is no kind and amount
    [['Single Vision up to $45', 'Frames up to $70'], undefined],
    [['Single Vision up to $45', 'Lined Bifocals up to $65', 'See page 12'], undefined],
  ])('%j', (lines, expected) => {
    expect(lensKindsByLine(lines)).toEqual(expected);
  });
});

describe('the weekly hours an eligibility sentence requires', () => {
  it.each([
    [
      'employees on a U.S. payroll who are regularly scheduled to work 20 hours or more a week',
      '20',
    ],
    ['Regularly scheduled to work 20 or more hours per week.', '20'],
    ['scheduled to work at least 30 or more hours each week', '30'],
    // a range, a full-time schedule or hours that are no requirement
    ['regularly scheduled to work at least 20 but less than 40 hours per week', undefined],
    ['If you are a full-time employee (regularly scheduled to work 40 hours per week)', undefined],
    ['Representatives are available 24 hours a day', undefined],
  ])('%j → %j', (text, want) => {
    expect(scheduledHours(text)).toBe(want);
  });
});

describe("a bar over the plan's maximums names the rows under it", () => {
  it.each([
    ['Combined annual for preventive and restorative', 'Maximum Benefits', 'annualMaximum'],
    ['Lifetime orthodontia', 'Maximum Benefits', 'orthoMaximum'],
    ['Lifetime for orthodontia', 'Benefit Maximums', 'orthoMaximum'],
    ['Combined annual for preventive and restorative', 'Benefits', 'service'],
  ])('%j under %j is %j', (label, bar, want) => {
    expect(dentalRowKind(label, bar)).toBe(want);
  });
});

describe('a procedure label "Name - what it covers or what it is for"', () => {
  it.each([
    [
      'Minor Restorative Services - Simple extractions, fillings, stainless steel crowns and crown repair',
      {
        label: 'Minor Restorative Services',
        title: 'Minor Restorative Services',
        list: 'Simple extractions, fillings, stainless steel crowns and crown repair',
      },
    ],
    // what it is for is a note, no list
    ['Brush Biopsy - To detect oral cancer', { label: 'Brush Biopsy', title: 'Brush Biopsy' }],
    [
      'Emergency Palliative Treatment – to temporarily relieve pain',
      { label: 'Emergency Palliative Treatment', title: 'Emergency Palliative Treatment' },
    ],
    // the note in parentheses goes, the dash still splits
    [
      'Sealants (under age 16) - To prevent decay of permanent teeth',
      { label: 'Sealants', title: 'Sealants', persons: 'under age 16' },
    ],
    // one item after the dash names a kind of the category: the label is the whole
    [
      'Oral Surgery - Surgical Extractions',
      {
        label: 'Oral Surgery - Surgical Extractions',
        title: 'Oral Surgery - Surgical Extractions',
      },
    ],
    // a lower-case word after the dash names a sub-row of its category, not a list
    ['Preventive – cleaning', { label: 'Preventive – cleaning', title: 'Preventive – cleaning' }],
    // a name with a hyphen inside a word is one name
    [
      'Non-Surgical Periodontics',
      { label: 'Non-Surgical Periodontics', title: 'Non-Surgical Periodontics' },
    ],
  ])('%j', (text, expected) => {
    expect(parseServiceLabel(text)).toEqual(expected);
  });
  it('"(all ages)" after orthodontics says whom it covers', () => {
    expect(parseServiceLabel('Orthodontics (all ages)')).toEqual({
      label: 'Orthodontics',
      title: 'Orthodontics',
      persons: 'all ages',
    });
  });
});

describe('a deductible row whose note names what it leaves out', () => {
  it.each([
    [
      'Deductible (excludes diagnostic and preventive and orthodontic) per person per year',
      'deductibleIndividual',
    ],
    ['Deductible (excluding orthodontia)', 'deductible'],
    ['Orthodontic Deductible', 'other'],
  ])('%j is %j', (label, kind) => {
    expect(dentalRowKind(label, '')).toBe(kind);
  });
});
