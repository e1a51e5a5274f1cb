import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  acceptedDocumentTypes,
  type DocumentType,
} from '../../../shared/documents/document-types.ts';
import { useAppDispatch } from '../../app/store.ts';
import { DropArea } from '../../components/ui/drop-area.tsx';
import { fetchCarrierProposals, fetchPolicyCertificates } from './documents-slice.ts';
import {
  type SendUpload,
  sendUpload,
  UploadFailedError,
  type UploadProgress,
} from './upload-request.ts';

/** How long 'Uploaded' shows before the button returns to 'Upload' (spec §9). */
export const UPLOADED_CONFIRMATION_MS = 5000;

export interface UploadDocumentProps {
  /** 'Carrier Proposal' or 'Policy Certificate'. */
  title: string;
  /** Where the back link goes. */
  backTo: string;
  /** The extraction model id sent with the upload; the server's own when undefined. */
  modelId: string | undefined;
  documentType: DocumentType;
  /** Largest file the server takes; the drop area refuses larger ones at once. */
  maxBytes?: number | undefined;
  /** How the file is sent (tests replace it). */
  send?: SendUpload;
  /** Upload to this client (issue 14: the upload area of a client's page). */
  clientId?: string | undefined;
  /** Shown inside another page: no back link, a smaller heading, the document type chosen here. */
  embedded?: boolean;
  /** Called after each upload (the embedding page refreshes its lists). */
  onUploaded?: () => void;
}

type Phase = 'idle' | 'uploading' | 'uploaded';

/**
 * The upload screen shared by both document types (spec §2, §4 Upload button, §5): a name, one
 * file and a button that goes Upload → Uploading → Uploaded (5 s) → Upload. Beyond the spec: a
 * progress bar while the bytes go up, and a message when the upload fails (it is also logged).
 */
export function UploadDocument(props: UploadDocumentProps) {
  const dispatch = useAppDispatch();
  const send = props.send ?? sendUpload;
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [lastUploaded, setLastUploaded] = useState<string | null>(null);
  const [documentType, setDocumentType] = useState<DocumentType>(props.documentType);
  const confirmation = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(confirmation.current), []);

  const canUpload = name.trim() !== '' && file !== null && phase === 'idle';

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!canUpload || !file) return;
    setPhase('uploading');
    setProgress({ loaded: 0, total: file.size });
    setFailure(null);
    setLastUploaded(null);
    try {
      await send(
        {
          name: name.trim(),
          file,
          modelId: documentType === props.documentType ? props.modelId : undefined,
          documentType,
          clientId: props.clientId,
        },
        setProgress,
      );
    } catch (error) {
      console.error('Upload failed', error);
      setPhase('idle');
      setProgress(null);
      setFailure(
        error instanceof UploadFailedError
          ? `Upload failed: ${error.detail}`
          : 'Upload failed. Try again.',
      );
      return;
    }
    setLastUploaded(name.trim());
    setName('');
    setFile(null);
    setProgress(null);
    setPhase('uploaded');
    confirmation.current = setTimeout(() => setPhase('idle'), UPLOADED_CONFIRMATION_MS);
    void dispatch(
      documentType === 'carrierProposal' ? fetchCarrierProposals() : fetchPolicyCertificates(),
    );
    props.onUploaded?.();
  }

  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  const Wrapper = props.embedded ? 'div' : 'section';
  return (
    <Wrapper className={props.embedded ? 'upload-area' : 'page narrow'}>
      {props.embedded ? null : (
        <>
          <Link className="back-link" to={props.backTo}>
            ← Back to {props.title}s
          </Link>
          <h1>Upload {props.title}</h1>
        </>
      )}
      <form
        className="stack"
        onSubmit={upload}
        aria-label={props.embedded ? 'Upload a document' : undefined}
      >
        {props.embedded ? (
          <fieldset className="field type-choice">
            <legend className="field-label">Document type</legend>
            {(
              [
                ['carrierProposal', 'Carrier Proposal'],
                ['policyCertificate', 'Policy Certificate'],
              ] as const
            ).map(([type, label]) => (
              <label key={type} className="radio">
                <input
                  type="radio"
                  name="documentType"
                  value={type}
                  checked={documentType === type}
                  disabled={phase === 'uploading'}
                  onChange={() => setDocumentType(type)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className="field">
          <span className="field-label">Name</span>
          <input
            type="text"
            placeholder={`Enter a name for this ${
              props.embedded
                ? documentType === 'carrierProposal'
                  ? 'Carrier Proposal'
                  : 'Policy Certificate'
                : props.title
            }...`}
            value={name}
            maxLength={200}
            disabled={phase === 'uploading'}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div className="field">
          <span className="field-label">File</span>
          <DropArea
            label="File"
            accept={acceptedDocumentTypes}
            maxSize={props.maxBytes}
            onFile={setFile}
            disabled={phase === 'uploading'}
            idleText="Drag & drop a file here, or click to select one"
            dragText="Drop the file here..."
            chosen={
              file ? (
                <p className="chosen-file">
                  <span aria-hidden="true">📄 </span>
                  {file.name} <span className="muted small">({formatSize(file.size)})</span>
                </p>
              ) : undefined
            }
          />
          <p className="muted small">PDF, Word (DOC, DOCX) or an image (PNG, JPG).</p>
        </div>
        {phase === 'uploading' && progress ? (
          <div className="upload-progress">
            <progress
              max={100}
              value={percent}
              aria-label="Upload progress"
              aria-valuetext={`${percent}%`}
            />
            <span className="small muted">{percent}%</span>
          </div>
        ) : null}
        {failure ? (
          <p className="error" role="alert">
            {failure}
          </p>
        ) : null}
        {lastUploaded ? (
          <p className="success" role="status">
            “{lastUploaded}” was uploaded and is queued to be read.
            {props.embedded ? null : (
              <>
                {' '}
                <Link to={props.backTo}>See it in the list</Link>.
              </>
            )}
          </p>
        ) : null}
        <div>
          <button className="button primary" type="submit" disabled={!canUpload}>
            {phase === 'uploading' ? 'Uploading' : phase === 'uploaded' ? 'Uploaded' : 'Upload'}
          </button>
        </div>
      </form>
    </Wrapper>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
