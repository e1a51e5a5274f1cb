import {
  type ParsedCell,
  type ParsedData,
  type ParsedItem,
  parsedCellSchema,
  parsedDataSchema,
  parsedItemSchema,
} from './parsed-data.ts';

export type Log = (message: string) => void;

const ignore: Log = () => {};

/**
 * Parsed data as stored, read leniently: a document's `data` may have been written by an older
 * version, arrive as a JSON string (spec §3: "data (a JSON string)"), or be missing.
 *
 * - null, undefined or an empty string give no items (a missing proposal shows no products);
 * - a string is parsed as JSON; text that is not JSON gives no items;
 * - a valid array is returned as it is (unknown extra keys such as a truth file's `alt` dropped);
 * - otherwise every item is checked on its own: a valid item is kept, a table keeps its valid
 *   cells, anything else is skipped. Numbers and booleans stored as values are read as text.
 * Everything skipped is reported through `log`.
 */
export function readParsedData(input: unknown, log: Log = ignore): ParsedData {
  let data = input;
  if (data === null || data === undefined) return [];
  if (typeof data === 'string') {
    if (data.trim() === '') return [];
    try {
      data = JSON.parse(data);
    } catch {
      log('Could not read the proposal data: it is not JSON');
      return [];
    }
  }
  const whole = parsedDataSchema.safeParse(data);
  if (whole.success) return whole.data;
  if (!Array.isArray(data)) {
    log('Could not read the proposal data: it is not a list of items');
    return [];
  }
  const items: ParsedItem[] = [];
  for (const raw of data) {
    const item = readItem(raw, log);
    if (item) items.push(item);
  }
  return items;
}

function readItem(raw: unknown, log: Log): ParsedItem | undefined {
  const direct = parsedItemSchema.safeParse(withTextValue(raw));
  if (direct.success) return direct.data;
  if (isRecord(raw) && raw.type === 'table' && typeof raw.label === 'string') {
    const cells: ParsedCell[] = [];
    const rawCells = Array.isArray(raw.cells) ? raw.cells : [];
    for (const rawCell of rawCells) {
      const cell = parsedCellSchema.safeParse(withTextValue(rawCell));
      if (cell.success) cells.push(cell.data);
    }
    const skipped = rawCells.length - cells.length;
    if (skipped > 0) log(`Skipped ${skipped} unreadable cell(s) of table ${raw.label}`);
    return { type: 'table', label: raw.label, cells };
  }
  const label = isRecord(raw) && typeof raw.label === 'string' ? ` ${raw.label}` : '';
  log(`Skipped an unreadable item${label}`);
  return undefined;
}

function withTextValue(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const value = raw.value;
  if (typeof value === 'number' || typeof value === 'boolean') {
    return { ...raw, value: String(value) };
  }
  return raw;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
