/**
 * Spec §4 "Billing editor": clean when the current data equals the last saved or loaded data
 * (key order ignored), dirty otherwise; revert restores the last saved or loaded state.
 */

import type { BillingCommand } from './commands.ts';
import {
  type EditorState,
  fromSaved,
  type IdGenerator,
  productData,
  randomId,
  toSaved,
  unassignedProducts,
} from './editor-model.ts';
import { reduceBilling } from './reduce.ts';
import { sameData } from './same-data.ts';
import type { Class, UpdateBillingParametersRequest } from './schema.ts';

export { sameData };

/** The data a state stands for, without client-side keys: the saved classes and the products
 * no class holds yet (they are edits too, though a save does not write them). */
function dataOf(state: EditorState) {
  return { classes: toSaved(state), unassigned: unassignedProducts(state).map(productData) };
}

/** True when `current` holds different data from `saved` (key order and client-side keys ignored). */
export function isDirty(current: EditorState, saved: EditorState): boolean {
  return !sameData(dataOf(current), dataOf(saved));
}

/** Text fields are trimmed on blur (spec §5). */
export function trimText(text: string): string {
  return text.trim();
}

/** The editor's data: what is being edited and the last saved or loaded state. */
export interface BillingEditorSession {
  readonly current: EditorState;
  readonly saved: EditorState;
}

/** Opens the editor on a client's saved classes (also when the incoming client data changes). */
export function openSession(
  classes: readonly Class[],
  newId: IdGenerator = randomId,
): BillingEditorSession {
  const state = fromSaved(classes, newId);
  return { current: state, saved: state };
}

export function applyCommand(
  session: BillingEditorSession,
  command: BillingCommand,
): BillingEditorSession {
  const current = reduceBilling(session.current, command);
  return current === session.current ? session : { ...session, current };
}

export function sessionIsDirty(session: BillingEditorSession): boolean {
  return isDirty(session.current, session.saved);
}

/** Revert: back to the last saved or loaded state. */
export function revert(session: BillingEditorSession): BillingEditorSession {
  return session.current === session.saved ? session : { ...session, current: session.saved };
}

/** After a successful save of `savedState` (the state that was sent). */
export function markSaved(
  session: BillingEditorSession,
  savedState: EditorState,
): BillingEditorSession {
  return { ...session, saved: savedState };
}

/** The body of `POST /api/clients/updateBillingParameters`. */
export function savePayload(
  clientId: string,
  state: EditorState,
  revision?: number,
): UpdateBillingParametersRequest {
  const classes = toSaved(state);
  return revision === undefined ? { clientId, classes } : { clientId, classes, revision };
}
