import { z } from 'zod';

/**
 * Parsed document data (DESIGN.md §5): what the extraction engine returns, what a document's
 * `data` holds and what `npm run extract` prints.
 */

/** Where a value was read: 1-based page number and a box in page coordinates (points, top-left origin). */
export const sourceSchema = z.object({
  page: z.number().int().min(1),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

const score = z.number().min(0).max(1);

/** What a broker did to a value (issue 12); a value without it is the engine's reading. */
export const reviewStates = ['confirmed', 'corrected', 'added'] as const;
export type ReviewState = (typeof reviewStates)[number];
export const reviewSchema = z.object({
  state: z.enum(reviewStates),
  /** Who confirmed, corrected or added it (stamped by the server). */
  by: z.string().optional(),
  /** When (ISO 8601, stamped by the server). */
  at: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const parsedFieldSchema = z.object({
  type: z.literal('field'),
  label: z.string(),
  value: z.string(),
  score,
  source: sourceSchema.optional(),
  review: reviewSchema.optional(),
});
export type ParsedField = z.infer<typeof parsedFieldSchema>;

export const parsedCellSchema = z.object({
  label: z.string(),
  value: z.string(),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  score,
  source: sourceSchema.optional(),
  review: reviewSchema.optional(),
});
export type ParsedCell = z.infer<typeof parsedCellSchema>;

export const parsedTableSchema = z.object({
  type: z.literal('table'),
  label: z.string(),
  cells: z.array(parsedCellSchema),
});
export type ParsedTable = z.infer<typeof parsedTableSchema>;

export const parsedItemSchema = z.discriminatedUnion('type', [
  parsedFieldSchema,
  parsedTableSchema,
]);
export type ParsedItem = z.infer<typeof parsedItemSchema>;

export const parsedDataSchema = z.array(parsedItemSchema);
export type ParsedData = z.infer<typeof parsedDataSchema>;
