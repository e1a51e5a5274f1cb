import type { DocumentType } from '../../../shared/documents/document-types.ts';
import { reportStatus } from '../../lib/api.ts';

/** The upload payload (spec §3 Uploaded document). */
export interface UploadInput {
  name: string;
  file: File;
  modelId: string | undefined;
  documentType: DocumentType;
  /** The client the document belongs to (issue 14). */
  clientId?: string | undefined;
}

/**
 * A failed upload. Its message is the spec's 'Upload failed' (§7); `detail` is the server's
 * sentence, or what went wrong on the way, for the person to act on.
 */
export class UploadFailedError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, detail: string) {
    super('Upload failed');
    this.name = 'UploadFailedError';
    this.status = status;
    this.detail = detail;
  }
}

/** Upload progress: bytes sent of the whole request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export type SendUpload = (
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
) => Promise<void>;

/**
 * POST /api/upload-document as multipart form data (spec §7). Any OK status is success.
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function sendUpload(
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<void> {
  const form = new FormData();
  form.append('name', input.name.trim());
  form.append('file', input.file);
  if (input.modelId) form.append('modelId', input.modelId);
  form.append('documentType', input.documentType);
  if (input.clientId) form.append('clientId', input.clientId);
  return new Promise((resolve, reject) => {
    const request = createRequest();
    request.open('POST', '/api/upload-document');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      reportStatus(request.status);
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new UploadFailedError(request.status, failureDetail(request)));
    };
    request.onerror = () =>
      reject(new UploadFailedError(0, 'The connection to the server was lost. Try again.'));
    request.ontimeout = request.onerror;
    request.send(form);
  });
}

function failureDetail(request: XMLHttpRequest): string {
  try {
    const body = JSON.parse(String(request.responseText)) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON
  }
  return `The server answered ${request.status} ${request.statusText}`.trim();
}
