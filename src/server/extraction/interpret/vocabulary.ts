/**
 * The ways carriers print each thing we extract (DESIGN.md §5; domain notes on proposals).
 * Recognisers only: values always stay as printed.
 */

import { escapeRegExp } from '../../../shared/format/regexp.ts';
import { perReading } from './reading-cache.ts';

export type Product = 'dental' | 'vision';

/** Products a text names. */
export function productsNamed(text: string): Product[] {
  const t = text.toLowerCase();
  const out: Product[] = [];
  if (/\bdental\b|\bdentist|\bdhmo\b|\bdmo\b/.test(t)) out.push('dental');
  if (/\bvision\b|\beye\s?(care|wear)\b|\boptical\b/.test(t)) out.push('vision');
  return out;
}

/**
 * A heading that names the account and, after a dash, the group covered ('Tower Semiconductor -
 * Union', 'Acme Corp – Hourly Employees'): the group's short name is the class (convention 9).
 */
export const GROUP_AFTER_ACCOUNT =
  /^[A-Z][\w&.,' ]{2,60}?\s[-–—]\s((?:non[- ])?union|hourly|salaried|retirees?|full[- ]time|part[- ]time)(?: employees)?$/i;

/**
 * A heading that names the members a grid is for ('Benefits for adults 19+', 'Benefits for
 * children under 19 (continued)'): the group as printed, else undefined. A plan compared for
 * adults and for children in separate grids is a class per plan and group (convention 10).
 */
export function memberGroupOf(heading: string): string | undefined {
  const m = heading
    .trim()
    .match(
      /^(?:benefits?|coverage|services?|plan benefits?)\s+for\s+((?:adults?|children|child|kids|dependent children|members)\b[^()]{0,30}?)\s*(?:\((?:cont(?:inued|'d)?\.?)\))?\s*:?$/i,
    );
  return m ? m[1]!.trim() : undefined;
}

/**
 * Who a printed age group covers: everyone, those of an age or older ('19+'), those under one
 * ('<19'), or the adults or the children with no age printed ('Adults:' beside 'Children (to age
 * 19):') — those are the ages of the other group printed beside them (`resolveAgeSpan`).
 */
export type AgeSpan = 'all' | `${number}+` | `<${number}` | 'adults' | 'children';

// ('Adult Members over the age of 19': a persons word may be qualified by who they are)
const PERSONS_WORD =
  '(?:(?:all\\s+)?(?:insured|covered|eligible|enrolled)\\s+)?(?:(?:adult|minor|dependent)\\s+)?(?:persons?|members?|individuals?|people|participants?|dependents?|children|child|adults?|employees?)';
const AGE_OR_OLDER =
  '(?:age[sd]?\\s+)?(\\d{1,2})\\s*(?:years?\\s+of\\s+age|years?\\s+old|yrs\\.?)?\\s*(?:and|or|&)\\s*(?:older|over|above)|(?:age[sd]?\\s+)?(\\d{1,2})\\s*\\+|(?:over|above|older\\s+than)\\s+(?:the\\s+)?(?:age\\s+(?:of\\s+)?)?(\\d{1,2})(?:\\s*(?:years?\\s+of\\s+age|years?\\s+old|yrs\\.?))?';
// ('to age 19', 'up to age 19': under 19)
const UNDER_AGE =
  '(?:(?:under|younger\\s+than|below|less\\s+than)\\s+(?:the\\s+)?(?:age\\s+(?:of\\s+)?)?|(?:up\\s+)?to\\s+(?:the\\s+)?age\\s+(?:of\\s+)?)(\\d{1,2})(?:\\s*(?:years?\\s+of\\s+age|years?\\s+old|yrs\\.?))?';
// ('Children (to age 19):': the ages may be in parentheses after the persons word)
const AGE_GROUP = new RegExp(
  `^\\(?\\s*(${PERSONS_WORD})?\\s*\\(?\\s*(?:(?:aged?\\s+)?(?:${AGE_OR_OLDER})|(?:${UNDER_AGE}))?\\s*\\)?\\s*:?$`,
  'i',
);
const ADULTS_WORD = /\badults?\b/i;
const CHILDREN_WORD = /\b(child|children|minors?)\b/i;

/**
 * A line that says only whom by age the benefits beside or below it are for ('Insured Persons 19
 * years of age and older', 'Insured Persons under 19 years of age', '(19 years of age and older)',
 * 'Members age 19+', 'Children (to age 19):', 'Insured Persons' for everyone, 'Adults:' and
 * 'Dependent children' for the adults and the children with no age printed): the group as printed,
 * without the parentheses around it or a colon, and its span of ages. Undefined for any other text,
 * and for a persons word alone that names no group by age ('Members', 'Dependents').
 */
export function ageGroupOf(text: string): { group: string; ages: AgeSpan } | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || t.length > 60) return undefined;
  // ('to age 19)': the end of a group opened on the line above is no group)
  if (t.split('(').length !== t.split(')').length) return undefined;
  const m = t.match(AGE_GROUP);
  if (!m) return undefined;
  // ('over the age of 19' is printed against 'under age 19': the same line, 19 and older)
  const [, persons, older, plus, over, under] = m;
  let group = t.replace(/\s*:$/, '').trim();
  if (group.startsWith('(')) group = group.replace(/^\(\s*/, '').replace(/\s*\)$/, '');
  const n = older ?? plus ?? over;
  if (n) return { group, ages: `${Number(n)}+` };
  if (under) return { group, ages: `<${Number(under)}` };
  if (persons && ADULTS_WORD.test(persons)) return { group, ages: 'adults' };
  if (persons && CHILDREN_WORD.test(persons)) return { group, ages: 'children' };
  // a persons word alone is everyone only when it is an insured group ('Insured Persons')
  if (persons && /\b(insured|covered|eligible|enrolled)\s+/i.test(persons))
    return { group, ages: 'all' };
  return undefined;
}

/**
 * The ages of a group printed with none ('Adults', 'Children') among the spans printed beside it:
 * when every span printed with an age splits at the same age N, the adults are N and older and
 * the children under N; otherwise the span as it is.
 */
export function resolveAgeSpan(ages: AgeSpan, printed: Iterable<AgeSpan>): AgeSpan {
  if (ages !== 'adults' && ages !== 'children') return ages;
  const splits = new Set<number>();
  for (const a of printed) {
    const n = a.match(/^<?(\d+)\+?$/)?.[1];
    if (n) splits.add(Number(n));
  }
  if (splits.size !== 1) return ages;
  const n = [...splits][0]!;
  return ages === 'adults' ? `${n}+` : `<${n}`;
}

const AGE_LEAD = new RegExp(
  `(?:^|\\s)((?:${PERSONS_WORD}\\s+)?(?:aged?\\s+)?(?:${AGE_OR_OLDER}|${UNDER_AGE}))\\s*[-–—:]\\s*`,
  'gi',
);

/**
 * A cell's text cut at each lead a pattern finds ('Under age 19 – ', 'Tier 2 - '): each lead (the
 * pattern's first group) with the value up to the next lead. Undefined unless the text opens with a
 * lead, has two or more, and every lead is followed by a value.
 */
function valuesAfterLeads(
  text: string,
  lead: RegExp,
  preface?: RegExp,
): Array<{ lead: string; preface?: string; value: string }> | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  const leads = [...t.matchAll(lead)];
  if (leads.length < 2) return undefined;
  const before = t.slice(0, leads[0]!.index).trim();
  if (before && !preface?.test(before)) return undefined;
  const out: Array<{ lead: string; preface?: string; value: string }> = [];
  for (const [i, m] of leads.entries()) {
    const end = leads[i + 1]?.index ?? t.length;
    const value = t.slice(m.index! + m[0].length, end).trim();
    if (!value) return undefined;
    out.push({ lead: m[1]!, ...(i === 0 && before ? { preface: before } : {}), value });
  }
  return out;
}

// ('Subscriber and Spouse or State-Registered Domestic Partner and' before 'Children 19+:': the
// members a group's lead names before its ages)
const MEMBERS_PREFACE =
  /^(?:(?:the\s+)?(?:subscriber|employee|member|insured|enrollee|retiree|spouse|(?:state[- ]registered\s+)?domestic\s+partner|partner|dependent)s?\s*(?:,|and|or|&|\/)?\s*)+$/i;

/**
 * One cell printing a value per age group ('Under age 19 – Covered in full Age 19 and older -
 * $12'): each group as printed, its span of ages and its value. Undefined unless the cell opens
 * with a group and names two spans or more, each once and with a value.
 */
export function valuesByAge(
  text: string,
): Array<{ group: string; ages: AgeSpan; value: string }> | undefined {
  const out: Array<{ group: string; ages: AgeSpan; value: string }> = [];
  for (const { lead, preface, value } of valuesAfterLeads(text, AGE_LEAD, MEMBERS_PREFACE) ?? []) {
    const age = ageGroupOf(lead);
    if (!age || age.ages === 'all' || out.some((o) => o.ages === age.ages)) return undefined;
    out.push({ group: preface ? `${preface} ${age.group}` : age.group, ages: age.ages, value });
  }
  return out.length ? out : undefined;
}

/**
 * A lead-in naming both kinds of a service before its value ('Standard and Premium fit:' before
 * 'Covered in full'): the whole service, no part of the value.
 */
export const BOTH_KINDS_LEAD =
  /^(?:standard|basic|regular)\s+(?:and|&)\s+(?:premium|deluxe|specialty)\s+[a-z-]+\s*:\s*(?=\S)/i;

/**
 * A value printed for the items it names first ('For Polycarbonate (adult), Tints, and Polarized
 * applied to the allowance for the applicable corrective lens'): the value is what follows the
 * list, from its verb.
 */
export const FOR_ITEMS_NAMED =
  /^for\s+\S.*?(?:,|\s(?:and|&)\s).+?\s+((?:applied|credited|covered|paid|reimbursed|included|discounted)\b.*)$/i;

/**
 * A service's label naming the one network its value is for ('Exam In-Network Co-Pay',
 * 'Out-of-Network Exam Reimbursement'): that network, else undefined.
 */
export function networkInLabel(label: string): 'in' | 'out' | undefined {
  const t = label.replace(/[\u2010-\u2015]/g, '-');
  const out = /\bout[- ]of[- ]network\b|\bnon[- ]network\b/i.test(t);
  const inn = /(?<!of[- ])\bin[- ]network\b/i.test(t);
  return out === inn ? undefined : out ? 'out' : 'in';
}

/** A level of a service and nothing else ('Tier 1', 'Level II'): a kind of the service above it. */
export const SERVICE_LEVEL = /^\s*(tier|level)\s*(\d{1,2}|[IVX]{1,4})\s*:?\s*$/i;

const LEVEL_LEAD = /(?:^|\s)((?:tier|level)\s*(?:\d{1,2}|[IVX]{1,4}))\s*[-–—:]\s*/gi;

/**
 * One cell printing a value per level of the service ('Tier 1 - $35 Tier 2 - $48 Tier 3 - $60'):
 * each level as printed and its value. Undefined unless the cell opens with a level and names two
 * levels or more, each once and with a value.
 */
export function valuesByLevel(text: string): Array<{ level: string; value: string }> | undefined {
  const out: Array<{ level: string; value: string }> = [];
  for (const { lead, value } of valuesAfterLeads(text, LEVEL_LEAD) ?? []) {
    const level = lead.replace(/\s+/g, ' ');
    if (out.some((o) => o.level.toLowerCase() === level.toLowerCase())) return undefined;
    out.push({ level, value });
  }
  return out.length ? out : undefined;
}

/**
 * A legend saying that amounts in parentheses are what the plan pays out of network ('The amounts
 * in parentheses show the most the plan would reimburse you for out-of-network services').
 */
export const PARENTHESES_OUT_OF_NETWORK =
  /\b(amounts?|figures?|numbers?|values?|dollar amounts?)\s+(shown\s+|listed\s+)?in\s+parenthes[ie]s\b[^.]{0,120}\b(out[- ]of[- ]network|non[- ]network|reimburse)|\b(out[- ]of[- ]network|non[- ]network)\b[^.]{0,60}\b(amounts?|reimbursements?|allowances?)\b[^.]{0,40}\b(are\s+)?(shown|listed|printed|in)\s+(in\s+)?parenthes[ie]s\b/i;

/** A line that only numbers a plan ('Plan #9751967', 'Policy No. 12345'): no part of its name. */
export const PLAN_NUMBER_LINE =
  /^\s*(plan|policy|group|contract)\s*(#|no\.?|number)\s*:?\s*[\w-]*\d[\w-]*\s*$/i;

// ('All Other Eligible Employees': the rest of the people, beside a group named apart)
const GROUP_QUALIFIER =
  '(?:other|eligible|active|benefits?[- ]eligible|full[- ]time|part[- ]time|regular|salaried|hourly|union|non[- ]union|covered|insured)';
/** Words that name the people a group is made of (never their dependants). */
const GROUP_MEMBERS =
  '(?:employees|members|associates|staff|teachers|faculty|assistants|administrators|officers|managers|executives|directors|principals|paraprofessionals|nurses|physicians|clergy)';
/** One more kind of member in a list ('Administrative Staff', 'Confidential Assistants'). */
const GROUP_LIST_ITEM = `(?:[a-z]+\\s+)?${GROUP_MEMBERS}`;

/**
 * A line that only names the covered group ('ALL ELIGIBLE EMPLOYEES', 'All Full-Time Employees')
 * or lists the kinds of members it is made of ('ALL ELIGIBLE TEACHERS, ADMINISTRATIVE STAFF AND
 * CONFIDENTIAL ASSISTANTS'), as a cover block or page footer prints it: the name of a single class
 * (convention 9), the list as printed.
 */
export const GROUP_NAME_LINE = new RegExp(
  `^all\\s+(?:${GROUP_QUALIFIER}\\s+)*${GROUP_MEMBERS}(?:\\s*,\\s*${GROUP_LIST_ITEM})*(?:\\s*,?\\s+(?:and|&)\\s+${GROUP_LIST_ITEM})?$`,
  'i',
);

/**
 * The group an enrolment or election form is for, named before its title ('TEACHER/PROFESSIONAL
 * STAFF BENEFITS ELECTION FORM' → 'TEACHER/PROFESSIONAL STAFF'): a single class (convention 9),
 * else undefined. A form for everyone ('Employee Enrollment Form') names none.
 */
export function groupOfFormTitle(text: string): string | undefined {
  const m = text
    .replace(/\s+/g, ' ')
    .trim()
    .match(
      /^([A-Za-z][\w/&,' -]{0,60}?\b(?:staff|teachers?|faculty|assistants?|administrators?|officers?|managers?|executives?|directors?|principals?|paraprofessionals?|nurses?|physicians?|clergy|employees?|members?|associates?|retirees?))\s+(?:benefits?\s+)?(?:election|enrollment|enrolment)\s+form$/i,
    );
  if (!m) return undefined;
  const group = m[1]!.trim();
  return /^(?:employees?|members?|associates?|new hires?)$/i.test(group) ? undefined : group;
}

/**
 * The title of a document that is an enrolment or election form ('TEACHER/PROFESSIONAL STAFF
 * BENEFITS ELECTION FORM'; not a sentence asking for one): the costs it prints are the employee's.
 */
export const ELECTION_FORM_TITLE =
  /^(?!\s*(?:complete|return|submit|fill|sign|send|use|see|attach)\b)[^.:;]{0,60}\b(?:election|enrollment|enrolment)\s+form\s*$/i;

/**
 * A rate column of another coverage that includes this one ('Open Access w/Rx & Dental', 'PPO
 * Plan with Dental'): its premium is that plan's, not the product's.
 */
export const BUNDLED_WITH =
  /\b(?:w\/|with)\s*(?:(?:rx|drugs?|prescriptions?|medical|vision|dental)\s*(?:&|and|,)\s*)*(?:dental|vision)\b/i;

/**
 * A group name wrapped over two lines of a cover block ('ALL ELIGIBLE TEACHERS, ADMINISTRATIVE
 * STAFF' / 'AND CONFIDENTIAL ASSISTANTS'): the whole name when the second line goes on with the
 * list and the two together name a group, else undefined.
 */
export function groupNameWrapped(line: string, next: string | undefined): string | undefined {
  if (!next || !/^(?:and|&)\s/i.test(next.trim())) return undefined;
  const joined = `${line} ${next}`.replace(/\s+/g, ' ').trim();
  return GROUP_NAME_LINE.test(joined) ? joined : undefined;
}

/**
 * Other lines of coverage a heading may name (an employer's guide prints medical, life,
 * disability, critical illness … between or after its dental and vision pages). Written as
 * coverage names, not single words: 'Medically necessary contact lenses' names none.
 */
const OTHER_COVERAGE =
  /^\s*(medical|pharmacy|prescription( drugs?)?|rx)(\s*(\/|&|\+|and)?\s*(medical|pharmacy|prescription( drugs?)?|rx))*\s*$|\bmedical\s+(plans?|insurance|benefits?|summary|coverage|options?)\b|\b(basic|voluntary|supplemental|group|term|dependent|optional)\s+life\b|\blife\s+(insurance(?!\s+(corp(oration)?|company|co)\b)|and\s+ad&d|&\s+ad&d)\b|\baccidental death\b|\bdisability\b|\bcritical illness\b|\b(group\s+)?accident\s+(insurance|plans?|coverage)\b|\bhospital indemnity\b|\bcancer\s+(insurance|plan)\b|\bemployee assistance program\b|\b401\s*\(k\)|\bflexible spending\b|\bhealth savings account\b|\bprescription drug (plan|coverage)\b/i;

/**
 * A caption naming discounts and nothing else ('Additional Savings ***', 'Member Discounts'): the
 * table under it lists savings beside the plan (discounts on more glasses, laser surgery), not what
 * the plan covers.
 */
export const DISCOUNTS_CAPTION =
  /^\s*(?:(?:additional|extra|other|member|exclusive)\s+)?(?:savings|discounts?)(?:\s+(?:and|&)\s+(?:savings|discounts?))?\s*[*:\u2020\u2021]*\s*$/i;

/**
 * A share with a limit printed after it in the same cell ('50% Limited to 1 time per tooth per
 * consecutive 60 months.': a benefit guideline run on into the value column): the share alone.
 * Any other text as it is.
 */
export function shareBeforeLimit(value: string): string {
  const m = value.match(/^\s*(\d{1,3}(?:\.\d+)?\s?%)\s+limited\s+to\b/i);
  return m ? m[1]! : value;
}

/** Whether a heading names another line of coverage and neither dental nor vision. */
export function namesOtherCoverage(text: string): boolean {
  return productsNamed(text).length === 0 && OTHER_COVERAGE.test(text);
}

/**
 * Benefits other than dental and vision that employer guides print beside them (medical,
 * pharmacy, life, disability, savings accounts): a page about them is not where a dental or
 * vision value is read.
 */
export const OTHER_BENEFIT =
  /\b(medical|hospital(ization)?|inpatient|outpatient|pharmacy|prescriptions?|rx\b|generic drugs?|brand drugs?|urgent care|emergency room|primary care|specialist visits?|physician|life insurance|ad&d|accidental death|disability|std\b|ltd\b|401\s?\(?k\)?|retirement|hsa\b|fsa\b|health savings|flexible spending|critical illness|hospital indemnity|accident insurance|employee assistance|eap\b|wellness|telehealth|behavioral health|mental health|chiropractic)\b/i;

/** Words of dental and vision benefits: a page that has them is about what we read. */
export const DENTAL_VISION_WORD =
  /\b(dental|dentist\w*|dhmo|vision|optical|eye\s?(care|wear|exam)|lens(es)?|frames?|contacts?|preventive|preventative|basic|major|orthodont\w*|crowns?|fillings?|cleanings?|endodont\w*|periodont\w*|prosthodont\w*|oral surgery|sealants?|x-?rays?|implants?|dentures?)\b/i;

// ---------------------------------------------------------------- key–value labels

export type KeyKind =
  | 'carrier'
  | 'underwriter'
  | 'effectiveDate'
  | 'className'
  | 'classDefinition'
  | 'contribution'
  | 'planName'
  | 'childAges'
  | 'hours'
  | 'rateGuarantee'
  | 'policyYear'
  | 'network'
  | 'options'
  | 'period';

const KEY_RULES: Array<[KeyKind, RegExp]> = [
  [
    'underwriter',
    /^(underwriter|underwritten by|insured by|issued by|insuring company|policy issued by)$/,
  ],
  [
    'carrier',
    /^((insurance )?carrier( name)?|insurer|insurance company|insurance carrier|company)$/,
  ],
  [
    'effectiveDate',
    /^((proposed |requested |original |plan |policy |coverage |renewal |group |contract |benefits? )?(effective|eff\.?)( date)?|(plan |coverage |policy )?(effective|eff\.?) (date )?(on|as of|from)|renewal date|coverage (begins|start|effective)( date)?|date effective|(plan |coverage |policy )?start date)$/,
  ],
  [
    'className',
    // 'Group Name' on a proposal is the employer's name, not a class
    /^((eligible|covered|employee|benefit|job) (class(es)?|group)|class( name)?|eligible group name)$/,
  ],
  [
    'classDefinition',
    /^((class )?definition|(class )?description|eligibility( rule| requirements?| definition)?|eligible employees|who is eligible|employee eligibility|eligible)$/,
  ],
  [
    'contribution',
    /^((employer |employee |premium |plan )?contribution( structure| type| level| arrangement| basis| method| strategy)?|funding( type| arrangement| basis)?|premium (paid by|payment|funding|responsibility)|cost sharing|who pays|employer (share|contribution|funding))$/,
  ],
  [
    'planName',
    /^(plan( name)?|plan design|product( name)?|plan option|plan selected|selected plan)$/,
  ],
  [
    'childAges',
    /^((dependent )?child(ren)?( eligibility| age( limit)?s?| coverage)?|dependent (child(ren)?|age( limits?)?)( eligibility| age( limit)?s?)?|dependent children age|child eligibility|dependent eligibility|eligible (dependent )?children|student\/dependent age)$/,
  ],
  [
    'hours',
    /^((min(imum)?\.? |required )?hours( per week| \/ week|\/week| requirement| required)?|min(imum)?\.? hours.*|hours worked)$/,
  ],
  [
    'rateGuarantee',
    /^((rate|premium) )?guarantee[sd]?( period| term| through| until)?$|^rates? (are )?guaranteed( for| through| until)?$|^rate (lock|hold)$/,
  ],
  [
    'policyYear',
    /^(policy year|plan year|contract year|rating period|rate period|renewal period)$/,
  ],
  ['network', /^((dental |vision )?network( name)?|provider network|ppo network)$/],
  ['options', /^((dental |vision )?(plan )?options?)$/],
  [
    'period',
    /^((coverage|policy|benefit|contract|insurance|effective) (period|term|dates?)|period of coverage|term)$/,
  ],
];

/**
 * What a key–value label names, with the product it is limited to ('Dental Contribution',
 * 'Dependent Children (vision)'). Unknown labels give undefined.
 */
export function keyKind(label: string): { kind: KeyKind; product?: Product } | undefined {
  const known = keyKinds(label);
  // a fresh object each time, as if read anew
  return known ? { ...known } : undefined;
}

/** Labels read already in this reading. */
const keyKinds = perReading(keyKindOnce);

function keyKindOnce(label: string): { kind: KeyKind; product?: Product } | undefined {
  // 'Orthodontia Eligibility' is about one benefit, not the plan
  if (/\bortho/i.test(label)) return undefined;
  const products = productsNamed(label);
  const bare = label
    .toLowerCase()
    .replace(/\((dental|vision)( only)?\)/g, ' ')
    .replace(/\b(dental|vision)\b/g, ' ')
    .replace(/[:*\u2020\u2021]+/g, ' ')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [kind, re] of KEY_RULES) {
    if (re.test(bare)) {
      return products.length === 1 ? { kind, product: products[0] } : { kind };
    }
  }
  return undefined;
}

/**
 * A deductible row printed under the service it belongs to, named after it ('Preventive Services
 * Lifetime Deductible' under 'Preventive Services'): that service's own deductible.
 */
export function deductibleOfService(label: string, service: string | undefined): boolean {
  if (!service) return false;
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const l = norm(label);
  const full = norm(service);
  // ('Orthodontic Deductible' under 'Orthodontic Services': the service named without its
  // 'Services')
  const short = full.replace(/\s+(services?|care|benefits?|treatment)$/, '');
  const name = [full, short].find((n) => n && l.startsWith(`${n} `));
  if (!name) return false;
  return /^((calendar|plan|policy|benefit|contract) year |lifetime |annual )?deductibles?$/.test(
    l.slice(name.length + 1),
  );
}

// ---------------------------------------------------------------- networks and columns

/**
 * A plan that pays alike in and out of network, named in a column heading ('Passive PPO'): the
 * heading serves both networks, whatever network word it carries.
 */
export const PAYS_ALIKE_IN_AND_OUT = /\bpassive\b/i;

/**
 * A list column's cell saying the plan has no such benefit ('This plan does not have any benefits
 * for orthodontia.'): no procedures listed.
 */
export const NO_BENEFIT_SENTENCE =
  /\b(does|do)\s+not\s+(have|provide|include|cover)\b|\bno\s+benefits?\b/i;

/**
 * What a category's sentence says it includes, between dashes ('Diagnostic and Preventive –
 * includes exams and cleanings and Brush Biopsy – to detect oral cancer.').
 */
export const INCLUDES_BETWEEN_DASHES =
  /\s[-\u2013\u2014]\s+includes?\s+(.+?)(?:\s+[-\u2013\u2014]\s|\.?$)/i;

/** A column heading's language tag, two capitals in parentheses at its end ('Description (EN)'). */
export const LANGUAGE_TAG = /\s*\([A-Z]{2}\)\s*$/;

/**
 * A row label saying the row names the plan's provider network ('Network', 'Your Network is',
 * 'Provider Network:'): the name beside it ('VSP Choice Network') is no in- or out-of-network side.
 */
export const NETWORK_NAMED_BESIDE = /^\s*(your\s+)?(provider\s+)?network(\s+is)?\s*:?\s*$/i;

/** The network a column heading names: in, out, or none. */
export function networkOf(heading: string): 'in' | 'out' | undefined {
  const t = heading.toLowerCase().replace(/[\u2010-\u2015]/g, '-');
  if (
    /out[- ]?of[- ]?network|non[- ]?(par(ticipating)?|network|ppo|preferred|contracted)|\boon\b|\bout\b|\bout[- ]of[- ]net\b|out-of-area|reimbursement|\bnon-?par\b/.test(
      t,
    )
  ) {
    return 'out';
  }
  if (
    /in[- ]?network|\binn\b|\bin[- ]net\b|\bppo\b|\bpar(ticipating)?\b|\bpreferred\b|\bpremier\b|\bin\b|member cost|\bnetwork\b/.test(
      t,
    )
  ) {
    return 'in';
  }
  return undefined;
}

/** Column headings that only describe the label column or the table. */
export function isGenericHeading(text: string): boolean {
  return /^(benefits?|plan (feature|design|provisions?|benefits?)|features?|services?( & materials| and materials)?|covered services|service (category|type)|category|description|provision|coverage( tier| level)?|tier|item|procedures?|(ada |cdt )?(procedure )?codes?|procedure descriptions?|frequency|limitations?|deductible|copays?|plan features?|benefit (description|summary|highlights))$/i.test(
    text.trim(),
  );
}

/** The kinds of dental and vision plan ('DPPO', 'DHMO', 'DMO', 'EPO'): a kind names no plan alone. */
export const PLAN_KIND = /\b(d?ppo|d?hmo|dmo|epo|dpo)\b/gi;

/** A text without the kinds of plan it names ('DHMO Plus 150' → 'Plus 150'; 'HMO' → ''). */
export function withoutPlanKind(text: string): string {
  return text.replace(PLAN_KIND, '').trim();
}

/** A heading that names a plan option printed side by side with others ('Low Plan', 'Buy-Up'). */
export function isOptionName(text: string): boolean {
  const t = text.trim();
  // a plan type names a plan however long its scope ('AETNA DMO NTL (EXCEPT NJ, TX, CA, AZ)')
  const words = t
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  const kind = withoutPlanKind(t) !== t || /\bplan\b/i.test(t);
  if (!t || words > (kind ? 10 : 6)) return false;
  // a bare number keys a row by place or position ('Rating Area | Self Only …' over '1', '2'),
  // it names no plan
  if (/^\d{1,2}$/.test(t)) return false;
  // a year of membership heads what the plan pays that year, not a plan ('Year 1 | Year 2')
  if (yearOfMembership(t)) return false;
  if (
    /\b(pays?|paid|cost|share|coverage|benefits?|frequency|rate|premium|contribution|deductible|network|tier|services?|limitations?)\b/i.test(
      t,
    )
  ) {
    return (
      /\bplan\b|\boption\b/i.test(t) &&
      !/\b(pays?|paid|cost|share)\b/i.test(t) &&
      !/network/i.test(t)
    );
  }
  return /\b(plan|option|buy[- ]?up|core|base|enhanced|basic|premium|standard|deluxe|high|low|mid|value|select|plus|d?ppo|dhmo|dmo|epo|choice|preferred|advantage|classic|gold|silver|bronze|platinum)\b|\d/i.test(
    t,
  );
}

// ---------------------------------------------------------------- dental

const SERVICE_CODE =
  /\b(type|class|unit|coverage|category|group|level|tier)\s+([ivx]{1,4}|\d{1,2}|[a-d])\b(?![.\d])/i;

/** A category's code at the start of a label ('Type III – Endodontics', 'Class II Basic'). */
export const SERVICE_CODE_AT_START = new RegExp(`^${SERVICE_CODE.source}`, 'i');

/** A heading that names a group of services ('Miscellaneous Services', 'Non Clinical Procedures'). */
export const SERVICE_GROUP_HEADING = /\b(services|procedures)\s*$/i;

/**
 * A CDT procedure code ('D0120', 'D8070-90', a range 'D0120-D0180' or 'D0210–D0274'): the one
 * spelling every procedure-code pattern below is built from.
 */
const CDT = 'D\\d{4}(?:[-–]D?\\d{1,4})?';

/** A procedure code at the start of a label: CDT codes ('D0120', 'D8070-90', a range 'D0120-D0180'). */
export const PROCEDURE_CODE = new RegExp(`^${CDT}\\b`);

/**
 * What a dental procedure's row holds: a coinsurance, a copay, an amount or a word for either
 * ('No charge', 'No Cost' — a copay schedule's word for a procedure the member pays nothing for).
 */
export const COVERAGE_VALUE =
  /%|\$\s?\d|\b(no charge|no cost|copay|co-pay|covered|not covered|no coverage|free)\b/i;

/**
 * A line that opens with a word standing for a coverage, no figure in it ('Not Covered (applies to
 * all levels)', 'Covered in full', 'No charge'): a value as much as '50%' is.
 */
export const COVERAGE_WORD_LINE =
  /^\s*(not covered|covered in full|no charge|no cost|not applicable|excluded)\b/i;

/**
 * Column headings of a fee comparison or fee list ('Typical Charge', 'Typical Savings', 'Usual
 * Fee', 'UCR', 'PPO Allowance'): a table that sets the member's fee beside what others charge, or
 * lists what the plan allows per procedure, illustrates costs; its rows are not the plan's covered
 * services.
 */
export const FEE_COMPARISON =
  /\b(typical|usual|average)\s+(charges?|fees?)\b|\bsavings?\b|\bucr\b|\bretail (price|fee)s?\b|\ballowances?\b/i;

/**
 * Prefixes that stand hyphenated in words ('non-surgical', 're-bond', 'pre-orthodontic'): a line
 * that ends in one of them and a hyphen keeps the hyphen when it is joined to the next.
 */
export const WORD_PREFIX =
  /^(non|re|pre|post|self|co|anti|semi|intra|extra|multi|sub|inter|over|under|out|in|by|ex|full|half|well|all|one|two|three|four|first|second|third)$/i;

/** Footnote numbers in parentheses at the end of a label ('(1)', '(1, 2)', '(1) (2)'). */
export const FOOTNOTE_NUMBERS = /(\s*\(\d{1,2}(\s*,\s*\d{1,2})*\))+\s*$/;

/**
 * A procedure code opening a line and followed by its description's words after a space
 * ('D0120 Periodic oral evaluation', 'D8070-90 Comprehensive …'): the code and the gap after it.
 */
export const CODE_THEN_WORDS = new RegExp(`^(${CDT})\\s+(?=[\\p{L}\\d(])`, 'u');

/** A label that starts with a procedure code and goes on ('D9972 …', 'D8070-90 …'). */
export const CODE_AT_LABEL_START = new RegExp(`^${CDT}\\s+\\S`);

/**
 * A procedure's description followed by its code in parentheses ('Periodic oral evaluation
 * (D0120)'): the description and the code.
 */
export const CODE_IN_PARENTHESES_AT_END = new RegExp(
  `^(.*\\p{L}{3}.*?)\\s*\\((${CDT})\\)\\s*$`,
  'u',
);

/** Every procedure code in a text ('D0120', 'D8070-90'). */
export const PROCEDURE_CODES = new RegExp(`\\b${CDT}\\b`, 'g');

/**
 * A copay schedule is a long list of coded rows: a table with at least this many rows that open
 * with a procedure code is read as one (a summary's handful of sample procedures is not).
 */
export const SCHEDULE_MIN_ROWS = 8;

/**
 * A column heading for what a procedure costs before the member's share: the dentist's fee or
 * what the plan allows ('Fee', 'In-Network Fee', 'Usual Charge', 'Maximum Allowable Charge').
 */
export const FEE_HEADING = /\b(fees?|charges?|allowances?|allowable|ucr)\b/i;

/** A column heading for what the member pays for a procedure ('Copay', 'Member Pays', 'You Pay'). */
export const MEMBER_PAYS =
  /\b(co-?pay(ment)?s?|(member|patient|you|enrollee)\s+(pays?|cost|charges?|responsibility)|patient charge)\b/i;

/** A procedure code standing alone, as in a code column ('D0120', 'D8070-90', 'D0120–D0180'). */
export const BARE_PROCEDURE_CODE = new RegExp(`^${CDT}$`);

export const DENTAL_CATEGORY =
  /\b(preventive|preventative|diagnostic|basic|restorative|major|prosthodontic\w*|prosthetics?|orthodont\w*|ortho\b|endodont\w*|periodont\w*|oral surgery|emergency|implants?|dentures|fillings|crowns|bridges|extractions|root canals?|sealants|prophylaxis|cleanings|x-?rays|radiographs|oral (evaluations?|exams?)|fluoride|space maintainers?|adjunctive)\b/i;

/** A cell that says only whether the deductible applies ('Ded. waived', 'Deductible applies'). */
export const DEDUCTIBLE_WAIVER =
  /^\s*((ded\.?|deductible)\s+(is\s+)?)?(waived|applies|does not apply|not applicable)\s*$/i;

/**
 * A column heading naming a year of membership, over what the plan pays in that year ('Year 1',
 * 'Plan Pays Year 2', '3rd Year', 'Year 3+', or months of enrolment, '13-24 Months'): the year as
 * printed, without the words that only
 * say the column holds what the plan pays. A plan year by its date ('Plan Year 2026') is no year
 * of membership.
 */
export function yearOfMembership(heading: string): string | undefined {
  const t = heading
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:the\s+)?(?:plan|we|insurance)\s+pays?\s+(?:in\s+)?/i, '');
  const m = t.match(
    /^(?:year\s+\d\+?|\d(?:st|nd|rd|th)\s+year(?:\s+and\s+(?:after|beyond|later))?)$/i,
  );
  // a period of enrolment in months ('0-12 Months', '13-24 Months', '25+ Months')
  const months = t.match(/^\d{1,2}\s*(?:[-\u2013]\s*\d{1,2}|\+)\s+months?$/i);
  return m ? m[0] : months ? months[0] : undefined;
}

/**
 * The shares of a category by year of membership as one value, in the form a line prints them
 * ('Year 1 — 80% • Year 2 — 90% • Year 3 — 100%'), so a schedule reads the same in a line or in columns.
 */
export function sharesByYear(shares: Array<{ year: string; share: string }>): string {
  return shares.map((s) => `${s.year} — ${s.share}`).join(' • ');
}

/** A line saying what the plan pays for a category ('Plan Pays: Year 1 — 80% • Year 2 — 90%'). */
export const PLAN_PAYS_LINE = /^\s*(?:the\s+)?plan\s+pays\s*:\s*(\S.*\d\s*%.*)$/i;

/** A category named by its abbreviations alone ('Endo/Perio', 'Perio'). */
export const ABBREVIATED_CATEGORY = /^\s*(endo|perio)(\s*[/&]\s*(endo|perio))?\W*$/i;

export function isOrthodontic(text: string): boolean {
  return /\bortho(dont\w*)?\b/i.test(text);
}

/** A label, then 'for' and the people it covers ('Orthodontics for dependent children to age 19'). */
const FOR_PERSONS =
  /^(.*\S)\s+for\s+((?:eligible\s+|covered\s+|dependent\s+)*(?:child(?:ren)?|dependents?|adults?|members?)\b.*)$/i;

/** Two kinds of a thing joined by 'and', in a few words and no figures ('general and IV sedation'). */
const KINDS_JOINED = /^[a-z][\w-]*(?: [a-z][\w-]*)? and [a-z][\w-]*(?: [a-z][\w-]*)?$/i;

/**
 * A coverage printed with whom it covers in parentheses ('50% (Under age 19)', '50% (Any age)',
 * '60% (adults and children)'): the coverage, then the persons; undefined for any other value.
 */
export function coverageAndPersons(
  value: string,
): { coverage: string; persons: string } | undefined {
  const m = value.replace(/\s+/g, ' ').match(/^(\d{1,3}(?:\.\d+)?\s?%)\s*\(([^()]+)\)$/);
  if (!m) return undefined;
  const persons = m[2]!.trim();
  if (!/\b(child(ren)?|dependents?|adults?|ages?|under \d|to \d{2})\b/i.test(persons))
    return undefined;
  return { coverage: m[1]!, persons };
}

/**
 * Orthodontia's row printing its lifetime maximum with whom it covers ('$1,000 lifetime' over 'Up
 * to age 19'): the maximum and the persons, or undefined for any other value.
 */
export function lifetimeMaximumAndPersons(
  value: string,
): { maximum: string; persons: string } | undefined {
  const m = value
    .replace(/\s+/g, ' ')
    .trim()
    .match(/^(\$\s?[\d,]+(?:\.\d\d)?\s+(?:per\s+)?lifetime(?:\s+max(?:imum)?)?)\s*[/;,]?\s*(.+)$/i);
  if (!m) return undefined;
  const persons = m[2]!.replace(/^\((.*)\)$/, '$1').trim();
  if (
    !/^(?:(?:up\s+)?to|under|through|thru)\s+age\s+\d{1,2}\b|^(?:dependent\s+)?child(?:ren)?\b|^adults?\b/i.test(
      persons,
    )
  )
    return undefined;
  return { maximum: m[1]!, persons };
}

export interface ServiceLabel {
  label: string;
  title: string;
  /** A parenthetical that lists procedures. */
  list?: string;
  /** A parenthetical that says who is covered ('children under 19'). */
  persons?: string;
}

/**
 * Splits a service row label: 'Type 1 – Preventive' → Type 1 / Preventive; 'Basic (Type B)' →
 * Type B / Basic; 'Preventive Care' → Preventive Care / Preventive Care. Parentheticals that list
 * procedures become the list, those that say who is covered the covered persons; notes go.
 */
/** A parenthetical that opens with the first word of the label before it (a word of 4+ letters). */
function restatesLabel(before: string, inner: string): boolean {
  const first = (t: string) =>
    t
      .trim()
      .match(/^[A-Za-z]{4,}/)?.[0]
      ?.toLowerCase();
  const a = first(before);
  return a !== undefined && a === first(inner);
}

/** A parenthesised note that is a sentence: a modal or a verb of being before a word. */
export const NOTE_SENTENCE =
  /\b(should|must|shall|will|may|are|is)\s+(not\s+)?(first\s+)?[a-z]{3,}/i;

/** Words that say how often a procedure is covered ('once in five years', 'twice per year'). */
export const FREQUENCY_LIMIT =
  /\b(once|twice|one|two)\s+(in|per|every|a)\b|\bonce\b.*\b(lifetime|years?|months?)\b|\b(per|every|each)\s+(calendar\s+)?(year|lifetime|\d+\s+months)\b/i;

/** A service's name of a few words without figures, a dash between spaces, then more words. */
const NAME_DASH_REST = /^([A-Za-z][^\d$%]{2,50}?)\s+[-\u2013\u2014]\s+([A-Za-z].*)$/;
/** Words after the dash that say whom the service covers ('– adult or child'). */
const WHO_FIRST = /^(adults?|child(\(ren\)|ren)?|dependents?|members?)\b/i;
/** What a procedure is for ('To detect oral cancer', 'to temporarily relieve pain'). */
const PURPOSE_NOTE = /^to\s+(?!age\b)[a-z]+/i;

export function parseServiceLabel(raw: string): ServiceLabel {
  // footnote marks on a word inside the label ('sealants*, … fluoride treatments*') are no part of it
  let text = raw
    .replace(/\s+/g, ' ')
    .replace(/([A-Za-z)])[*†‡]+(?=[\s,;:)]|$)/g, '$1')
    .trim();
  let list: string | undefined;
  let persons: string | undefined;
  const codeInParens = text.match(
    /\((\s*(type|class|unit|coverage|category|group|level)\s+[^)]+)\)/i,
  );
  let code: string | undefined;
  if (codeInParens) {
    code = codeInParens[1]!.trim();
    text = text.replace(codeInParens[0], ' ').replace(/\s+/g, ' ').trim();
  }
  for (const m of [...text.matchAll(/\(([^()]*)\)/g)]) {
    const inner = m[1]!.trim();
    // how often the procedure is covered ('either one, once in five years', 'once per space …,
    // for children under age 14') limits it, however many commas: a note, not its list
    // (so is a sentence in parentheses: '(impacted wisdom teeth claims should first go to medical
    // carrier)' says what to do, it names no procedure)
    if (
      (FREQUENCY_LIMIT.test(inner) || NOTE_SENTENCE.test(inner)) &&
      !/\b(e\.g\.|i\.e\.|such as|including|includes)\b/i.test(inner)
    ) {
      text = text.replace(m[0], ' ');
      continue;
    }
    if (
      /\b(e\.g\.|i\.e\.|such as|including|includes)\b/i.test(inner) ||
      (inner.match(/,/g)?.length ?? 0) >= 1
    ) {
      list ??= inner.replace(/^(e\.g\.|i\.e\.|such as|including)[,:]?\s*/i, '');
      text = text.replace(m[0], ' ');
    } else if (
      // '(Child orthodontia)' names the service, '(children under 19)' who it covers
      /\b(orthodont\w*|braces|exams?|cleanings?|x-?rays?|fillings?|crowns?|dentures?|sealants?|fluoride|amalgams?|composites?|bridges|laminates?|veneers?|whitening|bleaching)\b/i.test(
        inner,
      ) &&
      !/\b(age|under|through|to \d+|only|\d+)\b/i.test(inner)
    ) {
      list ??= inner;
      text = text.replace(m[0], ' ');
    } else if (/\b(child|children|adults?|ages?|under|through|dependents?)\b/i.test(inner)) {
      persons ??= inner;
      text = text.replace(m[0], ' ');
    } else if (KINDS_JOINED.test(inner)) {
      // 'Anesthesia (general and IV sedation)': the kinds of the procedure covered are its list
      list ??= inner;
      text = text.replace(m[0], ' ');
    } else if (
      // 'Repair of Dentures (Repair of existing prosthetic appliances)': a parenthetical that
      // opens with the label's own first word says the label again in other words, a note
      restatesLabel(text.slice(0, m.index), inner) ||
      /\b(deductible|waived|wait(ing)?|applies|only|after|within|charges?)\b/i.test(inner) ||
      // how often or how much ('2 cleanings per year', 'maximum of 2 additional per year',
      // 'ex. final restoration', 'quadrant', '4 films') scopes the procedure, it names nothing
      // (or what it leaves out: 'other than maintenance')
      /\b(per|maximum of|excluding|every|other than)\b|\bex\.\s|^(quadrant|posterior|anterior|each|\d+ (films?|surfaces?))$/i.test(
        inner,
      )
    ) {
      text = text.replace(m[0], ' ');
    }
  }
  // a comma left before a dropped note ('Exams, Cleanings, (each twice …)') ends nothing
  text = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[,;]+$/, '');
  // 'Orthodontics for dependent children to age 19': who is covered, after 'for'
  const forWhom = text.match(FOR_PERSONS);
  if (forWhom && !persons) {
    persons = forWhom[2]!.trim();
    text = forWhom[1]!.trim();
  }
  if (!code) {
    const m = text.match(SERVICE_CODE_AT_START);
    if (m) code = m[0];
  }
  // 'Endodontic Services - Root canals', 'Brush Biopsy - To detect oral cancer': a name, then
  // (after a dash set between spaces) the procedures it covers, or what it is for (a note)
  const dashed = code || list ? null : text.match(NAME_DASH_REST);
  const rest = dashed?.[2] ?? '';
  // (a list names procedures, capitalised, no sentence: 'Fillings - Composite and Amalgam. Payment
  // is allowed …' goes on in sentences, 'Preventive – cleaning' names a sub-row of its category)
  // (a single item after the dash names a kind of the category, 'Endodontics - Pulpotomy',
  // 'Oral Surgery - Surgical Extractions': the label is the whole; a list runs over commas)
  const names = /^[A-Z]/.test(rest) && !/\.\s/.test(rest) && /,/.test(rest);
  if (
    dashed &&
    !WHO_FIRST.test(rest) &&
    !FREQUENCY_LIMIT.test(rest) &&
    (PURPOSE_NOTE.test(rest) || names)
  ) {
    text = dashed[1]!.trim();
    if (!PURPOSE_NOTE.test(rest)) list = rest.trim();
  }
  let title = text;
  if (code) {
    title = text
      .replace(code, ' ')
      .replace(/^[\s:–—\-|,]+|[\s:–—\-|,]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    // 'Type I (Preventive & Diagnostic)': the category in parentheses; 'Class A (Basic) Services –
    // preventive and diagnostic': the category's name with its generic word, then what it includes
    const wrapped = title.match(/^\(([^()]+)\)\s*(services?|benefits?)?(?:\s*[–—-]\s+(\S.*))?$/i);
    if (wrapped) {
      title = [wrapped[1]!.trim(), wrapped[2]].filter(Boolean).join(' ');
      if (wrapped[3]) list ??= wrapped[3].replace(/^includes?\s+/i, '').trim();
    }
    code = code.replace(/\s+/g, ' ').trim();
    code = code.charAt(0).toUpperCase() + code.slice(1);
  }
  return {
    label: code ?? title,
    title: title || code || '',
    ...(list ? { list } : {}),
    ...(persons ? { persons } : {}),
  };
}

