import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { BillingCommand } from '../../../shared/billing/commands.ts';
import {
  applyCommand,
  type BillingEditorSession,
  markSaved,
  openSession,
  revert,
  savePayload,
  sessionIsDirty,
} from '../../../shared/billing/dirty.ts';
import { type EditorState, toSaved } from '../../../shared/billing/editor-model.ts';
import type { Class } from '../../../shared/billing/schema.ts';
import type { Client } from '../../../shared/clients/client.ts';
import { useAppDispatch } from '../../app/store.ts';
import type { SaveStatus } from '../../components/ui/save-bar.tsx';
import { getJson } from '../../lib/api.ts';
import { clientUpserted } from '../clients/clients-slice.ts';
import { postBillingParameters, SaveBillingError, saveFailureMessage } from './save-billing.ts';

export type { SaveStatus };

export interface BillingEditorModel {
  readonly session: BillingEditorSession;
  /** The client revision the saved state stands for: a save is based on it. */
  readonly revision: number;
  readonly status: SaveStatus;
  /** A newer revision arrived while there were unsaved edits (they are kept). */
  readonly newerRevision: number | undefined;
}

export type BillingEditorAction =
  | { type: 'command'; command: BillingCommand }
  | { type: 'revert' }
  | { type: 'saving' }
  | { type: 'saved'; sent: EditorState; revision: number }
  | { type: 'failed'; message: string; conflict: boolean }
  | { type: 'load'; classes: readonly Class[]; revision: number }
  | { type: 'newerRevision'; revision: number };

const idle: SaveStatus = { kind: 'idle' };

/** Saved client data as the editor reads it (our server only ever stores valid documents). */
const classesOf = (client: Pick<Client, 'classes'>) => client.classes as Class[];

export function openModel(classes: readonly Class[], revision: number): BillingEditorModel {
  return { session: openSession(classes), revision, status: idle, newerRevision: undefined };
}

/** The editor's states (spec §4 "Billing editor"): clean/dirty, saving, failed. */
export function billingEditorReducer(
  model: BillingEditorModel,
  action: BillingEditorAction,
): BillingEditorModel {
  switch (action.type) {
    case 'command': {
      const session = applyCommand(model.session, action.command);
      return session === model.session ? model : { ...model, session };
    }
    case 'revert':
      // Revert restores the last saved or loaded state and clears the error.
      return { ...model, session: revert(model.session), status: idle };
    case 'saving':
      return { ...model, status: { kind: 'saving' } };
    case 'saved':
      return {
        ...model,
        session: markSaved(model.session, action.sent),
        revision: action.revision,
        status: idle,
        newerRevision: undefined,
      };
    case 'failed':
      return {
        ...model,
        status: { kind: 'failed', message: action.message, conflict: action.conflict },
      };
    case 'load':
      return openModel(action.classes, action.revision);
    case 'newerRevision':
      return model.newerRevision === action.revision
        ? model
        : { ...model, newerRevision: action.revision };
  }
}

export interface BillingEditor {
  readonly state: EditorState;
  readonly dirty: boolean;
  readonly status: SaveStatus;
  readonly newerRevision: number | undefined;
  /** Applies one edit command; stable across renders. */
  readonly dispatch: (command: BillingCommand) => void;
  readonly save: () => Promise<void>;
  readonly revert: () => void;
  /** Loads the client's latest saved version, discarding unsaved edits (the broker asked). */
  readonly reload: () => Promise<void>;
}

/**
 * The billing-parameters editor of one client: the session (shared core), saving with the
 * revision it is based on, and following the incoming client data. When the client data
 * changes (a newer revision) the editor resets to it — but only while it has no unsaved edits;
 * otherwise it keeps them and says a newer version exists, and a save then answers 409.
 */
export function useBillingEditor(client: Client): BillingEditor {
  const appDispatch = useAppDispatch();
  const [model, dispatchModel] = useReducer(billingEditorReducer, client, (c) =>
    openModel(classesOf(c), c.revision),
  );
  const dirty = useMemo(() => sessionIsDirty(model.session), [model.session]);

  // The latest values for the async save and reload, without re-creating them on every edit.
  const latest = useRef({ model, client });
  latest.current = { model, client };

  useEffect(() => {
    // Revisions only grow: an older copy (a list fetched before our save landed) is ignored.
    if (client.revision <= model.revision) return;
    if (dirty) dispatchModel({ type: 'newerRevision', revision: client.revision });
    else dispatchModel({ type: 'load', classes: classesOf(client), revision: client.revision });
  }, [client, model.revision, dirty]);

  const dispatch = useCallback(
    (command: BillingCommand) => dispatchModel({ type: 'command', command }),
    [],
  );

  const save = useCallback(async () => {
    const { model: m, client: c } = latest.current;
    if (m.status.kind === 'saving') return;
    const sent = m.session.current;
    dispatchModel({ type: 'saving' });
    try {
      const { revision } = await postBillingParameters(savePayload(c.id, sent, m.revision));
      dispatchModel({ type: 'saved', sent, revision });
      appDispatch(clientUpserted({ ...latest.current.client, classes: toSaved(sent), revision }));
    } catch (error) {
      if (!(error instanceof SaveBillingError)) console.error('Saving billing parameters', error);
      const conflict = error instanceof SaveBillingError && error.conflict;
      dispatchModel({ type: 'failed', message: saveFailureMessage(error), conflict });
      // Learn the newer version now, keeping the edits: the editor notes it, and a Revert then
      // lands on it rather than on the stale version.
      if (conflict) {
        getJson<Client>(`/api/clients/${encodeURIComponent(c.id)}`)
          .then((fresh) => appDispatch(clientUpserted(fresh)))
          .catch(() => {});
      }
    }
  }, [appDispatch]);

  const reload = useCallback(async () => {
    const { client: c } = latest.current;
    try {
      const fresh = await getJson<Client>(`/api/clients/${encodeURIComponent(c.id)}`);
      dispatchModel({ type: 'load', classes: classesOf(fresh), revision: fresh.revision });
      appDispatch(clientUpserted(fresh));
    } catch (error) {
      dispatchModel({
        type: 'failed',
        message: (error as Error).message || 'Failed to load the client',
        conflict: true,
      });
    }
  }, [appDispatch]);

  const revertEdits = useCallback(() => dispatchModel({ type: 'revert' }), []);

  return {
    state: model.session.current,
    dirty,
    status: model.status,
    newerRevision: model.newerRevision,
    dispatch,
    save,
    revert: revertEdits,
    reload,
  };
}
