import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { UPLOADED_CONFIRMATION_MS, UploadDocument } from './upload-document.tsx';
import { type SendUpload, UploadFailedError, type UploadInput } from './upload-request.ts';

const pdf = () => new File(['%PDF-1.7 test'], 'ameritas-dental.pdf', { type: 'application/pdf' });

/** A send whose outcome the test decides. */
function controlledSend() {
  const calls: Array<{ input: UploadInput; onProgress: Parameters<SendUpload>[1] }> = [];
  let settle: { resolve(): void; reject(error: unknown): void } | undefined;
  const send: SendUpload = (input, onProgress) => {
    calls.push({ input, onProgress });
    return new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    send,
    calls,
    resolve: () => act(async () => settle?.resolve()),
    reject: (error: unknown) => act(async () => settle?.reject(error)),
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock = vi.fn(
    async () => new Response('[]', { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(send: SendUpload) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <UploadDocument
          title="Carrier Proposal"
          backTo="/documents/carrierProposals"
          modelId="proposal-model"
          documentType="carrierProposal"
          send={send}
        />
      </MemoryRouter>
    </Provider>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
  return {
    user,
    name: screen.getByPlaceholderText('Enter a name for this Carrier Proposal...'),
    button: () => screen.getByRole('button', { name: /^(Upload|Uploading|Uploaded)$/ }),
    choose: (file: File) => user.upload(input, file),
  };
}

describe('UploadDocument', () => {
  it('shows the screen of the spec: back link, heading, name, drop area and a disabled Upload', () => {
    setup(controlledSend().send);
    expect(screen.getByRole('link', { name: '← Back to Carrier Proposals' })).toHaveAttribute(
      'href',
      '/documents/carrierProposals',
    );
    expect(screen.getByRole('heading', { name: 'Upload Carrier Proposal' })).toBeInTheDocument();
    expect(screen.getByText('Drag & drop a file here, or click to select one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('enables Upload only with a name and a file', async () => {
    const { user, name, button, choose } = setup(controlledSend().send);
    await user.type(name, '   ');
    await choose(pdf());
    expect(screen.getByText('ameritas-dental.pdf')).toBeInTheDocument();
    expect(button()).toBeDisabled();
    await user.type(name, 'Ameritas');
    expect(button()).toBeEnabled();
    await user.clear(name);
    expect(button()).toBeDisabled();
  });

  it('goes Upload → Uploading (with progress) → Uploaded for 5 s → Upload, clearing name and file', async () => {
    const upload = controlledSend();
    const { user, name, button, choose } = setup(upload.send);
    await user.type(name, '  Ameritas Dental 2026 ');
    await choose(pdf());
    await user.click(button());

    expect(button()).toHaveTextContent('Uploading');
    expect(button()).toBeDisabled();
    expect(name).toBeDisabled();
    expect(upload.calls).toHaveLength(1);
    expect(upload.calls[0]!.input).toMatchObject({
      name: 'Ameritas Dental 2026',
      modelId: 'proposal-model',
      documentType: 'carrierProposal',
    });
    expect(upload.calls[0]!.input.file.name).toBe('ameritas-dental.pdf');
    act(() => upload.calls[0]!.onProgress({ loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(screen.getByText('40%')).toBeInTheDocument();

    await upload.resolve();
    expect(button()).toHaveTextContent('Uploaded');
    expect(button()).toBeDisabled();
    expect(name).toHaveValue('');
    expect(screen.getByText('Drag & drop a file here, or click to select one')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '“Ameritas Dental 2026” was uploaded and is queued to be read.',
    );
    // The proposal list in the store is refreshed.
    expect(fetchMock).toHaveBeenCalledWith('/api/documents/carrierProposals', expect.anything());

    act(() => vi.advanceTimersByTime(UPLOADED_CONFIRMATION_MS - 100));
    expect(button()).toHaveTextContent('Uploaded');
    act(() => vi.advanceTimersByTime(100));
    expect(button()).toHaveTextContent('Upload');
    expect(button()).toBeDisabled(); // name and file were cleared
  });

  it('on failure logs it, says why, and keeps the name and file for another try', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const upload = controlledSend();
    const { user, name, button, choose } = setup(upload.send);
    await user.type(name, 'Ameritas');
    await choose(pdf());
    await user.click(button());
    const error = new UploadFailedError(413, 'The document is larger than 50 MB.');
    await upload.reject(error);

    expect(logged).toHaveBeenCalledWith('Upload failed', error);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Upload failed: The document is larger than 50 MB.',
    );
    expect(button()).toHaveTextContent('Upload');
    expect(button()).toBeEnabled();
    expect(name).toHaveValue('Ameritas');
    expect(screen.getByText('ameritas-dental.pdf')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file of another type with the drop area message', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    const view = render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <UploadDocument
            title="Policy Certificate"
            backTo="/documents/policyCertificates"
            modelId={undefined}
            documentType="policyCertificate"
            send={controlledSend().send}
          />
        </MemoryRouter>
      </Provider>,
    );
    const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^File type must be/);
    expect(screen.getByText('Drag & drop a file here, or click to select one')).toBeInTheDocument();
    expect(
      screen.getByPlaceholderText('Enter a name for this Policy Certificate...'),
    ).toBeVisible();
  });
});
