import type { Box, Cell, Line, Table } from '../layout.ts';
import { type AnalyzedDocument, type AnalyzedTable, analyzeTable } from './document.ts';
import type { Scope } from './evidence.ts';
import {
  BENEFIT_VALUE,
  FREQUENCY_VALUE,
  GENERIC_COST_LABEL,
  isBulletLine,
  stripBullet,
  VISION_SERVICE,
} from './vocabulary.ts';

/**
 * Vision benefits printed as sections instead of a grid: a heading naming a service ('Eye exam',
 * 'Frame'), its frequency on a line of its own ('Once every 12 months'), then bullet lines
 * 'Label: value' whose words may wrap onto the next lines ('• Eye health exam, dilation …: At no
 * additional cost after' / 'a $10 copay.'). Each bullet is a service row with its in-network
 * cost; the heading names the row when the bullet only describes the heading's service (its
 * label holds every word of the heading, or is a bare 'Allowance' or 'Copay'); each section's
 * frequency is a frequency row. The sections come out as two tables read like any vision grid:
 * services | in-network, and services | frequency.
 */

interface Bullet {
  lines: Line[];
  /** Where the bullet's own line starts: its wrapped lines start further right. */
  x0: number;
  closed: boolean;
}

interface Section {
  heading: Line;
  frequency?: Line;
  bullets: Bullet[];
  scope: Scope;
  order: number;
}

const LABELLED = /^([^:]{2,220}?):\s+(\S[\s\S]*)$/;

const STOP = new Set(['of', 'and', 'the', 'for', 'or', 'a', 'an', 'to', 'in', 'instead']);

/** The words a heading or label says, lower case, plural s dropped, small words left out. */
function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/(?<=\w{3})s$/, ''));
}

/**
 * The row a bullet names: the section's heading when the bullet's label only describes the
 * heading's service ('Eye health exam, dilation …' under 'Eye exam'; 'Allowance' under 'Frame'),
 * otherwise the bullet's own label ('Retinal imaging' under 'Eye exam').
 */
export function bulletRowName(label: string, heading: string): string {
  if (GENERIC_COST_LABEL.test(label)) return heading;
  const said = new Set(contentWords(label));
  const named = contentWords(heading);
  return named.length > 0 && named.every((w) => said.has(w)) ? heading : label;
}

/**
 * A bullet label listing three kinds or more of what its heading names ('Single vision, lined
 * bifocal, lined trifocal, lenticular' under 'Standard corrective lenses'): one row per kind,
 * named with the heading's last word ('Single vision lenses' … 'Lenticular lenses'), each with the
 * bullet's value. Undefined for any other label (one with parentheses or long items is a single
 * service whose name happens to hold commas).
 */
export function kindsUnderHeading(label: string, heading: string): string[] | undefined {
  const items = label
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)
    .map((i) => i.trim())
    .filter(Boolean);
  if (items.length < 3) return undefined;
  if (items.some((i) => /[()\d/]/.test(i) || i.split(/\s+/).length > 3)) return undefined;
  const noun = heading.trim().split(/\s+/).at(-1)!.toLowerCase();
  if (!/s$/.test(noun) || !VISION_SERVICE.test(noun)) return undefined;
  if (items.some((i) => i.toLowerCase().includes(noun.replace(/e?s$/, '')))) return undefined;
  return items.map((i) => `${i.charAt(0).toUpperCase()}${i.slice(1)} ${noun}`);
}

