import { lazy, Suspense, useId } from 'react';
import type { InsightsState } from './use-insights.ts';

// The Markdown renderer (and its highlighter) loads only once there is an answer to show.
const Markdown = lazy(() =>
  import('./markdown.tsx').then((module) => ({ default: module.Markdown })),
);

/**
 * The 'Insights' section of a carrier proposal: 'Generating insights...' until the first chunk,
 * then the answer as Markdown; the error message when the request fails. Nothing while idle.
 */
export function InsightsSection({ status, text, error }: InsightsState) {
  const headingId = useId();
  if (status === 'idle') return null;
  return (
    <section
      className="insights"
      aria-labelledby={headingId}
      aria-busy={status === 'loading' || status === 'streaming'}
    >
      <h2 id={headingId}>Insights</h2>
      {status === 'loading' && <p>Generating insights...</p>}
      {text && (
        <Suspense fallback={<div className="insights-text">{text}</div>}>
          <Markdown>{text}</Markdown>
        </Suspense>
      )}
      {status === 'error' && error && (
        <p role="alert" className="insights-error">
          {error}
        </p>
      )}
    </section>
  );
}