export type DentalRowKind =
  | 'deductibleIndividual'
  | 'deductibleFamily'
  | 'deductible'
  | 'annualMaximum'
  | 'orthoMaximum'
  /** Orthodontia's maximum per year ('Orthodontia Annual Maximum'), not its lifetime one. */
  | 'orthoYearMaximum'
  | 'orthoPersons'
  | 'service'
  | 'other';

/**
 * What a row of a dental grid holds, from its label and the sub-section it sits under
 * ('Individual' under 'Deductible (calendar year)').
 */
export function dentalRowKind(label: string, section: string): DentalRowKind {
  const l = label.toLowerCase();
  const s = section.toLowerCase();
  // a note in parentheses after a category says how the deductible applies to it ('Preventive
  // (deductible does not apply)'): the row is the category's, not a deductible's
  const core = l.replace(/\([^)]*\)/g, ' ');
  const noted = DENTAL_CATEGORY.test(core) && !/deductible/.test(core);
  // 'Family maximum' under 'Annual Deductible' is the family deductible's cap, not a benefit maximum
  // (a category bar's note 'Preventive & Diagnostic Services (No Deductible)' or 'Other Services
  // (After Deductible)' says how the deductible applies to the procedures under it: no deductible
  // section)
  const sectionCore = s.replace(/\([^)]*\)/g, ' ');
  const deductible =
    (/deductible/.test(l) && !noted) ||
    (/deductible/.test(sectionCore) && (!/max/.test(l) || /^\W*family\b/.test(l)));
  // (a note naming what the deductible leaves out, '(excludes diagnostic and preventive and
  // orthodontic)', does not make it orthodontia's)
  const withoutExclusions = l.replace(
    /\((?:excludes|excluding|except|not applicable to)\b[^)]*\)/g,
    ' ',
  );
  if (deductible && !/waiting|lifetime|ortho/.test(withoutExclusions)) {
    const namesIndividual = (t: string) =>
      /individual|per (insured )?person|single|per member|each person|employee|per individual|per insured/.test(
        t,
      );
    // the words outside parentheses name the slot when they name one: 'Family (family Deductible
    // is accumulated by individual Deductibles)' is the family deductible, its note explains it
    const coreFamily = /family/.test(core);
    if (coreFamily !== namesIndividual(core))
      return coreFamily ? 'deductibleFamily' : 'deductibleIndividual';
    const individual = namesIndividual(l);
    // 'Deductible (Individual / Family)': both in one cell
    if (/family/.test(l) && individual) return 'deductible';
    if (/family|per family/.test(l)) return 'deductibleFamily';
    if (individual) return 'deductibleIndividual';
    if (/deductible/.test(l)) return 'deductible';
    return 'other';
  }
  const ortho = isOrthodontic(l) || isOrthodontic(s);
  if (ortho && /max/.test(l) && !/lifetime/.test(l) && /\b(annual|calendar year|yearly)\b/.test(l))
    return 'orthoYearMaximum';
  if (isOrthodontic(l) && /max|lifetime/.test(l)) return 'orthoMaximum';
  // 'Lifetime Maximum' in orthodontia's own table
  if (/lifetime/.test(l) && /max/.test(l) && isOrthodontic(s)) return 'orthoMaximum';
  if (
    isOrthodontic(l) &&
    /eligib|covered persons|who is covered|persons|age limit|covered members|coverage for/.test(l)
  ) {
    return 'orthoPersons';
  }
  // ('D1110 Additional prophylaxis (maximum of 2 additional per year)': a maximum in a note on a
  // procedure is its frequency, no benefit maximum)
  if (
    /max(imum)?\b|\bmax\./.test(core) &&
    !/lifetime|ortho|rollover|carry/.test(l) &&
    /(annual|calendar|plan|benefit|policy|contract|year|yr|dollar|per person|per member)/.test(
      `${l} ${s}`,
    )
  ) {
    return 'annualMaximum';
  }
  if (/max(imum)?\b/.test(core) && /max/.test(s) && !/lifetime|ortho/.test(l))
    return 'annualMaximum';
  // 'Per Person' under 'Annual Maximum Benefit'
  if (
    /max(imum)?\b/.test(s) &&
    !/lifetime|ortho/.test(s) &&
    /^(per |each )?(person|member|individual|insured|participant)$/.test(l.trim())
  )
    return 'annualMaximum';
  // the rows under a bar naming the plan's maximums ('Maximum Benefits' over 'Combined annual
  // for preventive and restorative | Maximum $2,000' and 'Lifetime orthodontia | Maximum $2,500'):
  // a yearly maximum, or orthodontia's lifetime one, whatever services their labels name
  if (MAXIMUMS_BAR.test(sectionCore)) {
    if (isOrthodontic(l) && (/lifetime/.test(l) || !/\b(annual|calendar|year)/.test(l)))
      return 'orthoMaximum';
    if (/\b(annual|yearly|calendar[- ]year|plan[- ]year|per year|combined)\b/.test(l))
      return 'annualMaximum';
  }
  if (SERVICE_CODE.test(l) || DENTAL_CATEGORY.test(l) || ABBREVIATED_CATEGORY.test(l)) {
    if (/waiting|frequency|rollover|limitation|deductible/.test(core)) return 'other';
    return 'service';
  }
  return 'other';
}

