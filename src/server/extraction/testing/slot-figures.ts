/** The scorer's slot counts and figures for a document or a group of them. */
export interface SlotFigures {
  tp: number;
  fp: number;
  fn: number;
  f1: number;
  precision?: number;
  recall?: number;
}

/**
 * Slot figures per group of documents (a carrier, say): counts summed over the group's documents,
 * F1 of the sums, as the scorer's own by-format and by-product figures are.
 */
export function figuresByGroup(
  documents: Array<{ name: string } & SlotFigures>,
  groupOf: (name: string) => string,
): Array<{ group: string; documents: number } & SlotFigures> {
  const groups = new Map<string, { documents: number; tp: number; fp: number; fn: number }>();
  for (const d of documents) {
    const key = groupOf(d.name);
    const g = groups.get(key) ?? { documents: 0, tp: 0, fp: 0, fn: 0 };
    groups.set(key, {
      documents: g.documents + 1,
      tp: g.tp + d.tp,
      fp: g.fp + d.fp,
      fn: g.fn + d.fn,
    });
  }
  return [...groups]
    .map(([group, g]) => {
      const precision = g.tp + g.fp ? g.tp / (g.tp + g.fp) : 0;
      const recall = g.tp + g.fn ? g.tp / (g.tp + g.fn) : 0;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      return { group, ...g, precision, recall, f1 };
    })
    .sort((a, b) => a.group.localeCompare(b.group));
}
