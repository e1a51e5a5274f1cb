/**
 * The editor's headings and labels that follow rules (spec §2 "Billing-parameters editor").
 */

/** Class card heading: the class name, or 'Class #N' (N counted from 1) while it has none. */
export function classHeading(cls: { className: string }, index: number): string {
  return cls.className.trim() !== '' ? cls.className : `Class #${index + 1}`;
}

/**
 * Product card header: the product name, falling back to 'Product #{n}', plus ' - {productCode}'
 * when the code differs from the name.
 */
export function productHeading(
  product: { productName: string; productCode: string },
  index: number,
): string {
  const name = product.productName !== '' ? product.productName : `Product #${index + 1}`;
  return product.productCode !== '' && product.productCode !== product.productName
    ? `${name} - ${product.productCode}`
    : name;
}

/** The label of a product's notes box: '{productCode} Notes:'. */
export function productNotesLabel(product: { productCode: string }): string {
  return `${product.productCode} Notes:`;
}
