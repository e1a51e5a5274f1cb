import { describe, expect, it } from 'vitest';
import { sendUpload, UploadFailedError, type UploadProgress } from './upload-request.ts';

/** Just enough of XMLHttpRequest to see what is sent and to answer it. */
class FakeRequest {
  method = '';
  url = '';
  body: FormData | undefined;
  responseType = '';
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, text = '', statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

function start({ modelId }: { modelId?: string } = { modelId: 'proposal-model' }) {
  const request = new FakeRequest();
  const progress: UploadProgress[] = [];
  const file = new File(['%PDF-1.7 …'], 'ameritas.pdf', { type: 'application/pdf' });
  const done = sendUpload(
    { name: '  Ameritas Dental  ', file, modelId, documentType: 'carrierProposal' },
    (p) => progress.push(p),
    () => request as unknown as XMLHttpRequest,
  );
  return { request, progress, file, done };
}

describe('sendUpload', () => {
  it('posts name, file, modelId and documentType as multipart form data to /api/upload-document', async () => {
    const { request, file, done } = start();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload-document');
    const body = request.body!;
    expect([...body.keys()]).toEqual(['name', 'file', 'modelId', 'documentType']);
    expect(body.get('name')).toBe('Ameritas Dental');
    expect((body.get('file') as File).name).toBe(file.name);
    expect(body.get('modelId')).toBe('proposal-model');
    expect(body.get('documentType')).toBe('carrierProposal');
    request.answer(201, '{"id":"x","status":"queued"}');
    await expect(done).resolves.toBeUndefined();
  });

  it('leaves modelId out when there is none (the server uses its own)', () => {
    const { request } = start({});
    expect(request.body!.has('modelId')).toBe(false);
  });

  it('reports the bytes sent as they go', async () => {
    const { request, progress, done } = start();
    request.progress(100, 1000);
    request.progress(1000, 1000);
    request.answer(200);
    await done;
    expect(progress).toEqual([
      { loaded: 100, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
  });

  it("raises 'Upload failed' on a non-OK status, with the server's sentence", async () => {
    const { request, done } = start();
    request.answer(413, '{"error":"The document is larger than 50 MB."}', 'Payload Too Large');
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFailedError);
    expect(error).toMatchObject({
      message: 'Upload failed',
      status: 413,
      detail: 'The document is larger than 50 MB.',
    });
  });

  it('says what happened when the answer is not JSON, or the connection drops', async () => {
    const first = start();
    first.request.answer(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(first.done).rejects.toMatchObject({
      detail: 'The server answered 502 Bad Gateway',
    });
    const second = start();
    second.request.onerror?.();
    await expect(second.done).rejects.toMatchObject({
      message: 'Upload failed',
      detail: 'The connection to the server was lost. Try again.',
    });
  });
});
