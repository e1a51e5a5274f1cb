import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store.ts';
import { DropArea } from '../../components/ui/drop-area.tsx';
import { fetchClients } from './clients-slice.ts';
import { createClientRequest } from './create-client-api.ts';

const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** /clients/create (spec §2 Create client, §4 states idle → creating → created). */
export function CreateClient() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const canSubmit = name.trim() !== '' && !creating && !created;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setCreating(true);
    setError(null);
    try {
      const id = await createClientRequest({ name, notes, logo });
      setCreated(true);
      setCreating(false);
      await dispatch(fetchClients());
      navigate(`/clients/${id}`);
    } catch (err) {
      console.error('Error creating client', err);
      setCreating(false);
      setCreated(false);
      setError((err as Error).message || 'Error creating client');
    }
  }

  return (
    <section className="page narrow">
      <Link className="back-link" to="/clients">
        ← Back to Clients
      </Link>
      <h1>Create Client</h1>
      {error ? (
        <p className="error" role="alert">
          Error: {error}
        </p>
      ) : null}
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Name</span>
          <input
            type="text"
            placeholder="Client Name"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setName((v) => v.trim())}
          />
        </label>
        <div className="field">
          <span className="field-label">Logo</span>
          <DropArea
            label="Logo"
            accept={{ 'image/*': [] }}
            maxSize={MAX_LOGO_BYTES}
            onFile={setLogo}
            idleText="Drag & drop a logo (optional), or click to select"
            dragText="Drop the logo here…"
            chosen={
              logo && preview ? (
                <div className="logo-chosen">
                  <img src={preview} alt="Logo preview" width={64} height={64} />
                  <div>
                    <p>Logo selected</p>
                    <p className="muted small">{logo.name}</p>
                  </div>
                </div>
              ) : undefined
            }
          />
        </div>
        <label className="field">
          <span className="field-label">Notes</span>
          <textarea
            rows={4}
            placeholder="Client Notes"
            value={notes}
            maxLength={20000}
            onChange={(e) => setNotes(e.target.value)}
          />
        </label>
        <div>
          <button className="button primary" type="submit" disabled={!canSubmit}>
            {created ? '✅ Created' : creating ? '⌛ Creating' : '➕ Create Client'}
          </button>
        </div>
      </form>
    </section>
  );
}
