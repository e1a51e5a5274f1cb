import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExtractionProvider } from '../extraction/provider.ts';
import { ExtractionConfigError } from '../extraction/providers/factory.ts';
import type { SandboxedProvider } from '../extraction/sandbox.ts';
import { chooseExtractionEngine } from './extraction-engine.ts';

const local: ExtractionProvider = { name: 'local', extract: async () => [] };
const azure = {
  extractionProvider: 'azure',
  azureEndpoint: 'https://example.cognitiveservices.azure.com',
  azureKey: 'key',
  proposalModelId: 'proposal-model',
  certificateModelId: 'certificate-model',
} as const;

describe('chooseExtractionEngine', () => {
  it('has no engine, and says so, while the local engine is not installed', () => {
    const choice = chooseExtractionEngine({ extractionProvider: 'local' }, {});
    expect(choice.provider).toBeUndefined();
    expect(choice.notice).toBe(
      'No extraction engine is installed yet: uploaded documents stay queued until one is.',
    );
  });

  it('uses the local engine once it is installed', () => {
    const choice = chooseExtractionEngine({ extractionProvider: 'local' }, { local: () => local });
    expect(choice.provider).toBe(local);
  });

  it('has no engine for openai without the local reader', () => {
    const choice = chooseExtractionEngine(
      { extractionProvider: 'openai', openaiBaseUrl: 'http://127.0.0.1:1/v1', aiModel: 'm' },
      {},
    );
    expect(choice.provider).toBeUndefined();
    expect(choice.notice).toContain("needs the local engine's document reader");
  });

  it.each([
    [{}, 'No extraction engine is installed yet'],
    [
      { local: () => local },
      "EXTRACTION_PROVIDER=local+openai needs the local engine's document reader",
    ],
  ])('has no engine for local+openai without both halves (%#)', (engine, notice) => {
    const choice = chooseExtractionEngine(
      { extractionProvider: 'local+openai', openaiBaseUrl: 'http://127.0.0.1:1/v1', aiModel: 'm' },
      engine,
    );
    expect(choice.provider).toBeUndefined();
    expect(choice.notice).toContain(notice);
  });

  it('builds local+openai from the local engine and its reader', () => {
    const choice = chooseExtractionEngine(
      { extractionProvider: 'local+openai', openaiBaseUrl: 'http://127.0.0.1:1/v1', aiModel: 'm' },
      { local: () => local, readText: async () => 'text' },
    );
    expect(choice.provider?.name).toBe('local+openai');
  });

  it('builds the Azure provider, which needs no local engine', () => {
    expect(chooseExtractionEngine(azure, {}).provider?.name).toBe('azure');
  });

  it('refuses a hosted provider configured without its key, naming the variable', () => {
    expect(() => chooseExtractionEngine({ ...azure, azureKey: undefined }, {})).toThrow(
      new ExtractionConfigError('AZURE_DI_KEY is required when EXTRACTION_PROVIDER=azure'),
    );
  });

  it('installs the local engine in a sandboxed child process, where it reads a real proposal', async () => {
    const choice = chooseExtractionEngine({ extractionProvider: 'local' });
    const provider = choice.provider as SandboxedProvider;
    try {
      expect(provider.name).toBe('local');
      const data = await provider.extract({
        bytes: new Uint8Array(
          readFileSync(
            new URL(
              '../../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf',
              import.meta.url,
            ),
          ),
        ),
        contentType: 'application/pdf',
        documentType: 'carrierProposal',
      });
      expect(data.length).toBeGreaterThan(0);
      expect(JSON.stringify(data)).toContain('Ameritas');
      // It ran in a child process of its own (its memory is watched there).
      expect(provider.peakRss()).toBeGreaterThan(0);
    } finally {
      await provider.close();
    }
  }, 60_000);
});
