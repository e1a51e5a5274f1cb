import { tableDefinition } from '../../../shared/fields/catalogue.ts';
import type {
  ParsedCell,
  ParsedItem,
  Source as ParsedSource,
} from '../../../shared/proposals/parsed-data.ts';
import { type Evidence, REASONS } from './evidence.ts';
import { reasonsOf, type Shape, scoreOf } from './scoring.ts';

/** Where a value was read, as stored: its page, and its box (to 0.1 unit) when it has one. */
export function parsedSource(e: Evidence): ParsedSource {
  const box = e.source.box;
  if (!box) return { page: e.source.page };
  const r = (v: number) => Math.round(v * 10) / 10;
  return { page: e.source.page, box: [r(box[0]), r(box[1]), r(box[2]), r(box[3])] };
}

/**
 * Writes parsed data items: fields and tables in catalogue order, each value with its score and
 * where it was read (`source: {page, box}`; the box in the coordinates of the page's drawing:
 * PDF points, image pixels, the DOCX page drawing's points).
 */
export class ParsedDataWriter {
  readonly items: ParsedItem[] = [];

  private source(e: Evidence): ParsedSource {
    return parsedSource(e);
  }

  field(label: string, e: Evidence | undefined, shape: Shape): void {
    if (!e?.value) return;
    this.items.push({
      type: 'field',
      label,
      value: e.value,
      score: scoreOf(e, shape),
      source: this.source(e),
      [REASONS]: reasonsOf(e, shape),
    } as ParsedItem);
  }

  /** One table item; rows are column → [evidence, shape]; empty rows are left out. */
  table(label: string, rows: Array<Record<string, [Evidence | undefined, Shape]>>): void {
    const def = tableDefinition(label);
    if (!def) throw new Error(`Unknown table ${label}`);
    const cells: ParsedCell[] = [];
    let row = 0;
    for (const values of rows) {
      let any = false;
      def.columns.forEach((column, col) => {
        const [e, shape] = values[column] ?? [undefined, 'text'];
        if (!e?.value) return;
        any = true;
        cells.push({
          label: `${label}_${column}`,
          value: e.value,
          row,
          col,
          score: scoreOf(e, shape),
          source: this.source(e),
          [REASONS]: reasonsOf(e, shape),
        } as ParsedCell);
      });
      if (any) row++;
    }
    if (cells.length) this.items.push({ type: 'table', label, cells });
  }
}
