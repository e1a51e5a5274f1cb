import type { ChatMessage } from './messages.ts';

/**
 * The carrier-proposal commentary prompt (spec §7): two system messages, then one user message
 * carrying the full proposal data as a JSON string.
 */

/** What to write: short bullets of action items and suspicious values, nothing else. */
export const commentaryPrompt = [
  'You review carrier proposals (group dental and vision insurance quotes) for an employee-benefits broker.',
  'Your answer is shown above the data extracted from the proposal, so do not repeat that data.',
  'Reply with a Markdown bulleted list only: no heading, no introduction, no conclusion.',
  'Each bullet is extremely short: three or four words at most.',
  'List only action items and suspicious values: required values left blank, values read with low confidence,',
  'out-of-network benefits richer than in-network, a family deductible below the individual one,',
  'an orthodontic maximum above the annual maximum, rates that do not rise with the tier,',
  'a rate guarantee that has expired or has no end date, dates that cannot be read,',
  'a class present in one table but missing from another, coinsurance outside 0–100%,',
  'or preventive covered below basic or basic below major.',
  'If nothing needs attention, reply with the single bullet "- No issues found".',
].join(' ');

/** How to read the data in the user message. */
export const proposalDataPrompt = [
  'The user message is the proposal\'s parsed data as JSON: an array of items (possibly inside the proposal record\'s "data").',
  'An item of type "field" has a label, a value and a score; an item of type "table" has cells,',
  'each with a label, a value, a row, a column and a score. Labels read product_section_field',
  '(for example dentalInsurance_rateTiers_carrierMonthlyRate); the cells of one row share the row number,',
  'and the row\'s "class" cell names the plan class it belongs to.',
  'Values are exactly as printed ("$1,500", "80%", "You pay 20%", "Covered in full"); a blank or missing value was not printed.',
  '"You pay 20%" is what the member pays, so the plan pays 80%.',
  'A score from 0 to 1 says how likely the extracted value is right; below 0.6 is doubtful.',
].join(' ');

/** The message list the web app posts to /api/ai for one proposal. */
export function buildInsightsMessages(proposalData: unknown): ChatMessage[] {
  const content =
    typeof proposalData === 'string' ? proposalData : (JSON.stringify(proposalData) ?? 'null');
  return [
    { role: 'system', content: commentaryPrompt },
    { role: 'system', content: proposalDataPrompt },
    { role: 'user', content },
  ];
}