/**
 * The weekly hours an eligibility sentence requires ('regularly scheduled to work 20 hours or more
 * a week', '… to work 30 or more hours per week'): the figure, else undefined.
 */
export function scheduledHours(text: string): string | undefined {
  const m = text.match(
    /\bscheduled\s+to\s+work\s+(?:at\s+least\s+)?(\d{1,2})\s+(?:or\s+more\s+hours|hours\s+or\s+more)\s+(?:a|per|each)\s+week\b/i,
  );
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= 60 ? String(n) : undefined;
}

/** A bar over the plan's maximums alone: 'Maximum Benefits', 'Benefit Maximums', 'Maximums'. */
const MAXIMUMS_BAR =
  /^\s*(?:maximum\s+benefits?|benefit\s+maximums?|plan\s+maximums?|maximums)\W*$/;

/**
 * A maximum's amount led by the words that name its slot ('Maximum $2,000', 'Annual maximum of
 * $2,000', 'Lifetime per-person maximum of $2,500'): the amount and what follows it; the text as
 * it is otherwise.
 */
export function withoutMaximumLead(value: string): string {
  const m = value.match(
    /^\s*(?:(?:annual|yearly|calendar[- ]year|lifetime|per[- ]person|combined)\s+)*maximum(?:\s+benefit)?(?:\s+of)?\s+(\$\s?\d.*)$/i,
  );
  return m ? m[1]! : value;
}

