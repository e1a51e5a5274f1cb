/**
 * A label split at its underscores into the parts the developer prompts page styles differently
 * (spec §2 "Developer prompts page": product, table, section and field-name parts).
 *
 * The first part names the product and the last the field; between them the first part is the
 * table and any further part a section inside it. A label without an underscore is a field name.
 * Joining the parts' text with underscores gives the label back.
 */
export type LabelPartKind = 'product' | 'table' | 'section' | 'field';

export interface LabelPart {
  kind: LabelPartKind;
  text: string;
}

export function labelParts(label: string): LabelPart[] {
  const texts = label.split('_');
  const last = texts.length - 1;
  return texts.map((text, i) => ({
    kind: i === last ? 'field' : i === 0 ? 'product' : i === 1 ? 'table' : 'section',
    text,
  }));
}
