import type { Line } from '../layout.ts';
import { joinWrapped } from './values.ts';
import {
  BARE_PROCEDURE_CODE,
  CODE_IN_PARENTHESES_AT_END,
  CODE_THEN_WORDS,
  FOOTNOTE_NUMBERS,
  PROCEDURE_CODES,
  WORD_PREFIX,
} from './vocabulary.ts';

/**
 * A schedule prints the procedure code in a column of its own, left of the description
 * ('ADA CODE | PROCEDURE DESCRIPTION | COPAYMENT'); when the reader keeps the two in one cell
 * the code still stands apart from the words: it is set off by a gap far wider than a space, or
 * it sits alone on its line beside a description wrapped over the lines above and below it (the
 * code centred on the row). Then the code keys the row and the description is its title. A
 * code printed inside the description's own line ('D0120 Periodic oral evaluation', one space
 * after the code) is not apart: that whole line is the label.
 */
export interface CodeApart {
  code: string;
  description: string;
}

/**
 * A gap wider than this many font sizes is a column gutter, not a space (a word space is about
 * 0.25–0.28 of the size in the usual faces).
 */
const GUTTER = 0.36;

export function codeSetApart(lines: readonly Line[]): CodeApart | undefined {
  const filled = lines.filter((l) => l.words.length > 0 && l.text.trim());
  if (filled.length === 0) return undefined;
  const codeWords = filled.flatMap((l) => l.words.filter((w) => BARE_PROCEDURE_CODE.test(w.text)));
  if (codeWords.length !== 1) return undefined;
  const code = codeWords[0]!;
  const codeLine = filled.find((l) => l.words.includes(code))!;
  // the code is the first word of its line
  if (codeLine.words[0] !== code) return undefined;
  const rest = codeLine.words.slice(1);
  const others = filled.filter((l) => l !== codeLine);
  if (rest.length > 0) {
    // a gutter between the code and the description that follows on its line
    if (rest[0]!.box[0] - code.box[2] < GUTTER * Math.max(code.size, rest[0]!.size))
      return undefined;
  } else if (others.length === 0) return undefined;
  // every description line starts right of the code (the description's column)
  const descLeft = (l: Line) => l.words[0]!.box[0];
  if (others.some((l) => descLeft(l) < code.box[2])) return undefined;
  const parts = filled.map((l) =>
    l === codeLine ? l.text.trim().slice(code.text.length).trim() : l.text.trim(),
  );
  const description = withoutFootnoteMarks(joinBrokenWords(parts.filter(Boolean)));
  if (!/\p{L}{3}/u.test(description)) return undefined;
  return { code: code.text, description };
}

/**
 * A description's wrapped lines joined; a hyphen that only breaks a word at the end of a line
 * ('restora-' / 'tion', 'of-' / 'fice') goes, as the page reads. A hyphen after a prefix that
 * stands hyphenated in words ('non-' / 'surgical', 're-' / 'bond') stays: that is the word.
 */
export function joinBrokenWords(lines: string[]): string {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    const last = out[out.length - 1];
    // the word the hyphen ends: a compound ('out-of-') keeps its hyphens
    const broken = last?.match(/(?:^|[\s(/])([\p{L}-]+)-$/u);
    if (
      last &&
      broken &&
      /^\p{Ll}/u.test(line) &&
      !broken[1]!.includes('-') &&
      !WORD_PREFIX.test(broken[1]!)
    ) {
      out[out.length - 1] = `${last.slice(0, -1)}${line}`;
    } else out.push(line);
  }
  return joinWrapped(out);
}

/** Footnote numbers printed after a description ('Crown - titanium (1)', '(1, 2)') are no part of it. */
export function withoutFootnoteMarks(text: string): string {
  return text.replace(FOOTNOTE_NUMBERS, '').trim();
}

/**
 * A label that opens with a procedure code and goes on with the procedure's description in the
 * same line ('D0120 Periodic oral evaluation - established patient'), its wrapped lines joined
 * ('… counseling with primary' / 'caregiver'), or the code alone on the first line with the
 * description stacked under it ('D0120' / 'Periodic oral evaluation'), or the code in parentheses
 * after the description ('Periodic oral evaluation (D0120)'). One code in the label: a
 * cell holding two codes is two rows the reader kept together, not one procedure.
 */
export function codeOpeningLine(lines: readonly string[]): CodeApart | undefined {
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  const first = filled[0];
  if (!first) return undefined;
  // the code alone on the label's first line, the description stacked under it in a narrow cell
  const stacked = BARE_PROCEDURE_CODE.test(first) && filled.length > 1 ? first : undefined;
  const m = stacked ? undefined : first.match(CODE_THEN_WORDS);
  if (!m && !stacked) {
    // the code printed after the description, in parentheses or apart ('Periodic oral
    // evaluation (D0120)')
    const all = filled.join(' ');
    const end = all.match(CODE_IN_PARENTHESES_AT_END);
    if (!end || all.match(PROCEDURE_CODES)?.length !== 1) return undefined;
    return { code: end[2]!, description: withoutFootnoteMarks(joinBrokenWords([end[1]!])) };
  }
  if (filled.join(' ').match(PROCEDURE_CODES)?.length !== 1) return undefined;
  const description = withoutFootnoteMarks(
    joinBrokenWords(m ? [first.slice(m[0].length), ...filled.slice(1)] : filled.slice(1)),
  );
  if (!/\p{L}{3}/u.test(description)) return undefined;
  return { code: stacked ?? m![1]!, description };
}
