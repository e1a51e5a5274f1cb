import {
  type FieldDefinition,
  fieldDefinition,
  productNames,
  tableDefinition,
} from './catalogue.ts';
import { camelCaseToWords } from './words.ts';

/**
 * What a label says, for any label a response may hold: the catalogue's own entry when it knows
 * the label, otherwise the label read as `product_section_field` with its parts turned into words
 * (spec §3: "The product name is the first label segment turned into words").
 */
export interface LabelInfo {
  label: string;
  /** First segment, e.g. `dentalInsurance`; empty for a label without one. */
  productKey: string;
  /** `Dental Insurance`; the first segment in words for a product the catalogue does not know. */
  productName: string;
  /** Second segment of a three-part label (the table), else null. */
  section: string | null;
  /** The last part: field or column name. */
  field: string;
  /** Display title: the catalogue's title, or the field name in words. */
  title: string;
  /** The catalogue's entry, when the label is in it. */
  definition: FieldDefinition | undefined;
}

/** Title of a product for a label's first segment. */
export function productNameOf(productKey: string): string {
  if (productKey in productNames) return productNames[productKey as keyof typeof productNames];
  return camelCaseToWords(productKey) || 'Other';
}

/** Title of a table (section) label such as `dentalInsurance_rateTiers`. */
export function sectionTitleOf(tableLabel: string): string {
  const known = tableDefinition(tableLabel);
  if (known) return known.title;
  const parts = tableLabel.split('_');
  return camelCaseToWords(parts.length > 1 ? parts.slice(1).join('_') : tableLabel);
}

export function describeLabel(label: string): LabelInfo {
  const definition = fieldDefinition(label);
  if (definition) {
    return {
      label,
      productKey: definition.productKey,
      productName: definition.product,
      section: definition.section,
      field: definition.field,
      title: definition.title,
      definition,
    };
  }
  const parts = label.split('_').filter((p) => p.length > 0);
  const productKey = parts.length > 1 ? parts[0]! : '';
  const section = parts.length > 2 ? parts[1]! : null;
  const field = parts.length > 1 ? parts.slice(section ? 2 : 1).join('_') : label;
  return {
    label,
    productKey,
    productName: productNameOf(productKey),
    section,
    field,
    title: camelCaseToWords(field) || label,
    definition: undefined,
  };
}
