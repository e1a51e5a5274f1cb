import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { EditCommand } from '../../../shared/proposals/edit-commands.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { readParsedData } from '../../../shared/proposals/read-parsed-data.ts';
import { getJson } from '../../lib/api.ts';
import {
  type DocumentEditorModel,
  documentEditorReducer,
  editorIsDirty,
  openEditor,
  type SaveStatus,
} from './document-editor-model.ts';
import {
  documentApiPath,
  failureMessage,
  type ReviewedDocumentType,
  ReviewRequestError,
  saveDocumentData,
} from './review-api.ts';

/** What the editor needs of a stored document (GET /api/documents/{type}/:id). */
export interface EditableDocument {
  id: string;
  data: unknown;
  revision?: number;
}

/** A stored document the review screen shows (GET /api/documents/{type}/:id). */
export interface ReviewedDocument extends EditableDocument {
  reviewed?: boolean;
  pageCount?: number | null;
  status: string;
}

export interface DocumentEditor {
  readonly data: ParsedData;
  readonly revision: number;
  readonly dirty: boolean;
  readonly status: SaveStatus;
  readonly newerRevision: number | undefined;
  readonly dispatch: (command: EditCommand | readonly EditCommand[]) => void;
  readonly save: () => Promise<void>;
  readonly revert: () => void;
  /** Loads the latest saved version, discarding unsaved edits (the broker asked). */
  readonly reload: () => Promise<void>;
}

export const SAVE_FALLBACK_MESSAGE = 'Failed to save the corrections';

const revisionOf = (doc: EditableDocument) => doc.revision ?? 0;

/**
 * The corrections editor of one document, as billing's editor: edits applied by the shared
 * reducer, saved with the revision they are based on (stale → 409 and a Reload), following the
 * incoming document while there are no unsaved edits.
 */
export function useDocumentEditor(type: ReviewedDocumentType, doc: EditableDocument) {
  const [model, dispatchModel] = useReducer(documentEditorReducer, doc, (d) =>
    openEditor(readParsedData(d.data), revisionOf(d)),
  );
  const dirty = useMemo(() => editorIsDirty(model), [model]);
  const latest = useRef<{ model: DocumentEditorModel; doc: EditableDocument; dirty: boolean }>({
    model,
    doc,
    dirty,
  });
  latest.current = { model, doc, dirty };

  useEffect(() => {
    // Revisions only grow: an older copy is ignored; a newer one replaces clean data only.
    if (revisionOf(doc) < model.revision) return;
    if (revisionOf(doc) === model.revision && model.data === model.saved) {
      const incoming = readParsedData(doc.data);
      if (editorIsDirty({ ...model, data: incoming })) {
        dispatchModel({ type: 'load', data: incoming, revision: revisionOf(doc) });
      }
      return;
    }
    if (revisionOf(doc) === model.revision) return;
    if (dirty) dispatchModel({ type: 'newerRevision', revision: revisionOf(doc) });
    else dispatchModel({ type: 'load', data: readParsedData(doc.data), revision: revisionOf(doc) });
  }, [doc, model, dirty]);

  const dispatch = useCallback((command: EditCommand | readonly EditCommand[]) => {
    if (Array.isArray(command)) dispatchModel({ type: 'commands', commands: command });
    else dispatchModel({ type: 'command', command: command as EditCommand });
  }, []);

  const fetchLatest = useCallback(async () => {
    const fresh = await getJson<EditableDocument>(documentApiPath(type, latest.current.doc.id));
    return { data: readParsedData(fresh.data), revision: revisionOf(fresh) };
  }, [type]);

  const save = useCallback(async () => {
    const { model: m, doc: d } = latest.current;
    if (m.status.kind === 'saving') return;
    const sent = m.data;
    dispatchModel({ type: 'saving' });
    try {
      const { revision } = await saveDocumentData(type, d.id, sent, m.revision);
      dispatchModel({ type: 'saved', sent, revision });
      // The server stamps who changed what and when: show its copy while nothing else changed.
      fetchLatest()
        .then((fresh) => {
          const now = latest.current;
          if (!now.dirty && fresh.revision === revision && now.model.revision === revision) {
            dispatchModel({ type: 'load', ...fresh });
          }
        })
        .catch(() => {});
    } catch (error) {
      if (!(error instanceof ReviewRequestError)) console.error('Saving corrections', error);
      const conflict = error instanceof ReviewRequestError && error.conflict;
      dispatchModel({
        type: 'failed',
        message: failureMessage(error, SAVE_FALLBACK_MESSAGE),
        conflict,
      });
    }
  }, [type, fetchLatest]);

  const reload = useCallback(async () => {
    try {
      dispatchModel({ type: 'load', ...(await fetchLatest()) });
    } catch (error) {
      dispatchModel({
        type: 'failed',
        message: (error as Error).message || 'Failed to load the document',
        conflict: true,
      });
    }
  }, [fetchLatest]);

  const revert = useCallback(() => dispatchModel({ type: 'revert' }), []);

  return {
    data: model.data,
    revision: model.revision,
    dirty,
    status: model.status,
    newerRevision: model.newerRevision,
    dispatch,
    save,
    revert,
    reload,
  } satisfies DocumentEditor;
}