// ---------------------------------------------------------------- labels, lists and prose

/** A bullet opening a line ('• Tier 1'): a dot, a square, or the symbol font's dot (U+F0B7). */
export const BULLET = /^\s*[\u2022\uf0b7\u25aa\u25cf]/;

/**
 * Any mark before a listed item under a label: a bullet, a dash, an arrow, or any glyph of a
 * symbol font's private-use area (with the space after it).
 */
export const LIST_MARK = /^\s*[\uE000-\uF8FF•▪●■►➢–-]\s*/;

/** A line opening with a bullet glyph (a dot, a square, a symbol font's private-use glyph). */
export function isBulletLine(text: string): boolean {
  return /^\s*[\uE000-\uF8FF•▪●■◦]/.test(text);
}

/** A line's text without its opening bullet glyph. */
export function stripBullet(text: string): string {
  return text.replace(/^\s*[\uE000-\uF8FF•▪●■◦]\s*/, '');
}

/**
 * A bullet label that names no service, only the kind of amount ('Allowance: $100 …' under
 * 'Frame'): the row is the service its heading names.
 */
export const GENERIC_COST_LABEL =
  /^(allowance|copays?|co-pays?|cost|coverage|benefit|you pay|member cost|your cost|reimbursement)$/i;

/**
 * A cost row labelled only 'Co-Pay' (or 'Allowance' …) right under a row that says how often an
 * item renews ('Eyeglass Frequency'): the cost of that item, named after it ('Eyeglass Co-Pay').
 * Undefined for any other pair of labels.
 */
