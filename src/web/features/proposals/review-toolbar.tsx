import { useState } from 'react';
import type { CellView } from '../../../shared/proposals/cell-view.ts';
import { reviewProgressText } from '../../../shared/proposals/review-order.ts';
import {
  failureMessage,
  markReviewed,
  type ReviewedDocumentType,
  readAgain,
} from './review-api.ts';
import type { ReviewedDocument } from './use-document-editor.ts';

/**
 * Above the review screen: review mode and its progress ("n of m values reviewed"), marking the
 * document reviewed, adding a missed value, the revisions, and reading the document again.
 */
export function ReviewToolbar({
  type,
  doc,
  cells,
  dirty,
  reviewing,
  readOnly,
  canChange,
  showRevisions,
  onReview,
  onAdd,
  onRevisions,
  onRefresh,
}: {
  type: ReviewedDocumentType;
  doc: ReviewedDocument;
  cells: CellView[];
  dirty: boolean;
  reviewing: boolean;
  readOnly: boolean;
  /** False for a viewer: the buttons that change the document are not shown. */
  canChange: boolean;
  showRevisions: boolean;
  onReview: (on: boolean) => void;
  onAdd: () => void;
  onRevisions: () => void;
  onRefresh: () => void;
}) {
  const [reviewed, setReviewed] = useState<{ from: boolean | undefined; value: boolean }>();
  const isReviewed = reviewed && reviewed.from === doc.reviewed ? reviewed.value : !!doc.reviewed;
  const [message, setMessage] = useState<string>();
  const [asked, setAsked] = useState(false);
  const progress = {
    reviewed: cells.filter((c) => c.review).length,
    total: cells.length,
  };
  const reading = doc.status === 'queued' || doc.status === 'processing';

  const mark = async (value: boolean) => {
    setMessage(undefined);
    try {
      const answer = await markReviewed(type, doc.id, value);
      setReviewed({ from: doc.reviewed, value: answer.reviewed });
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to mark the document'));
    }
  };
  const again = async () => {
    setMessage(undefined);
    setAsked(true);
    try {
      await readAgain(type, doc.id);
      onRefresh();
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to read the document again'));
    } finally {
      setAsked(false);
    }
  };

  return (
    <div className="review-toolbar" role="toolbar" aria-label="Review">
      <div className="review-progress">
        {canChange ? (
          <button
            type="button"
            className={reviewing ? 'button primary' : 'button'}
            aria-pressed={reviewing}
            onClick={() => onReview(!reviewing)}
            disabled={readOnly || cells.length === 0}
          >
            {reviewing ? '⏹ Stop review' : '▶ Review values'}
          </button>
        ) : null}
        <span className="progress-text" data-testid="review-progress">
          {reviewProgressText(progress)}
        </span>
        <progress
          className="review-meter"
          max={Math.max(1, progress.total)}
          value={progress.reviewed}
          aria-hidden
        />
        {isReviewed ? <span className="badge reviewed-badge">✓ Reviewed</span> : null}
      </div>
      <div className="button-row">
        {canChange ? (
          <>
            {isReviewed ? (
              <button type="button" className="button small" onClick={() => void mark(false)}>
                Mark as not reviewed
              </button>
            ) : (
              <button
                type="button"
                className="button small"
                disabled={dirty}
                title={dirty ? 'Save your changes first' : undefined}
                onClick={() => void mark(true)}
              >
                Mark as reviewed
              </button>
            )}
            <button type="button" className="button small" onClick={onAdd} disabled={readOnly}>
              ➕ Add a value
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="button small"
          aria-expanded={showRevisions}
          onClick={onRevisions}
        >
          🕘 Revisions
        </button>
        {canChange ? (
          <button
            type="button"
            className="button small"
            disabled={dirty || reading || asked}
            title={dirty ? 'Save your changes first' : undefined}
            onClick={() => void again()}
          >
            {reading || asked ? '⌛ Reading again…' : '🔄 Read again'}
          </button>
        ) : null}
      </div>
      {reviewing ? (
        <p className="review-help small">
          Enter confirms the value · type to correct it · Tab / Shift+Tab move · Esc stops
        </p>
      ) : null}
      {message ? (
        <p className="error small" role="alert">
          Error: {message}
        </p>
      ) : null}
    </div>
  );
}
