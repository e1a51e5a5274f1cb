import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import { ExtractionError, type ExtractionProvider } from '../extraction/provider.ts';

/** Providers with one behaviour each, for the sandbox's tests (built in the child process). */

const answer = (value: string): ParsedData => [
  { type: 'field', label: 'dentalInsurance_carrierName', value, score: 0.9 },
];

/**
 * Answers the pid of the process it runs in and what it was given; for content type `spin` it
 * loops forever without yielding, for `crash` it dies as a native fault would.
 */
export function createEcho(): ExtractionProvider {
  return {
    name: 'echo',
    async extract(input) {
      if (input.contentType === 'spin') for (;;) {}
      if (input.contentType === 'crash') process.kill(process.pid, 'SIGSEGV');
      return answer(
        `${process.pid}:${input.bytes.length}:${input.contentType}:${input.documentType}:${input.modelId ?? ''}`,
      );
    },
  };
}

export function createRefusing(): ExtractionProvider {
  return {
    name: 'refusing',
    async extract(input) {
      throw new ExtractionError(`Refused ${input.bytes.length} bytes.`, {
        retryable: input.bytes.length === 1,
      });
    },
  };
}

/** Keeps allocating: buffers (outside the V8 heap) or objects (inside it). */
export function createHog(): ExtractionProvider {
  return {
    name: 'hog',
    async extract(input) {
      const kept: unknown[] = [];
      const onHeap = input.contentType === 'heap';
      for (;;) {
        if (onHeap) kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `x${i}` })));
        else kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
