import { applyEdit, type EditCommand, isDirty } from '../../../shared/proposals/edit-commands.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import type { SaveStatus } from '../../components/ui/save-bar.tsx';

export type { SaveStatus };

/** The corrections editor of one document: its data as edited, as saved, and the revision. */
export interface DocumentEditorModel {
  readonly data: ParsedData;
  readonly saved: ParsedData;
  /** The revision the saved data stands for: a save is based on it. */
  readonly revision: number;
  readonly status: SaveStatus;
  /** A newer revision arrived while there were unsaved edits (they are kept). */
  readonly newerRevision: number | undefined;
}

export type DocumentEditorAction =
  | { type: 'command'; command: EditCommand }
  | { type: 'commands'; commands: readonly EditCommand[] }
  | { type: 'revert' }
  | { type: 'saving' }
  | { type: 'saved'; sent: ParsedData; revision: number }
  | { type: 'failed'; message: string; conflict: boolean }
  | { type: 'load'; data: ParsedData; revision: number }
  | { type: 'newerRevision'; revision: number };

const idle: SaveStatus = { kind: 'idle' };

export function openEditor(data: ParsedData, revision: number): DocumentEditorModel {
  return { data, saved: data, revision, status: idle, newerRevision: undefined };
}

export function editorIsDirty(model: DocumentEditorModel): boolean {
  return model.data !== model.saved && isDirty(model.data, model.saved);
}

/** The editor's states, as billing's (spec §4): clean/dirty, saving, failed, newer revision. */
export function documentEditorReducer(
  model: DocumentEditorModel,
  action: DocumentEditorAction,
): DocumentEditorModel {
  switch (action.type) {
    case 'command':
    case 'commands': {
      const commands = action.type === 'command' ? [action.command] : action.commands;
      const data = commands.reduce(applyEdit, model.data);
      return data === model.data ? model : { ...model, data };
    }
    case 'revert':
      return { ...model, data: model.saved, status: idle };
    case 'saving':
      return { ...model, status: { kind: 'saving' } };
    case 'saved':
      return {
        // Edits made while the save was on its way stay unsaved.
        data: model.data === action.sent ? action.sent : model.data,
        saved: action.sent,
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
      return openEditor(action.data, action.revision);
    case 'newerRevision':
      return model.newerRevision === action.revision
        ? model
        : { ...model, newerRevision: action.revision };
  }
}
