import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import type { ExtractionInput, ExtractionProvider } from '../provider.ts';
import { mergeReadings, oneSidedCap } from './merge.ts';

/**
 * EXTRACTION_PROVIDER=local+openai: the local engine and a hosted model read the same document
 * at the same time and their readings are merged (merge.ts: agreement scores high, a disagreement
 * or a value only one gives scores low).
 *
 * A hosted model that fails — unreachable, 5xx, out of time, an answer that is not JSON — costs
 * the broker nothing but the second opinion: the local reading is answered as it is, and the
 * failure is logged as a warning. Only when the local engine cannot read the document does the
 * model's reading stand alone (every score capped as a one-sided value); when both fail, the
 * local engine's reason is the one given. A cancelled extraction stays cancelled.
 */

export interface CombinedLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface CombinedOptions {
  local: ExtractionProvider;
  hosted: ExtractionProvider;
  logger: CombinedLogger;
}

const capped = (data: ParsedData): ParsedData =>
  data.map((item) =>
    item.type === 'field'
      ? { ...item, score: Math.min(item.score, oneSidedCap) }
      : {
          ...item,
          cells: item.cells.map((c) => ({ ...c, score: Math.min(c.score, oneSidedCap) })),
        },
  );

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createCombinedExtractionProvider(options: CombinedOptions): ExtractionProvider {
  const { local, hosted, logger } = options;
  const name = `${local.name}+${hosted.name}`;
  return {
    name,
    async extract(input: ExtractionInput): Promise<ParsedData> {
      // learned layouts are the local engine's; the hosted model never sees them
      const { learnedLayouts: _learned, learnedLayoutsFor: _ask, ...hostedInput } = input;
      const [ours, theirs] = await Promise.allSettled([
        local.extract(input),
        hosted.extract(hostedInput),
      ]);
      input.signal?.throwIfAborted();
      if (ours.status === 'fulfilled' && theirs.status === 'fulfilled') {
        return mergeReadings(ours.value, theirs.value);
      }
      if (ours.status === 'fulfilled') {
        logger.warn(
          { provider: hosted.name, err: theirs.status === 'rejected' ? theirs.reason : undefined },
          `The ${hosted.name} reading failed, so the local reading is answered alone: ${reason(theirs.status === 'rejected' ? theirs.reason : '')}`,
        );
        return ours.value;
      }
      if (theirs.status === 'fulfilled') {
        logger.warn(
          { provider: local.name, err: ours.reason },
          `The local engine could not read the document, so the ${hosted.name} reading is answered alone: ${reason(ours.reason)}`,
        );
        return capped(theirs.value);
      }
      throw ours.reason;
    },
    async close() {
      await Promise.all([local.close?.(), hosted.close?.()]);
    },
  };
}
