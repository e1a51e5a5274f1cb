import type { ExtractionInput, ExtractionProvider } from '../provider.ts';
import { createAzureExtractionProvider } from './azure.ts';
import type { Fetch } from './http.ts';
import { createOpenAIExtractionProvider } from './openai.ts';

/** The configuration the extraction provider needs (DESIGN.md §2); the env module satisfies it. */
export interface ExtractionConfig {
  /** EXTRACTION_PROVIDER */
  extractionProvider: 'local' | 'azure' | 'openai';
  /** PROPOSAL_MODEL_ID */
  proposalModelId?: string | undefined;
  /** CERTIFICATE_MODEL_ID */
  certificateModelId?: string | undefined;
  /** AZURE_DI_ENDPOINT */
  azureEndpoint?: string | undefined;
  /** AZURE_DI_KEY */
  azureKey?: string | undefined;
  /** OPENAI_BASE_URL */
  openaiBaseUrl?: string | undefined;
  /** OPENAI_API_KEY (optional: servers such as Ollama or llama.cpp need none) */
  openaiApiKey?: string | undefined;
  /** AI_MODEL */
  aiModel?: string | undefined;
}

export interface ExtractionDependencies {
  /** Builds the local engine; called only when it is the one chosen. */
  local: () => ExtractionProvider;
  /** Reads a document's text for the `openai` provider (the local engine's reader). */
  readText?: (input: ExtractionInput) => Promise<string>;
  fetch?: Fetch;
}

/** A configuration that cannot work, naming the variable to set. */
export class ExtractionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionConfigError';
  }
}

function required(value: string | undefined, variable: string, provider: string): string {
  const trimmed = value?.trim();
  if (!trimmed) {
    throw new ExtractionConfigError(`${variable} is required when EXTRACTION_PROVIDER=${provider}`);
  }
  return trimmed;
}

function httpUrl(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ExtractionConfigError(`${variable} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExtractionConfigError(`${variable} must be an http(s) URL, not "${value}"`);
  }
  return value;
}

/** The extraction provider chosen by EXTRACTION_PROVIDER, checked once at start-up. */
export function createExtractionProvider(
  config: ExtractionConfig,
  dependencies: ExtractionDependencies,
): ExtractionProvider {
  const fetchOption = dependencies.fetch ? { fetch: dependencies.fetch } : {};
  switch (config.extractionProvider) {
    case 'local':
      return dependencies.local();
    case 'azure': {
      const name = 'azure';
      return createAzureExtractionProvider({
        endpoint: httpUrl(
          required(config.azureEndpoint, 'AZURE_DI_ENDPOINT', name),
          'AZURE_DI_ENDPOINT',
        ),
        key: required(config.azureKey, 'AZURE_DI_KEY', name),
        proposalModelId: required(config.proposalModelId, 'PROPOSAL_MODEL_ID', name),
        certificateModelId: required(config.certificateModelId, 'CERTIFICATE_MODEL_ID', name),
        ...fetchOption,
      });
    }
    case 'openai': {
      const name = 'openai';
      const baseUrl = httpUrl(
        required(config.openaiBaseUrl, 'OPENAI_BASE_URL', name),
        'OPENAI_BASE_URL',
      );
      const model = required(config.aiModel, 'AI_MODEL', name);
      if (!dependencies.readText) {
        throw new ExtractionConfigError(
          'EXTRACTION_PROVIDER=openai needs a document text reader (readText) to be passed in',
        );
      }
      const apiKey = config.openaiApiKey?.trim();
      return createOpenAIExtractionProvider({
        baseUrl,
        model,
        readText: dependencies.readText,
        ...(apiKey ? { apiKey } : {}),
        ...fetchOption,
      });
    }
    default: {
      const unknown: never = config.extractionProvider;
      throw new ExtractionConfigError(
        `EXTRACTION_PROVIDER must be local, azure or openai, not "${String(unknown)}"`,
      );
    }
  }
}
