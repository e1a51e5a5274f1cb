import { lazy, Suspense, useEffect, useId } from 'react';
import type { InsightsState } from './use-insights.ts';

// The Markdown renderer (and its highlighter) loads once insights are asked for, while the
// request is on its way, so the answer shows as Markdown from its first chunk.
const loadMarkdown = () => import('./markdown.tsx');
const Markdown = lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));

/**
 * The 'Insights' section of a carrier proposal: 'Generating insights...' until the first chunk,
 * then the answer as Markdown; the error message when the request fails. Nothing while idle.
 */
export function InsightsSection({ status, text, error }: InsightsState) {
  const headingId = useId();
  useEffect(() => {
    if (status !== 'idle') void loadMarkdown();
  }, [status]);
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