export function costOfItemAbove(label: string, above: string | undefined): string | undefined {
  if (!above || !GENERIC_COST_LABEL.test(label.trim())) return undefined;
  const item = above.trim().match(/^(.*\S)\s+frequency$/i)?.[1];
  return item && !/frequency/i.test(item) ? `${item} ${label.trim()}` : undefined;
}

/** A second-level bullet ('o Limited to one per tooth per lifetime') under an item. */
export const SUB_BULLET = /^\s*o\s+/;

/** A label that goes on from a line above: it opens with a small joining word. */
export const CONTINUED =
  /^\s*(than|and|or|of|the|to|with|for|in|on|at|by|but|which|that|were|was|is|are)\s|^\s*\(\d+\)\s+[a-z]/;

/** A label that runs on to the next line: it ends in a joining word or a comma. */
export const RUNS_ON = /(,|\b(if|and|or|of|the|to|for|with|by|when|unless|that|which))\s*$/i;

/**
 * A label that refers back to the row above ('This benefit gives you an additional eyewear
 * coverage', 'These services are …', 'Such benefit …'): a note on that row's service, no service.
 */
export const REFERS_BACK =
  /^\s*(?:this|these|such)\s+(?:benefits?|services?|coverage|allowance|plan|options?)\b/i;

/**
 * A piece of running text cut at a line's end, not a service's name: it opens in lower case or
 * breaks off after a comma or a little word ('non-prescription sunglasses,', 'times, other
 * promotional offers may', 'including lens enhancements. At'): a column of prose beside the grid.
 */
