import { afterEach, describe, expect, it } from 'vitest';
import { ExtractionError, type ExtractionInput } from './provider.ts';
import { createSandboxedProvider, type SandboxedProvider, sandboxFailures } from './sandbox.ts';

const providers = new URL('../test/sandbox-providers.ts', import.meta.url);
const input = (overrides: Partial<ExtractionInput> = {}): ExtractionInput => ({
  bytes: new Uint8Array([1, 2, 3]),
  contentType: 'application/pdf',
  documentType: 'carrierProposal',
  modelId: 'm-1',
  ...overrides,
});
const value = (data: unknown) => (data as Array<{ value: string }>)[0]!.value;

describe('an extraction provider in a child process', () => {
  let sandbox: SandboxedProvider | undefined;
  const make = (factory: string, options: { maxRssMb?: number } = {}) => {
    sandbox = createSandboxedProvider({ name: factory, module: providers, factory, ...options });
    return sandbox;
  };
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('reads in a process of its own, reused from one document to the next', async () => {
    const echo = make('createEcho');
    const first = value(await echo.extract(input()));
    const [pid, size, type, documentType, model] = first.split(':');
    expect(Number(pid)).not.toBe(process.pid);
    expect([size, type, documentType, model]).toEqual([
      '3',
      'application/pdf',
      'carrierProposal',
      'm-1',
    ]);
    const second = value(await echo.extract(input({ bytes: new Uint8Array(5_000_000) })));
    expect(second.split(':').slice(0, 2)).toEqual([pid, '5000000']);
    expect(echo.peakRss()).toBeGreaterThan(0);
  });

  it('passes on the reason a document could not be read, and whether to try again', async () => {
    const refusing = make('createRefusing');
    const error = await refusing.extract(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ message: 'Refused 3 bytes.', retryable: false });
    const again = await refusing
      .extract(input({ bytes: new Uint8Array(1) }))
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ message: 'Refused 1 bytes.', retryable: true });
  });

  it.each([
    ['buffers outside the V8 heap', 'application/pdf'],
    ['objects on the V8 heap', 'heap'],
  ])(
    'stops a document that takes more memory than allowed (%s), with a reason',
    async (_what, contentType) => {
      const hog = make('createHog', { maxRssMb: 256 });
      const started = performance.now();
      const error = await hog.extract(input({ contentType })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).message).toBe(sandboxFailures.memory(256));
      expect((error as ExtractionError).retryable).toBe(false);
      expect(performance.now() - started).toBeLessThan(30_000);
      // Caught near the limit: the check runs every 100 ms.
      expect(hog.peakRss()).toBeLessThan(600 * 1024 * 1024);
    },
    60_000,
  );

  it('kills a reading stuck in a loop when it is cancelled, and reads the next one in a new process', async () => {
    const echo = make('createEcho');
    const before = value(await echo.extract(input())).split(':')[0];
    const controller = new AbortController();
    const reading = echo.extract(input({ contentType: 'spin', signal: controller.signal }));
    // The event loop of this process stays free meanwhile (the loop runs elsewhere).
    const tick = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - tick).toBeLessThan(200);
    controller.abort(new Error('took too long'));
    await expect(reading).rejects.toThrow('took too long');
    const after = value(await echo.extract(input())).split(':')[0];
    expect(after).not.toBe(before);
  });

  it('survives a reader that crashes (a native fault): the document fails, the next one is read', async () => {
    const echo = make('createEcho');
    await expect(echo.extract(input({ contentType: 'crash' }))).rejects.toThrow(
      sandboxFailures.crashed,
    );
    expect(value(await echo.extract(input()))).toMatch(/^\d+:3:/);
  });
});
