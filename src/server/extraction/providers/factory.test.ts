import { describe, expect, it, vi } from 'vitest';
import type { ExtractionInput, ExtractionProvider } from '../provider.ts';
import { createExtractionProvider, type ExtractionConfig } from './factory.ts';

const local: ExtractionProvider = { name: 'local', extract: async () => [] };

const azureConfig: ExtractionConfig = {
  extractionProvider: 'azure',
  azureEndpoint: 'https://benefits.cognitiveservices.azure.com',
  azureKey: 'key',
  proposalModelId: 'benefits-proposal-v3',
  certificateModelId: 'benefits-certificate-v1',
};

const openaiConfig: ExtractionConfig = {
  extractionProvider: 'openai',
  openaiBaseUrl: 'http://localhost:11434/v1',
  openaiApiKey: 'sk-test',
  aiModel: 'llama3.1',
};

const readText = async () => 'Ameritas Dental Proposal';

const input: ExtractionInput = {
  bytes: new Uint8Array([37, 80, 68, 70]),
  contentType: 'application/pdf',
  documentType: 'policyCertificate',
};

describe('createExtractionProvider', () => {
  it('builds the local engine only when it is chosen', () => {
    const build = vi.fn(() => local);
    expect(createExtractionProvider({ extractionProvider: 'local' }, { local: build })).toBe(local);
    expect(build).toHaveBeenCalledOnce();

    build.mockClear();
    createExtractionProvider(azureConfig, { local: build });
    createExtractionProvider(openaiConfig, { local: build, readText });
    expect(build).not.toHaveBeenCalled();
  });

  it.each([
    [azureConfig, 'azure'],
    [openaiConfig, 'openai'],
    [{ ...openaiConfig, openaiApiKey: undefined }, 'openai'],
  ])('builds the %o provider', (config, name) => {
    expect(createExtractionProvider(config, { local: () => local, readText }).name).toBe(name);
  });

  it.each([
    [
      { ...azureConfig, azureEndpoint: undefined },
      'AZURE_DI_ENDPOINT is required when EXTRACTION_PROVIDER=azure',
    ],
    [
      { ...azureConfig, azureEndpoint: '  ' },
      'AZURE_DI_ENDPOINT is required when EXTRACTION_PROVIDER=azure',
    ],
    [
      { ...azureConfig, azureKey: undefined },
      'AZURE_DI_KEY is required when EXTRACTION_PROVIDER=azure',
    ],
    [
      { ...azureConfig, proposalModelId: '' },
      'PROPOSAL_MODEL_ID is required when EXTRACTION_PROVIDER=azure',
    ],
    [
      { ...azureConfig, certificateModelId: undefined },
      'CERTIFICATE_MODEL_ID is required when EXTRACTION_PROVIDER=azure',
    ],
    [
      { ...azureConfig, azureEndpoint: 'benefits.cognitiveservices.azure.com' },
      'AZURE_DI_ENDPOINT must be an http(s) URL, not "benefits.cognitiveservices.azure.com"',
    ],
    [
      { ...openaiConfig, openaiBaseUrl: undefined },
      'OPENAI_BASE_URL is required when EXTRACTION_PROVIDER=openai',
    ],
    [
      { ...openaiConfig, openaiBaseUrl: 'ftp://models.local' },
      'OPENAI_BASE_URL must be an http(s) URL, not "ftp://models.local"',
    ],
    [
      { ...openaiConfig, aiModel: undefined },
      'AI_MODEL is required when EXTRACTION_PROVIDER=openai',
    ],
    [
      { extractionProvider: 'tesseract' } as unknown as ExtractionConfig,
      'EXTRACTION_PROVIDER must be local, azure, openai or local+openai, not "tesseract"',
    ],
  ])('refuses %o', (config, message) => {
    expect(() => createExtractionProvider(config, { local: () => local, readText })).toThrow(
      expect.objectContaining({ name: 'ExtractionConfigError', message }),
    );
  });

  it('needs a text reader for the openai provider', () => {
    expect(() => createExtractionProvider(openaiConfig, { local: () => local })).toThrow(
      'EXTRACTION_PROVIDER=openai needs a document text reader',
    );
  });

  it('passes the configuration on to the hosted providers', async () => {
    const requests: Array<{ url: string; headers: Headers }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), headers: new Headers(init?.headers) });
      return new Response('{"error":{"message":"denied"}}', { status: 401 });
    });

    const azure = createExtractionProvider(azureConfig, { local: () => local, fetch });
    await expect(azure.extract(input)).rejects.toThrow('refused the credentials');
    const openai = createExtractionProvider(openaiConfig, { local: () => local, readText, fetch });
    await expect(openai.extract(input)).rejects.toThrow('refused the credentials');

    expect(requests.map((r) => r.url)).toEqual([
      'https://benefits.cognitiveservices.azure.com/documentintelligence/documentModels/benefits-certificate-v1:analyze?api-version=2024-11-30',
      'http://localhost:11434/v1/chat/completions',
    ]);
    expect(requests[0]?.headers.get('ocp-apim-subscription-key')).toBe('key');
    expect(requests[1]?.headers.get('authorization')).toBe('Bearer sk-test');
  });
});
