import type { DocumentEditor } from './use-document-editor.ts';

/** Shown only while there are unsaved corrections, as billing's save bar (spec §2). */
export function CorrectionsSaveBar({ editor }: { editor: DocumentEditor }) {
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
            Someone saved a newer version of this document while you were editing; saving now will
            be refused. Revert or reload to see it.
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
