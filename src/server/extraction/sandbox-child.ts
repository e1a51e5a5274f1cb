import type { LayoutTemplate } from './learned/template.ts';
import type { ExtractionProvider } from './provider.ts';

/**
 * The child process of a sandboxed extraction provider (sandbox.ts): builds the provider named
 * by BD_SANDBOX_MODULE / BD_SANDBOX_FACTORY once, then reads one document per message and
 * answers with the parsed data or the error. It exits when its parent goes away.
 */
interface Request {
  id: number;
  input: {
    bytes: Uint8Array;
    contentType: string;
    documentType: 'carrierProposal' | 'policyCertificate';
    modelId?: string;
    learnedLayouts?: LayoutTemplate[];
    /** The parent answers {id, layouts} to a {id, fingerprint} message (learnedLayoutsFor). */
    asksLayouts?: boolean;
  };
}

/** Answers from the parent to a fingerprint this child sent: the learned layouts that can match. */
const layoutAnswers = new Map<number, (layouts: LayoutTemplate[]) => void>();

const moduleUrl = process.env.BD_SANDBOX_MODULE;
const factoryName = process.env.BD_SANDBOX_FACTORY ?? 'createProvider';
if (!moduleUrl || !process.send) {
  console.error('sandbox-child.ts runs only as the child of a sandboxed extraction provider.');
  process.exit(2);
}
const loaded = (await import(moduleUrl)) as Record<string, unknown>;
const factory = loaded[factoryName];
if (typeof factory !== 'function') {
  console.error(`${moduleUrl} exports no function ${factoryName}.`);
  process.exit(2);
}
const provider = (factory as () => ExtractionProvider)();

process.on('disconnect', () => process.exit(0));
process.on('message', async (message: Request | { id: number; layouts: LayoutTemplate[] }) => {
  if ('layouts' in message) {
    layoutAnswers.get(message.id)?.(message.layouts);
    layoutAnswers.delete(message.id);
    return;
  }
  const request = message;
  try {
    const { bytes, asksLayouts, ...input } = request.input;
    // A plain Uint8Array, as the queue hands over (the channel may deliver a Buffer).
    const plain = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const data = await provider.extract({
      ...input,
      bytes: plain,
      ...(asksLayouts
        ? {
            learnedLayoutsFor: (fingerprint: LayoutTemplate['fingerprint']) =>
              new Promise<LayoutTemplate[]>((resolve) => {
                layoutAnswers.set(request.id, resolve);
                process.send?.({ id: request.id, fingerprint });
              }),
          }
        : {}),
    });
    process.send?.({ id: request.id, data });
  } catch (error) {
    const e = error as { name?: string; message?: string; retryable?: boolean };
    process.send?.({
      id: request.id,
      error: {
        message: String(e?.message ?? error),
        retryable: e?.retryable === true,
        extraction: e?.name === 'ExtractionError',
      },
    });
  }
});
