import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { CellView } from '../../../shared/proposals/cell-view.ts';
import { addedRef, classRefOf, type EditCommand } from '../../../shared/proposals/edit-commands.ts';
import type { Source } from '../../../shared/proposals/parsed-data.ts';
import { buildProposalView } from '../../../shared/proposals/proposal-view.ts';
import { lowestScoreFirst } from '../../../shared/proposals/review-order.ts';
import { cellKey, viewCells } from '../../../shared/proposals/view-cells.ts';
import { useCan } from '../../app/session.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { AddValueForm } from './add-value-form.tsx';
import { ConfidenceLegend } from './confidence-legend.tsx';
import { CorrectionsSaveBar } from './corrections-save-bar.tsx';
import { ProposalProducts } from './proposal-products.tsx';
import type { ReviewedDocumentType, RevisionDetail } from './review-api.ts';
import { reviewKeyAction } from './review-keys.ts';
import { ReviewToolbar } from './review-toolbar.tsx';
import { RevisionsPanel } from './revisions-panel.tsx';
import { SelectedValueCard } from './selected-value-card.tsx';
import { type Picking, SourcePane } from './source-pane.tsx';
import { type ReviewedDocument, useDocumentEditor } from './use-document-editor.ts';
import { useDocumentPages } from './use-document-pages.ts';
import { describeSelected } from './value-origin.ts';
import { type ValueSelection, ValueSelectionContext } from './value-selection.ts';

/** Rows the display model drops ('Could not find class for table row') are logged, not shown. */
const logView = (message: string) => console.warn(message);

const focusValue = (key: string) => {
  const element = document.querySelector<HTMLElement>(`[data-value-key="${CSS.escape(key)}"]`);
  if (element && document.activeElement !== element) element.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'nearest' });
};

/**
 * The review screen of a document (issue 12): its data on the left, edited in place; on the
 * right the selected value, its page drawn with the value's box, and picking words on the page.
 * A review walks the values from the lowest score upward. `empty` is shown when the data has
 * nothing to show.
 */