export function isProseFragment(text: string): boolean {
  const t = text.trim();
  return (
    /^\p{Ll}/u.test(t) ||
    /[,;]$/.test(t) ||
    /\b(and|or|the|at|may|can|to|of|a|an|for|with|in|by|are|is|be|will|your|on)$/i.test(t)
  );
}

// ---------------------------------------------------------------- vision

export const VISION_SERVICE =
  /\b(exam(ination)?s?|eye exam|lens(es)?|single vision|bifocal|trifocal|lenticular|progressive|frames?|contacts?|contact lens(es)?|materials?|retinal|lasik|laser|coatings?|tint|polycarbonate|photochromic|scratch|anti-?reflective|fitting|evaluation|glasses|eyewear|eyeglass(es)?|spectacles?|sunglasses|polarized|uv|ultraviolet|high[- ]index|transitions|ophthalm\w*|optometr\w*|low[- ]vision|(?:non-?)?elective)\b/i;

/**
 * What only a dental procedure's name says ('D0120 Periodic oral evaluation', 'Comprehensive
 * periodontal evaluation', 'Bitewing radiographic image'): a row so named is no vision service,
 * whatever vision word it also holds ('evaluation', 'exam').
 */
const DENTAL_PROCEDURE_WORDS =
  /\b(oral|dental|dentures?|teeth|tooth|periodont\w*|radiograph\w*|bitewings?|endodont\w*|orthodont\w*|prophylaxis|fluoride|sealants?|crowns?|implants?|amalgam|pulp\w*|occlusal|extractions?|cleanings?|fillings?|root canals?|intraoral|extra-?oral|x-?rays?)\b/i;

/** Whether a text names dental procedures ('amalgam restorations, child: space maintainers'). */
export function namesDentalProcedures(text: string): boolean {
  return DENTAL_PROCEDURE_WORDS.test(text);
}

/** A dental procedure's name or code ('D0140 Limited oral evaluation'): never a vision service. */
export function isDentalProcedureName(label: string): boolean {
  const l = label.trim();
  return PROCEDURE_CODE.test(l) || DENTAL_PROCEDURE_WORDS.test(l);
}

/** A label that names a vision service or material and no dental procedure. */
export function isVisionService(label: string): boolean {
  return VISION_SERVICE.test(label) && !isDentalProcedureName(label);
}

/**
 * A term of the whole plan or of its price, not a service or material ('Deductible', 'Out-of-pocket
 * maximum', 'Employee + Spouse', 'Per pay period cost', 'Premium'): a row so named is no vision
 * service line, whatever it holds. A label that names a vision service is one ('Single vision').
 */
const PLAN_TERM =
  /\b(deductibles?|out-of-pocket|contributions?|coinsurance|per pay|payroll|paycheck|rates?|cost per|bi-?weekly|semi-?monthly)\b|^\s*(monthly |annual |total )?premiums?\b/i;

export function isPlanTermLabel(label: string): boolean {
  return !VISION_SERVICE.test(label) && (isTierLabel(label) || PLAN_TERM.test(label));
}

/**
 * The one thing a vision service line is about, when its name says so plainly ('WellVision Exam'
 * and 'Eye exam' are both the exam; 'Contacts (instead of glasses)' and 'Contact lenses' the
 * contacts): how an out-of-network block's lines join the in-network grid's under other words.
 * Undefined when the name names none or several (a fitting is no exam, nor a lens type a frame).
 */
