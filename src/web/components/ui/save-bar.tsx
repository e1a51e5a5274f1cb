/** Where an editor's save stands. */
export type SaveStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'saving' }
  /** `conflict`: the save was based on a stale revision; the user may reload. */
  | { readonly kind: 'failed'; readonly message: string; readonly conflict: boolean };

/** What a save bar needs of an editor: its save status and the three actions. */
export interface SavingEditor {
  status: SaveStatus;
  newerRevision: number | undefined;
  save(): Promise<unknown>;
  revert(): void;
  reload(): Promise<unknown>;
}

/**
 * Shown only while there are unsaved changes (spec §2): the save error with a Reload when the
 * save was refused as stale, a note when someone saved a newer version, Revert and Save.
 * `what` names the thing edited ("client", "document") in the newer-version note.
 */
export function SaveBar({ editor, what }: { editor: SavingEditor; what: string }) {
  const { status, newerRevision } = editor;
  const saving = status.kind === 'saving';
  return (
    <section className="save-bar" aria-label="Unsaved changes">
      <div className="save-bar-inner">
        {status.kind === 'failed' ? (
          <div className="error save-error" role="alert">
            <p>Error: {status.message}</p>
            {status.conflict ? (
              <p className="save-error-actions">
                <button type="button" className="button small" onClick={() => void editor.reload()}>
                  Reload
                </button>
                <span className="small">
                  Reloading shows the latest version and discards your changes.
                </span>
              </p>
            ) : null}
          </div>
        ) : newerRevision !== undefined ? (
          <p className="save-note small" role="status">
            Someone saved a newer version of this {what} while you were editing; saving now will be
            refused. Revert or reload to see it.
          </p>
        ) : null}
        <div className="save-bar-row">
          <span className="muted small">You have unsaved changes.</span>
          <div className="button-row">
            <button type="button" className="button" onClick={editor.revert} disabled={saving}>
              ↪️ Revert
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => void editor.save()}
              disabled={saving}
            >
              {saving ? '⌛ Saving…' : '💾 Save'}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