/** A bullet's words as one text: wrapped lines joined, a stray full stop inside dropped. */
export function bulletText(lines: string[]): string {
  return stripBullet(lines.map((l) => l.trim()).join(' '))
    .replace(/\s+\.\s+(?=\p{Ll})/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Label: value' of a bullet, the value without its closing full stop. */
export function bulletPair(text: string): { label: string; value: string } | undefined {
  const m = text.match(LABELLED);
  if (!m) return undefined;
  const value = m[2]!.trim().replace(/\.$/, '');
  if (!BENEFIT_VALUE.test(value)) return undefined;
  return { label: m[1]!.trim(), value };
}

function isServiceHeading(text: string): boolean {
  const t = text.trim();
  return (
    VISION_SERVICE.test(t) && !t.includes(':') && t.split(/\s+/).length <= 7 && !/[.;]$/.test(t)
  );
}

function isFrequencyLine(text: string): boolean {
  const t = text.trim();
  return FREQUENCY_VALUE.test(t) && !/\$/.test(t) && t.split(/\s+/).length <= 8;
}

/** The sections of a document, in reading order. */
export function serviceSections(doc: AnalyzedDocument): Section[] {
  const sections: Section[] = [];
  let open: Section | undefined;
  const close = () => {
    if (open?.bullets.length) sections.push(open);
    open = undefined;
  };
  for (const item of doc.items) {
    if (item.kind !== 'line') {
      close();
      continue;
    }
    const { line } = item;
    const text = line.text.trim();
    if (item.heading) {
      close();
      if (isServiceHeading(text) && item.scope.product !== 'dental')
        open = { heading: line, bullets: [], scope: item.scope, order: item.order };
      continue;
    }
    if (!open) continue;
    const last = open.bullets.at(-1);
    if (isBulletLine(text)) {
      open.bullets.push({ lines: [line], x0: line.box[0], closed: false });
    } else if (!last && !open.frequency && isFrequencyLine(text)) {
      open.frequency = line;
    } else if (
      last &&
      !last.closed &&
      !/\.$/.test(last.lines.at(-1)!.text.trim()) &&
      line.box[0] > last.x0 + 1
    ) {
      // the bullet's words wrap onto this line
      last.lines.push(line);
    } else if (last) {
      // a note under the bullets ends the bullet, not the section
      last.closed = true;
    } else if (!/^frequency$/i.test(text)) {
      // running text before any bullet: no section of bullets
      open = undefined;
    }
  }
  close();
  return sections;
}

function union(lines: Line[]): Box {
  return [
    Math.min(...lines.map((l) => l.box[0])),
    Math.min(...lines.map((l) => l.box[1])),
    Math.max(...lines.map((l) => l.box[2])),
    Math.max(...lines.map((l) => l.box[3])),
  ];
}

function cell(text: string, lines: Line[], row: number, col: number): Cell {
  const line: Line = { ...lines[0]!, text, box: union(lines) };
  return { text, lines: [line], row, col, rowSpan: 1, colSpan: 1, page: line.page };
}

function tableOf(
  rows: Array<{ name: string; nameLines: Line[]; value: string; valueLines: Line[] }>,
  headings: [string, string],
  scope: Scope,
  order: number,
): AnalyzedTable {
  const first = rows[0]!.nameLines;
  const cells: Cell[] = [cell(headings[0], first, 0, 0), cell(headings[1], first, 0, 1)];
  rows.forEach((r, i) => {
    cells.push(cell(r.name, r.nameLines, i + 1, 0), cell(r.value, r.valueLines, i + 1, 1));
  });
  const table: Table = {
    rows: rows.length + 1,
    cols: 2,
    cells,
    headerRows: 1,
    page: first[0]!.page,
    origin: 'markup',
  };
  return analyzeTable(table, scope, order);
}

/**
 * The service sections as tables: one of services and in-network costs, one of frequencies;
 * none unless two sections or more name vision services.
 */
export function serviceSectionTables(doc: AnalyzedDocument): {
  services?: AnalyzedTable;
  frequencies?: AnalyzedTable;
} {
  const sections = serviceSections(doc);
  if (sections.length < 2) return {};
  const scope: Scope = {
    product: 'vision',
    ...(sections[0]!.scope.classRef ? { classRef: sections[0]!.scope.classRef } : {}),
  };
  const services = sections.flatMap((s) =>
    s.bullets.flatMap((b) => {
      const pair = bulletPair(bulletText(b.lines.map((l) => l.text)));
      if (!pair) return [];
      const heading = s.heading.text.trim();
      const kinds = kindsUnderHeading(pair.label, heading);
      const names = kinds ?? [bulletRowName(pair.label, heading)];
      return names.map((name) => ({
        name,
        nameLines: kinds || name === pair.label ? [b.lines[0]!] : [s.heading],
        value: pair.value,
        valueLines: b.lines,
      }));
    }),
  );
  const frequencies = sections.flatMap((s) =>
    s.frequency
      ? [
          {
            name: s.heading.text.trim(),
            nameLines: [s.heading],
            value: s.frequency.text.trim(),
            valueLines: [s.frequency],
          },
        ]
      : [],
  );
  const order = sections[0]!.order;
  return {
    ...(services.length >= 2
      ? { services: tableOf(services, ['Service', 'In-Network'], scope, order) }
      : {}),
    ...(frequencies.length >= 2
      ? { frequencies: tableOf(frequencies, ['Service', 'Frequency'], scope, order) }
      : {}),
  };
}
