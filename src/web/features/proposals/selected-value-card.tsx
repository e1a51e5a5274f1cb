import { CellContent } from './cell-value.tsx';
import type { SelectedValue } from './value-origin.ts';

/** The selected value above its page: what it is, where it came from, and what to do with it. */
export function SelectedValueCard({
  selected,
  readOnly,
  onEdit,
  onConfirm,
  onRemove,
  onPick,
}: {
  selected: SelectedValue | undefined;
  readOnly: boolean;
  onEdit: () => void;
  onConfirm: () => void;
  onRemove: () => void;
  onPick: () => void;
}) {
  if (!selected) {
    return (
      <div className="selected-value empty-selection">
        <p className="muted small">
          Select a value to see where it was read in the document. Values are reachable with Tab;
          Enter or Space selects one, F2 or a double click edits it.
        </p>
      </div>
    );
  }
  const { cell } = selected;
  return (
    <section className="selected-value" aria-label="Selected value">
      <p className="selected-title small">{selected.title}</p>
      <div className={`selected-content cell ${cell.shade} confidence-${cell.confidence}`}>
        <CellContent cell={cell} />
      </div>
      <p className="selected-origin small" data-testid="value-origin">
        {selected.origin} · Confidence {Math.round(cell.score * 100)} of 100
      </p>
      {readOnly ? null : (
        <div className="button-row selected-actions">
          <button type="button" className="button small" onClick={onEdit}>
            ✏️ Edit
          </button>
          <button
            type="button"
            className="button small"
            onClick={onConfirm}
            disabled={cell.review !== undefined}
          >
            ✔️ Confirm
          </button>
          <button type="button" className="button small" onClick={onPick}>
            🔍 Select on page
          </button>
          <button type="button" className="button small danger" onClick={onRemove}>
            🗑️ Remove
          </button>
        </div>
      )}
    </section>
  );
}