export function visionConcept(name: string): string | undefined {
  const n = name.toLowerCase();
  // contacts by kind ('Elective contact lenses' and 'Elective Contacts in Lieu of Eyeglasses';
  // 'Necessary contact lenses' and 'Necessary Contacts instead of Eyeglasses'), and their fitting
  // ('Elective contact lens fitting and evaluation', 'Contact Lens Fitting and Evaluation')
  if (
    /\bcontacts?\b|\bcontact lens(es)?\b/.test(n) &&
    !/\b(discount|additional|allowance at)\b/.test(n)
  ) {
    if (/\b(fit(ting)?|evaluation)\b/.test(n))
      return /\bfollow-?up\b/.test(n) ? undefined : 'contact fitting';
    const elective = /\belective\b/.test(n) && !/\bnon[- ]?elective\b/.test(n);
    const necessary = /\b(medically )?necessary\b|\bnon[- ]?elective\b/.test(n);
    if (elective !== necessary) return elective ? 'elective contacts' : 'necessary contacts';
  }
  if (
    /\b(fit(ting)?|evaluation|follow-?up|discount|additional|allowance at|costco|walmart)\b/.test(n)
  )
    return undefined;
  const found = [
    /\b(eye |vision |wellvision |routine )?exam(ination)?s?\b/.test(n) && !/\bcontact/.test(n)
      ? 'exam'
      : undefined,
    /\bframes?\b/.test(n) ? 'frame' : undefined,
    /\bcontacts?\b|\bcontact lens(es)?\b/.test(n) && !/\b(elective|necessary)\b/.test(n)
      ? 'contacts'
      : undefined,
    /\bsingle vision\b/.test(n) ? 'single vision' : undefined,
    /\bbifocals?\b/.test(n) ? 'bifocal' : undefined,
    /\btrifocals?\b/.test(n) ? 'trifocal' : undefined,
    /\blenticular\b/.test(n) ? 'lenticular' : undefined,
  ].filter((c): c is string => c !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/** A row for all lenses, of no kind ('Lenses', 'Eyeglass Lenses'). */
export const PLAIN_LENSES = /^\s*(standard |eyeglass |spectacle |corrective )?lenses\s*$/i;

/** The kinds of lens (visionConcept's names) an out-of-network list prices one by one. */
export const LENS_KINDS: ReadonlySet<string> = new Set([
  'single vision',
  'bifocal',
  'trifocal',
  'lenticular',
]);

/**
 * Kinds of lens priced one to a line ('Single Vision up to $45', 'Lined Bifocals up to $65',
 * 'Progressive lenses-up to $65'): each line's kind as printed and its amount. Undefined unless every
 * line is one and two kinds or more are LENS_KINDS.
 */
export function lensKindsByLine(
  lines: string[],
): Array<{ kind: string; amount: string }> | undefined {
  const found = lines.map((line) =>
    line
      .trim()
      .match(
        /^([A-Za-z][A-Za-z ]*?)\s*[-–—:]?\s*((?:reimbursed\s+|covered\s+)?up to \$\s?[\d,]+(?:\.\d+)?)\.?$/i,
      ),
  );
  if (found.length < 2 || found.some((m) => !m)) return undefined;
  const kinds = found.map((m) => ({ kind: m![1]!.trim(), amount: m![2]!.trim() }));
  const lensKinds = kinds.filter((k) => LENS_KINDS.has(visionConcept(k.kind) ?? ''));
  return lensKinds.length >= 2 ? kinds : undefined;
}

/** How many kinds of lens a text names ('Single vision, lined bifocal …' names two or more). */
export function lensKindsNamed(text: string): number {
  const t = text.toLowerCase();
  return [...LENS_KINDS].filter((kind) => new RegExp(`\\b${kind}s?\\b`).test(t)).length;
}

/** A row that adds up a priced example ('Total', 'Your savings', 'You save'). */
export const SUM_ROW =
  /^(grand )?(total|totals|(total |your |annual )?savings|you save|out[- ]of[- ]pocket total)\b/i;

/** Every benefit-frequency slot a label names ('Lenses / Frames' names two). */
export function frequencyItems(
  label: string,
): Array<'examination' | 'lensesOrContactLenses' | 'frame'> {
  const l = label.toLowerCase();
  const out: Array<'examination' | 'lensesOrContactLenses' | 'frame'> = [];
  if (/exam/.test(l)) out.push('examination');
  if (/\blens|contact|spectacle|eyeglass/.test(l)) out.push('lensesOrContactLenses');
  if (/frame/.test(l)) out.push('frame');
  return out;
}

/**
 * A service label that ends in how often the service renews ('Routine eye exam (once per year
 * starting January 1)', 'Frames (renews every January 1 of odd years)'): the name without it, and
 * the frequency as printed; undefined for any other label.
 */
export function frequencyInLabel(label: string): { name: string; frequency: string } | undefined {
  // ('Frames (once every calendar year).': a full stop after the parenthesis ends the label)
  const m = label.trim().match(/^(.*\S)\s*\(([^()]+)\)\.?$/);
  if (!m) return undefined;
  const inner = m[2]!.trim();
  if (!/^(?:covered\s+)?(once|twice|one|every|renews?|limited to)\b/i.test(inner)) return undefined;
  if (
    !/\b(every|per|each|renews?)\b.*\b(months?|years?|january|calendar|plan|benefit)\b/i.test(inner)
  )
    return undefined;
  return { name: m[1]!, frequency: inner };
}

/**
 * How often a service line's own label says its items come ('Yearly routine exam copay', 'Annual
 * Eye Exam', 'Bi-Annual Frames & Annual Lenses'): each item with the frequency word as printed.
 */
export function frequenciesInLabel(
  label: string,
): Array<[ReturnType<typeof frequencyItems>[number], string]> {
  const out: Array<[ReturnType<typeof frequencyItems>[number], string]> = [];
  for (const part of label.split(/\s*(?:&|,|\band\b|\/)\s*/i)) {
    const m = part.match(/^(annual|yearly|bi-?annual|biennial)\s+(\S.*)$/i);
    if (!m) continue;
    for (const item of frequencyItems(m[2]!)) out.push([item, m[1]!]);
  }
  return out;
}

/**
 * Words a benefit's value ends with — its kind ("$50 copay", "$155 allowance") or its period
 * ("Once every 2 calendar years") — as opposed to words printed after it that belong elsewhere.
 */
export const VALUE_OWN_ENDING =
  /\b(co-?pays?|co-?insurance|allowances?|reimbursements?|deductibles?|covered|included|discount|off|price|visits?|(calendar|plan|benefit|contract)?\s*(years?|months?))$/i;

/** A name, a dash, and whether it is covered ('… (up to age 19) - covered in full.'). */
export const DASHED_COVERAGE = /^(.{3,160}?)\s+[-\u2013]\s+(covered in full|not covered)\.?$/i;

/**
 * A note printed after a service's name and a dash, saying what it takes in ('Eyeglasses (lenses
 * and frame) - includes basic single vision, lined bifocal …') or describing it in a sentence
 * ('Extra Savings - The following extra savings are only available from …': an article and five
 * words or more): the words that open it.
 */
export const DASHED_NOTE =
  /\s[-\u2013\u2014]\s+(?:(?:includes|including|excludes|excluding|covers)\b|(?:[Tt]he|[Tt]his|[Tt]hese|[Aa]n?)\s+(?:\S+\s+){4}\S)/;

/**
 * A note after a service's name saying it is had once per the plan's interval, whichever that is
 * ('EYE EXAMINATION (one per frequency)', '(one per service interval)'): no frequency of its own.
 */
export const ONE_PER_INTERVAL_NOTE =
  /\s*\(\s*(?:one|1)\s+per\s+(?:service\s+interval|frequency|benefit\s+(?:period|interval)|interval)\s*\)\s*$/i;

/**
 * Words that make a line of a label cell a sentence about the service, not part of its name
 * ('Co-Payment shall not apply to Retinal Imaging', 'In-network providers offer a scratch
 * protection plan …').
 */
export const NOTE_VERB = /\b(?:shall|will|may|must|offers?|(?:does|do|is|are)\s+not)\b/i;

/** A product's word naming a kind of provider ('Vision Providers', 'dental offices'), not a product. */
export const PRODUCT_PROVIDERS =
  /\b(?:dental|vision|eye\s*care)\s+(?:providers?|dentists?|doctors?|offices?|professionals?)\b/gi;

/** Words of a value that say what the plan pays: a share, an amount, a copay, covered or not. */
export const COVERAGE_IN_VALUE =
  /[%$]|\bcopay|\bco-pay|\bno charge\b|\bnot covered\b|\bcovered\s+(in full|at)\b|\bpaid in full\b|\bno cost\b/i;

export const FREQUENCY_VALUE =
  /\b(every|once|per|each)\b.*\b(months?|years?|calendar|plan|benefit|period)\b|^\s*\d{1,2}\s*months?\s*$|^\s*\d{1,2}\s*\/\s*\d{1,2}\s*\/\s*\d{1,2}\s*$|\b(annual(ly)?|bi-?annual|yearly)\b/i;

// ---------------------------------------------------------------- rates

/** A coverage tier label (Employee Only, EE+SP, Employee & Family, Composite…). */
/** A column heading that names a kind of provider ('… PPO Dentist', 'Participating Specialist'). */
export const PROVIDER_HEADING =
  /\b(dentists?|providers?|doctors?|specialists?|participating|facilit(y|ies))\b/i;

export function isTierLabel(text: string): boolean {
  const t = text.toLowerCase().replace(/\s+/g, ' ').trim();
  if (t.length > 60) return false;
  // a heading that measures something ('Employee Cost per Pay Period', 'In-Network Member Cost')
  // or names whom care is had from ('If you use a Delta Dental PPO Dentist': a network's column)
  if (
    /\b(cost|premium|rates?|contributions?|pays?|paid|network|deductible|share|maximum|copay|allowance|reimburs\w*)\b/.test(
      t,
    ) ||
    PROVIDER_HEADING.test(t)
  )
    return false;
  return (
    /^(ee|eo|es|ec|ef|fa|fam|sp|ch)\b|\bee\s*(\+|&|\/|and)|\bee only\b/.test(t) ||
    /\b(employee|member|subscriber|participant|self|single|individual|you|yourself|team member)\b|\b(one|two|three|[123])[- ]party\b/.test(
      t,
    ) ||
    // ('Participant', then 'Plus One': the one beside the participant)
    /^plus (one|two|1|2)\b/.test(t) ||
    /^(family|composite|couple|spouse|child(ren)?)\b/.test(t) ||
    /\+\s*(1|one|2|two|sp|ch|spouse|child|children|family|dependents?)\b/.test(t)
  );
}

export type RateMeasure =
  | 'rate'
  | 'current'
  | 'change'
  | 'employee'
  | 'employer'
  | 'perPay'
  | 'annual'
  | 'count'
  | 'other';

/** What a rate-table column holds, from its heading. */
export function rateMeasure(heading: string): RateMeasure {
  const h = heading.toLowerCase();
  if (/%|change|difference|increase|decrease/.test(h)) return 'change';
  if (
    /per pay|paycheck|pay period|bi-?weekly|semi-?monthly|weekly|\b(24|26|52|12) pay|deduction/.test(
      h,
    )
  ) {
    return 'perPay';
  }
  if (/annual|yearly|per year/.test(h)) return 'annual';
  if (/enrolled|lives|count|census|number of|# of|employees enrolled/.test(h)) return 'count';
  if (/current|existing|prior|expiring|in-force|in force/.test(h)) return 'current';
  if (
    /employer|company|city|county|district/.test(h) &&
    /share|contribution|pays|cost|portion/.test(h)
  ) {
    return 'employer';
  }
  // 'Monthly Premium per Member' is the carrier's rate for each member, not the member's share
  const whose = h.replace(/\bper (member|employee|participant|subscriber|person|enrollee)\b/g, ' ');
  if (
    /employee|member|your|you pay|team member/.test(whose) &&
    /share|contribution|cost|pays|portion|premium|deduction/.test(whose)
  ) {
    return 'employee';
  }
  if (/rate|premium|total|renewal|proposed|monthly|cost|price/.test(h)) return 'rate';
  return 'other';
}

// ---------------------------------------------------------------- deductible and maximum lines

/**
 * A line that says whom a service covers and nothing else ('o Dependent children through age
 * 18', 'Adults and children'), a bullet mark before it.
 */
export const WHO_ONLY =
  /^\W*(o\s+)?((eligible|covered|dependent)\s+)*(children|child|dependents|adults( and children)?|children and adults)\b(\s+(through|to|under|up to)\s+(age\s+)?\d{1,2})?\W*$/i;

/**
 * A note under a row's name that says which networks its values hold for ('Combined in- and
 * out-of-network'): no procedure it lists.
 */
export const NETWORK_NOTE = /\bnetworks?\b/i;

/** A heading that names a deductible or maximum alone ('Annual Deductible*'). */
export const AMOUNT_HEADING =
  /^\s*((annual|calendar year|plan year|benefit year|lifetime)\s+)?(deductible|(benefit\s+)?maximum)\W*$/i;

/** A row label that names a tier of a deductible or maximum ('Individual', 'Per Family'). */
export const TIER_LABEL = /^\s*(per\s+)?(individual|person|member|single|employee|family)\W*$/i;

/** A deductible value that is a word, no amount ('Not Covered', 'None', 'N/A'). */
/** A row label naming a benefit amount that comes in tiers of its own: a deductible, a maximum. */
export const AMOUNT_OF_BENEFITS = /\b(deductibles?|maximum|out[- ]of[- ]pocket)\b/i;

export const NO_AMOUNT = /^\s*(not covered|none|n\/a|not applicable|waived)\s*$/i;

/** A cell that names its slot before its amount ('Individual: $50', 'Family $150'). */
export const TAGGED_AMOUNT =
  /^\s*(individual|single|per person|employee|family)\s*:?\s*(\$\s?[\d,]+(?:\.\d+)?)\s*$/i;

/**
 * A sentence giving one network's yearly maximum ('In-network Calendar year maximums are $1,000
 * per person.'): the network's words, then the amount.
 */
export const NETWORK_MAXIMUM_SENTENCE =
  /\b(in[- ]network|non[- ]network|out[- ]of[- ]network|participating|non[- ]participating)\b[^.$]*?\bmaximums?\s+(?:is|are|of)\s+(\$\s?[\d,]+(?:\.\d\d)?(?:\s+per\s+(?:person|member|individual|insured))?)/gi;

/** Amounts each after its network's name ('In-Network: $1,000 Non-Network: $1,000'). */
export function amountsByNetwork(text: string): { in?: string; out?: string } {
  const out: { in?: string; out?: string } = {};
  for (const m of text.matchAll(
    /\b(in[- ]network|non[- ]network|out[- ]of[- ]network)\s*:?\s*(\$\s?[\d,]+(?:\.\d\d)?)/gi,
  )) {
    const network = networkOf(m[1]!);
    if (network) out[network] ??= m[2]!;
  }
  return out;
}

/** The maximum each network's sentence gives ('In-network … maximums are $1,000 per person.'). */
export function networkMaximums(text: string): { in?: string; out?: string } {
  const out: { in?: string; out?: string } = {};
  for (const m of text.replace(/\s+/g, ' ').matchAll(NETWORK_MAXIMUM_SENTENCE)) {
    const network = networkOf(m[1]!);
    if (network) out[network] ??= m[2]!;
  }
  return out;
}

/**
 * A highlight naming the plan's yearly maximum in a sentence of its own ('Plan Maximum of $2,000 per
 * person, per calendar year.', 'Annual maximum of $1,500 per member'): the amount with the words
 * after it, without the full stop; undefined for any other text (a lifetime or orthodontic maximum
 * among them).
 */
export function highlightedMaximum(text: string): string | undefined {
  const m = text
    .replace(/\s+/g, ' ')
    .trim()
    .match(
      /^(?:plan|annual|yearly|calendar[- ]year|benefit[- ]year|policy[- ]year)\s+maximum(?:\s+benefit)?\s+of\s+(\$\s?[\d,]+(?:\.\d\d)?(?:[^.$]*[a-z)])?)\.?$/i,
    );
  return m ? m[1] : undefined;
}

/** An amount as printed in a sentence ('$50', '$1,000', '$0'). */
const SENTENCE_AMOUNT = String.raw`\$\s?\d{1,3}(?:,\d{3})*(?:\.\d\d)?`;

/**
 * A deductible said in a sentence of running text that names the one network it is for: each
 * plan option's amount when the sentence names the options ('Out-of-Network services … are subject
 * to a deductible of $50 for the High Option and $100 for the Standard Option'; '… the Standard
 * Option contains a $100 deductible per person, and the High Option has a $50 deductible'), else
 * the one amount the sentence prints for every class ('The calendar year deductible is $0, if you
 * use an In-Network provider'). Undefined for a sentence naming no network or both, printing no
 * amount for the deductible, or naming options without an amount for each of `options`.
 */
export function deductiblesSaid(
  sentence: string,
  options: readonly string[],
): { network: 'in' | 'out'; amounts: Array<{ option?: string; amount: string }> } | undefined {
  const t = sentence.replace(/\s+/g, ' ').trim();
  if (!/\bdeductible\b/i.test(t)) return undefined;
  const network = networkInLabel(t);
  if (!network) return undefined;
  const named = options.filter((o) => new RegExp(`\\b${escapeRegExp(o)}\\b`, 'i').test(t));
  if (named.length > 0) {
    if (named.length !== options.length) return undefined;
    const amounts: Array<{ option?: string; amount: string }> = [];
    for (const option of options) {
      const o = escapeRegExp(option);
      const m =
        t.match(
          new RegExp(
            `(${SENTENCE_AMOUNT})(?:\\s+deductible)?(?:\\s+per\\s+(?:covered\\s+)?(?:person|member|individual))?\\s+for\\s+(?:the\\s+)?${o}\\b`,
            'i',
          ),
        ) ??
        t.match(
          new RegExp(
            `\\b${o}\\s+(?:contains|has|includes|carries)\\s+an?\\s+(${SENTENCE_AMOUNT})\\s+(?:[\\w-]+\\s+){0,2}deductible\\b`,
            'i',
          ),
        );
      if (!m) return undefined;
      amounts.push({ option, amount: m[1]!.replace(/\s/g, '') });
    }
    return { network, amounts };
  }
  const m = t.match(
    new RegExp(`\\bdeductible\\s+(?:is|of)\\s+(${SENTENCE_AMOUNT})(?!\\d|,\\d)`, 'i'),
  );
  if (!m || (t.match(new RegExp(SENTENCE_AMOUNT, 'g')) ?? []).length !== 1) return undefined;
  return { network, amounts: [{ amount: m[1]!.replace(/\s/g, '') }] };
}

/**
 * The yearly maximum a sentence in a grid's label column states for the services above it ('Class
 * A, B, and C Services are subject to an unlimited maximum benefit'; '… subject to a $2,000 annual
 * maximum benefit for the In-Network benefits and $2,000 for the Out-of-Network benefits'): each
 * amount (or 'unlimited') for the network named after it, both networks when none is named. Empty
 * for any other text, a lifetime or orthodontic maximum among them.
 */
export function sentenceMaximums(text: string): { in?: string; out?: string } {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!/\b(?:subject to|is|are)\b/i.test(t) || !/\bmaximum\b/i.test(t)) return {};
  if (/lifetime|ortho/i.test(t) || t.split(' ').length < 6) return {};
  const out: { in?: string; out?: string } = {};
  for (const m of t.matchAll(/(\$\s?[\d,]+(?:\.\d\d)?|\bunlimited\b)([^$]*)/gi)) {
    const named = m[2]!.match(/\b(in[- ]network|out[- ]of[- ]network|non[- ]network)\b/i)?.[1];
    const network = named ? networkOf(named) : undefined;
    if (network) out[network] ??= m[1]!;
    else {
      out.in ??= m[1]!;
      out.out ??= m[1]!;
    }
  }
  return out;
}

// ---------------------------------------------------------------- what a slot's value is made of

/**
 * The words and figures a value of each kind of slot is made of: a coverage level is a share or a
 * word about coverage ('80%', '50 percent', 'Not covered', 'No charge'), a deductible or maximum an
 * amount or a word that stands for one ('$50', 'None', 'Waived'), a vision cost an amount, a share
 * or a copay word ('$10 copay', 'Covered in full', 'Up to $130'). A sentence ('Limited to one
 * time per tooth per lifetime.') or a fragment of one ('activities.') is none of them.
 */
const SLOT_VALUES: Array<[RegExp, RegExp, number]> = [
  [
    /^coverageLevel/,
    /%|\bpercent\b|\bcover(ed|age)\b|\bno charge\b|\bn\/a\b|\bnone\b|\bexcluded\b|\bfee schedule\b|\$|\bnot applicable\b|\bdiscount|\bfree\b|\bno cost\b|\bpaid\b|\bbenefit\b/i,
    90,
  ],
  [
    /Deductible|^policyYearMaximum|^orthodonticLifetimeMaximum/,
    /\$\s?\d|^\s*\d[\d,]*(\.\d\d)?\b|\bnone\b|\bwaived\b|\bunlimited\b|\bn\/a\b|\bnot applicable\b|\bno (maximum|limit|deductible)\b|\bnot covered\b|\bincluded\b|\bcombined\b|\bsame\b|\b\d+\s*(x|times)\b/i,
    120,
  ],
  [
    /^(inNetworkCost|outOfNetworkReimbursement)$/,
    /\$|\d|\bcovered\b|%|\bno charge\b|\bn\/a\b|\bincluded\b|\bdiscount|\bcopay|\ballowance\b|\bfree\b|\bno (additional )?cost\b|\bnone\b|\bnot applicable\b|\bpaid\b|\breimburse|\bup to\b|\binstead of\b|\bsame as\b|^(?:not\s+)?available\.?$/i,
    200,
  ],
];

/**
 * What a benefit line's value holds: a share, an amount or a word for either. 'Sealants: Plan
 * benefit applies to primary and …' in a list of limitations states a rule, not a benefit.
 */
export const BENEFIT_VALUE =
  /%|\$\s?\d|\b(no charge|no cost|copay|co-pay|covered|not covered|no coverage|free|included|waived|n\/a|none|unlimited|allowance|deductible)\b/i;

/** A value that is a share and nothing else ('30%', '50 percent'). */
const SHARE_ONLY = /^\s*\d{1,3}(\.\d+)?\s?(%|percent)\s*$/i;

/** A value that only says whether something is covered ('Not Covered', 'N/A'): no persons. */
const COVERAGE_WORD_ONLY = /^\s*(not\s+covered|covered|not\s+applicable|n\/a|none|excluded)\s*$/i;

/** Whether a value can fill a slot (a catalogue column's name); slots without a rule take any. */
export function valueFitsSlot(column: string, value: string): boolean {
  // who is covered is said in persons and ages ('Dependent children through age 18')
  if (/^coveredPersons/.test(column)) return !COVERAGE_WORD_ONLY.test(value);
  const rule = SLOT_VALUES.find(([slot]) => slot.test(column));
  if (!rule) return true;
  const [, words, longest] = rule;
  // a share is no amount: '30%' beside 'Extended Annual Max' says how much is paid beyond it
  if (/Deductible|Maximum/.test(column) && SHARE_ONLY.test(value)) return false;
  // an amount for a lifetime is a maximum, no coverage level ('$1,000 lifetime Up to age 19')
  if (/^coverageLevel/.test(column) && /\blifetime\b/i.test(value) && !/%|\bpercent\b/i.test(value))
    return false;
  return words.test(value) && value.length <= longest;
}

/**
 * A note that a cell spans every network or level ('$1500 (applies to all levels)', 'Child(ren)
 * (applies to both networks)'): it says where the value applies, it is no part of the value.
 */
export const SPANNING_NOTE =
  /\s*\((?:applies|apply) to (?:all|both) (?:levels|tiers|networks|classes|plans)\)\s*$/i;

/** The same note wrapped, its first line ending the cell's line: 'Child(ren) to age 19 (applies to all'. */
export const SPANNING_NOTE_OPENED = /\s*\((?:applies|apply) to (?:all|both)\b[^)]*$/i;

// ---------------------------------------------------------------- insurers

/** Insurers' names and the forms they are printed in: data of their own, in insurers.ts. */
export { INSURERS, type InsurerEntry, insurerMentions } from './insurers.ts';

/**
 * A section title that names its plan in a closing parenthesis, one plan's section after another:
 * 'Description of Covered Services (Comp 1500 plan)', 'Schedule of Benefits (High Option)'.
 * Group 1 is the plan's name with its last word.
 */
export const PLAN_IN_SECTION_TITLE =
  /^[^()]{0,60}\b(?:services|benefits|coverage|summary|schedule)\b[^()]{0,30}\(([^()]{2,40}?\s(?:plan|option))\)\s*$/i;

/**
 * A grid's label column headed by the plan option its rows belong to, options printed as grids
 * one after another ('High Option Benefits | In-Network | Out-of-Network', then 'Standard Option
 * Benefits (cont.)'; 'Low Plan Benefits'): the option's name ('High Option').
 */
export const OPTION_BENEFITS_HEADING =
  /^((?:[A-Z0-9][\w+-]*\s+){1,3}(?:[Oo]ption|[Pp]lan|OPTION|PLAN))\s+(?:[Bb]enefits|BENEFITS)(?:\s*\((?:cont(?:inued)?\.?)\))?$/;

/**
 * A plan document's section heading over one option's chart, options printed one section after
 * another ('How the PDP Option Pays Benefits', 'How the Expatriate Dental Plan Pays Benefits'):
 * group 1 is the option's name as printed ('PDP Option'), capitalised words before 'Option' or
 * 'Plan'.
 */
export const OPTION_PAYS_HEADING =
  /^(?:[Hh]ow|HOW)\s+(?:[Tt]he|THE|[Yy]our|YOUR)\s+((?:[A-Z][\w&'()-]*\s+){1,4}(?:Option|OPTION|Plan|PLAN))\s+(?:[Pp]ays|PAYS)\s+(?:[Bb]enefits|BENEFITS)\s*$/;

/** Plan names that only say which product or whose plan it is ('Dental plan', 'your plan'). */
export const GENERIC_PLAN_NAME =
  /^\s*(?:the|this|your|our|each|every|any|group|dental|vision|medical|employee|member)(?:\s+(?:dental|vision))?\s+(?:plan|option)\s*$/i;

/**
 * A summary or schedule titled by the age group of members it covers ('SUMMARY RELATING TO
 * PEDIATRIC ENROLLEES', 'Covered Services for Adult Members'): coverage printed once per group, each
 * group a class. The group's words are the capture ('PEDIATRIC ENROLLEES').
 */
export const MEMBER_GROUP_IN_TITLE =
  /^[^()]{0,40}\b(?:summary|services|benefits|coverage|schedule)\b[^()]{0,30}\b(?:relating to|for|applicable to|applying to)\s+((?:pediatric|adult|child|children's|dependent child)\s+(?:enrollees|members|insureds|covered persons))\s*$/i;

/**
 * A class-wide line that says which network's provider it holds for ('Coverage Period Deductible
 * when services are rendered by a Network Dentist', '… by a non-Network Dentist', 'Annual Maximum
 * for services received from a Participating Provider'): that network, else undefined.
 */
export function networkOfProvider(label: string): 'in' | 'out' | undefined {
  const m = label.match(
    /\b(?:rendered|provided|received|performed|obtained)\s+(?:by|from|at)\s+(?:an?\s+|the\s+)?((?:non|out)[- ]?(?:of[- ])?(?:network|participating|par|contracted)|in[- ]?network|network|participating|contracted|preferred)\s+(?:dentists?|providers?|doctors?|offices?)\b/i,
  );
  return m ? networkOf(m[1]!) : undefined;
}

/**
 * A table titled as a worked example ('EXAMPLE FOR ADULT ENROLLEES', 'Example #2', 'Sample
 * claim calculation', 'Illustration'): its amounts show how the plan pays a made-up bill, not what
 * it covers.
 */
export const ILLUSTRATION_TITLE =
  /^\s*(?:an?\s+)?(?:examples?\b(?!\s+of\s+(?:covered|services|procedures))|sample\s+(?:claims?|calculations?|bills?)\b|illustrations?\b|how\s+(?:it|your\s+plan|the\s+plan|benefits?)\s+(?:works?|pays?)\s*:?\s*(?:an?\s+)?example)/i;

/**
 * The plan a section heading names after a spaced dash ('PLAN AND SERVICE FREQUENCIES - Basic
 * Plan', 'Professional Services – Premier Plan'): the plan's name when the words before the dash
 * title a section and the words after it name an option; undefined when the heading is split so but
 * names no option after the dash ('PLAN AND SERVICE FREQUENCIES - Second Pair:'); the heading
 * itself otherwise.
 */
export function planOfHeading(heading: string): string | undefined {
  const m = heading.trim().match(/^(.{3,60}?)\s+[-–—]\s+(.{2,40}?)\s*:?$/);
  if (
    !m ||
    !/\b(services?|frequenc(y|ies)|benefits?|summary|schedule|coverage|allowances?|copays?)\b/i.test(
      m[1]!,
    )
  )
    return heading;
  return isOptionName(m[2]!) ? m[2]! : undefined;
}

/**
 * A description under a category that defines it in a sentence rather than listing its procedures
 * ('The care of teeth with damaged nerves, such as root canal treatment.', 'Dental Services include
 * consultations, general anesthesia, and palliative care.'): a full stop closing five words or
 * more, with a clause or an example ('such as', 'when', 'which', a verb) inside.
 */
export function definesInASentence(text: string): boolean {
  const t = text.trim();
  return (
    /\.$/.test(t) &&
    t.split(/\s+/).length >= 5 &&
    /\b(such as|when|which|that|includes?|included|is|are|was|were|will)\b/i.test(t)
  );
}
