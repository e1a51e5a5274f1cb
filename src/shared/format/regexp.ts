/** Text as a regular-expression source that matches it literally ('$1,000 (in-network)'). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
