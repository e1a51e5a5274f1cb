import { useEffect, useRef } from 'react';
import type { CellView, ContentView } from '../../../shared/proposals/cell-view.ts';
import { cellKey } from '../../../shared/proposals/view-cells.ts';
import { useValueSelection, type ValueSelection } from './value-selection.ts';

/** How a broker's review reads in a value's tooltip. */
const reviewWords = { confirmed: 'confirmed', corrected: 'corrected', added: 'added' } as const;

/**
 * The attributes of an element that shows a read value: the spec's `score-N` class
 * (N = floor(score × 100)), the confidence band the stylesheet shades, and a tooltip with the
 * score and the page it was read on. On a screen that edits (`selection`), the value is also
 * focusable and selected by focus, a click, Enter or Space; a double click or F2 edits it in
 * place.
 */
export function cellProps(cell: CellView, className = '', selection?: ValueSelection | null) {
  const page = cell.source ? ` · page ${cell.source.page}` : '';
  const check = cell.confidence === 'high' ? '' : ' · check against the document';
  const review = cell.review ? ` · ${reviewWords[cell.review]} by a broker` : '';
  const key = cellKey(cell);
  const selectable = selection && key !== undefined;
  const selected = selectable && selection.selectedKey === key;
  const classes = [
    'cell',
    cell.shade,
    `confidence-${cell.confidence}`,
    cell.review ? `review-${cell.review}` : '',
    selectable ? 'selectable' : '',
    selected ? 'selected' : '',
    className,
  ];
  return {
    className: classes.filter(Boolean).join(' '),
    title: `Confidence ${Math.round(cell.score * 100)} of 100${page}${check}${review}`,
    'data-score': cell.score,
    ...(selectable
      ? {
          'data-value-key': key,
          'data-review': cell.review ?? 'engine',
          tabIndex: 0,
          'aria-current': selected ? ('true' as const) : undefined,
          onClick: () => selection.select(cell),
          onFocus: () => {
            if (selection.selectedKey !== key) selection.select(cell);
          },
          onDoubleClick: () => selection.startEdit(cell),
          onKeyDown: (event: React.KeyboardEvent) => {
            if (event.target !== event.currentTarget) return;
            // Outside review mode, Enter on the selected value (or F2) edits it in place.
            if (
              !selection.reviewing &&
              (event.key === 'F2' || (selected && event.key === 'Enter'))
            ) {
              event.preventDefault();
              selection.startEdit(cell);
            } else if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              selection.select(cell);
            }
          },
        }
      : {}),
  };
}

/** A value as text, or as a bullet list when it holds several items (spec §2). */
export function CellContent({ cell }: { cell: ContentView }) {
  if (cell.kind === 'text') return <>{cell.value}</>;
  if (cell.lines.length > 1) {
    return (
      <ul className="cell-list">
        {cell.lines.map((line, i) => (
          // Items of one value may repeat; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for a given value
          <li key={i}>{line}</li>
        ))}
      </ul>
    );
  }
  return <>{cell.lines[0] ?? ''}</>;
}

/** A value's content, or the box that edits it in place while the broker edits it. */
export function EditableContent({ cell }: { cell: CellView }) {
  const selection = useValueSelection();
  const key = cellKey(cell);
  if (selection?.editing && key !== undefined && selection.editing.key === key) {
    return <InPlaceEditor cell={cell} seed={selection.editing.seed} selection={selection} />;
  }
  return <CellContent cell={cell} />;
}

/** Enter keeps the new value, Escape keeps the old one; leaving the box keeps the new one. */
function InPlaceEditor({
  cell,
  seed,
  selection,
}: {
  cell: CellView;
  seed: string;
  selection: ValueSelection;
}) {
  const input = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    if (keep) selection.commitEdit(cell, input.current?.value ?? seed);
    else selection.cancelEdit();
  };
  return (
    <textarea
      ref={input}
      className="in-place-editor"
      aria-label="Value"
      defaultValue={seed}
      rows={Math.min(4, Math.max(1, seed.split('\n').length))}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}

/** A read value in its own shaded box. */
export function CellValue({ cell, className }: { cell: CellView; className?: string }) {
  const selection = useValueSelection();
  return (
    <div {...cellProps(cell, className, selection)}>
      <EditableContent cell={cell} />
    </div>
  );
}

/** The mark for a value the document does not give. */
export function Blank() {
  return (
    <span className="blank" title="Not in the document">
      —
    </span>
  );
}
