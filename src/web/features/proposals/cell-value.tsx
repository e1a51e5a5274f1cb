import type { CellView, ContentView } from '../../../shared/proposals/cell-view.ts';

/**
 * The attributes of an element that shows a read value: the spec's `score-N` class
 * (N = floor(score × 100)), the confidence band the stylesheet shades, and a tooltip with the
 * score and the page it was read on.
 */
export function cellProps(cell: CellView, className = '') {
  const page = cell.source ? ` · page ${cell.source.page}` : '';
  const check = cell.confidence === 'high' ? '' : ' · check against the document';
  return {
    className: `cell ${cell.shade} confidence-${cell.confidence} ${className}`.trim(),
    title: `Confidence ${Math.round(cell.score * 100)} of 100${page}${check}`,
    'data-score': cell.score,
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

/** A read value in its own shaded box. */
export function CellValue({ cell, className }: { cell: CellView; className?: string }) {
  return (
    <div {...cellProps(cell, className)}>
      <CellContent cell={cell} />
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
