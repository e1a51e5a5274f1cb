/**
 * What a document's lists and detail say about it besides its name (issue 14): its carrier,
 * products and effective date, read from the document's current data. Pure: the server answers
 * them from `documents.data` and the screens never re-derive them.
 */

export const comparedProducts = ['dental', 'vision'] as const;
export type ComparedProduct = (typeof comparedProducts)[number];

/** The first label segment of each product. */
export const productLabelKey: Record<ComparedProduct, string> = {
  dental: 'dentalInsurance',
  vision: 'visionInsurance',
};

export const productTitle: Record<ComparedProduct, string> = {
  dental: 'Dental',
  vision: 'Vision',
};

export interface SummaryFields {
  carrierName: string | null;
  products: ComparedProduct[];
  effectiveDate: string | null;
}

interface LooseItem {
  type?: unknown;
  label?: unknown;
  value?: unknown;
  cells?: unknown;
}

const items = (data: unknown): LooseItem[] =>
  Array.isArray(data)
    ? data.filter((i): i is LooseItem => typeof i === 'object' && i !== null)
    : [];

const fieldValue = (data: LooseItem[], label: string): string | null => {
  for (const item of data) {
    if (item.type === 'field' && item.label === label && typeof item.value === 'string') {
      const v = item.value.trim();
      if (v) return v;
    }
  }
  return null;
};

/** The products a document holds data for (any field or table labelled with the product). */
export function productsOf(data: unknown): ComparedProduct[] {
  const list = items(data);
  return comparedProducts.filter((p) =>
    list.some((item) => {
      if (typeof item.label !== 'string' || !item.label.startsWith(`${productLabelKey[p]}_`))
        return false;
      if (item.type === 'field') return typeof item.value === 'string' && item.value.trim() !== '';
      return Array.isArray(item.cells) && item.cells.length > 0;
    }),
  );
}

/**
 * Carrier, products and effective date: the dental values first, then the vision ones (a
 * combined proposal names one carrier and one date for both as a rule).
 */
export function summaryFields(data: unknown): SummaryFields {
  const list = items(data);
  const first = (field: string) =>
    comparedProducts.reduce<string | null>(
      (found, p) => found ?? fieldValue(list, `${productLabelKey[p]}_${field}`),
      null,
    );
  return {
    carrierName: first('carrierName'),
    products: productsOf(list),
    effectiveDate: first('effectiveDate'),
  };
}