export function DocumentWorkspace({
  type,
  doc,
  empty,
  onRefresh,
}: {
  type: ReviewedDocumentType;
  doc: ReviewedDocument;
  empty: ReactNode;
  onRefresh: () => void;
}) {
  const editor = useDocumentEditor(type, doc);
  const [viewing, setViewing] = useState<RevisionDetail>();
  const data = viewing ? viewing.data : editor.data;
  const view = useMemo(() => buildProposalView(data, { log: logView }), [data]);
  const cells = useMemo(() => viewCells(view), [view]);
  const walk = useMemo(() => lowestScoreFirst(cells.filter((c) => cellKey(c))), [cells]);
  // A viewer reads: no control that changes the document is shown or answers keys.
  const canChange = useCan('change');
  const readOnly = viewing !== undefined || !canChange;

  const [selectedKey, setSelectedKey] = useState<string>();
  const [editing, setEditing] = useState<{ key: string; seed: string }>();
  const [reviewing, setReviewing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [showRevisions, setShowRevisions] = useState(false);
  const [picking, setPicking] = useState<Picking>();
  const [page, setPage] = useState(1);
  const pages = useDocumentPages(
    type,
    doc.id,
    // null: not counted yet (read before pages were counted), so ask; 0 or absent: none to show.
    doc.pageCount === null || (doc.pageCount ?? 0) > 0,
  );

  const selectedCell = cells.find((c) => cellKey(c) === selectedKey);
  const selected = selectedCell ? describeSelected(data, selectedCell) : undefined;
  const refsOf = (cell: CellView) => cell.refs ?? [];
  const each = (cell: CellView, make: (ref: string) => EditCommand[]) =>
    editor.dispatch(refsOf(cell).flatMap(make));

  const select = useCallback((cell: CellView) => {
    const key = cellKey(cell);
    if (key === undefined) return;
    setSelectedKey(key);
    setAdding(false);
    setPicking(undefined);
    if (cell.source) setPage(cell.source.page);
  }, []);

  const move = (by: 1 | -1) => {
    if (walk.length === 0) return;
    const at = walk.findIndex((c) => cellKey(c) === selectedKey);
    const next = at < 0 ? (walk.find((c) => !c.review) ?? walk[0]!) : walk[at + by];
    if (!next) return;
    select(next);
    focusValue(cellKey(next)!);
  };

  const selection: ValueSelection = {
    selectedKey,
    editing,
    reviewing,
    select,
    startEdit: (cell, seed) => {
      const key = cellKey(cell);
      if (readOnly || key === undefined) return;
      select(cell);
      setEditing({ key, seed: seed ?? cell.value });
    },
    commitEdit: (cell, value) => {
      setEditing(undefined);
      const text = value.trim();
      // Emptying a value removes it (the document does not give it).
      if (text === '') each(cell, (ref) => [{ type: 'removeValue', ref }]);
      else if (text !== cell.value) each(cell, (ref) => [{ type: 'setValue', ref, value: text }]);
      if (reviewing) move(1);
      else if (text !== '') focusValue(cellKey(cell)!);
    },
    cancelEdit: () => {
      setEditing(undefined);
      if (selectedKey) focusValue(selectedKey);
    },
    ...(readOnly
      ? {}
      : {
          renameClass: (classViewKey: string, name: string) =>
            editor.dispatch([{ type: 'renameClass', ...classRefOf(classViewKey), name }]),
        }),
  };

  // Keep the selection on a value that is still shown (a removed one drops it).
  useEffect(() => {
    if (selectedKey && !cells.some((c) => cellKey(c) === selectedKey)) setSelectedKey(undefined);
  }, [cells, selectedKey]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!reviewing || readOnly || editing) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, button')) return;
    const action = reviewKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'stop') return setReviewing(false);
    if (action.type === 'move') return move(action.by);
    if (!selectedCell) return move(1);
    if (action.type === 'confirm') {
      each(selectedCell, (ref) => [{ type: 'confirmValue', ref }]);
      move(1);
    } else {
      selection.startEdit(selectedCell, action.text);
    }
  };

  const startReview = () => {
    setReviewing(true);
    const first = walk.find((c) => !c.review) ?? walk[0];
    if (first) {
      select(first);
      focusValue(cellKey(first)!);
    }
  };

  const pickFor = (purpose: string, onPicked: (text: string, source: Source) => void) =>
    setPicking({
      purpose,
      onPicked: (text, source) => {
        onPicked(text, source);
        setPicking(undefined);
      },
      onCancel: () => setPicking(undefined),
    });

  const top = adding ? (
    <AddValueForm
      data={editor.data}
      onAdd={(commands) => {
        const first = commands[0];
        const ref = first ? addedRef(editor.data, first) : undefined;
        editor.dispatch(commands);
        // Show what was added: selected, on its page.
        if (ref) {
          setSelectedKey(ref);
          const source = 'source' in first! ? first.source : undefined;
          if (source) setPage(source.page);
        }
      }}
      onPick={pickFor}
      onClose={() => {
        setAdding(false);
        setPicking(undefined);
      }}
    />
  ) : (
    <SelectedValueCard
      selected={selected}
      readOnly={readOnly}
      onEdit={() => selectedCell && selection.startEdit(selectedCell)}
      onConfirm={() => {
        if (!selectedCell) return;
        each(selectedCell, (ref) => [{ type: 'confirmValue', ref }]);
        if (reviewing) move(1);
      }}
      onRemove={() => {
        if (!selectedCell) return;
        each(selectedCell, (ref) => [{ type: 'removeValue', ref }]);
      }}
      onPick={() =>
        selectedCell &&
        pickFor(selected?.title ?? 'The value', (text, source) =>
          each(selectedCell, (ref) => [
            { type: 'setValue', ref, value: text },
            { type: 'setSource', ref, source },
          ]),
        )
      }
    />
  );

  return (
    <ValueSelectionContext.Provider value={selection}>
      <ReviewToolbar
        type={type}
        doc={doc}
        cells={cells}
        dirty={editor.dirty}
        reviewing={reviewing}
        onReview={(on) => (on ? startReview() : setReviewing(false))}
        onAdd={() => {
          setAdding(true);
          setSelectedKey(undefined);
        }}
        readOnly={readOnly}
        canChange={canChange}
        showRevisions={showRevisions}
        onRevisions={() => setShowRevisions((open) => !open)}
        onRefresh={onRefresh}
      />
      {showRevisions ? (
        <RevisionsPanel
          type={type}
          id={doc.id}
          current={editor.revision}
          dirty={editor.dirty}
          viewing={viewing?.revision}
          canChange={canChange}
          onView={(revision) => {
            setViewing(revision);
            setSelectedKey(undefined);
          }}
          onRestored={() => {
            void editor.reload();
            onRefresh();
          }}
        />
      ) : null}
      {viewing ? (
        <p className="viewing-banner" role="status">
          Viewing revision {viewing.revision} ({viewing.savedBy}), read-only.{' '}
          <button type="button" className="link-button" onClick={() => setViewing(undefined)}>
            Back to the current revision
          </button>
        </p>
      ) : null}
      <div className={reviewing ? 'review-workspace reviewing' : 'review-workspace'}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: review keys reach the focused value through here */}
        <div className="workspace-data" onKeyDown={onKeyDown}>
          {view.products.length > 0 ? (
            <>
              <ConfidenceLegend />
              <ProposalProducts view={view} />
            </>
          ) : (
            empty
          )}
        </div>
        <SourcePane
          type={type}
          id={doc.id}
          pages={pages}
          page={page}
          onPage={setPage}
          box={selectedCell?.source?.page === page ? selectedCell.source.box : undefined}
          picking={picking}
          top={top}
        />
      </div>
      {editor.dirty ? <CorrectionsSaveBar editor={editor} /> : null}
      <LeaveGuard dirty={editor.dirty} what="the document's values" />
    </ValueSelectionContext.Provider>
  );
}
