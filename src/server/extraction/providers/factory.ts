import { pino } from 'pino';
import type { DocumentLayout } from '../layout.ts';
import type { ExtractionInput, ExtractionProvider } from '../provider.ts';
import { createAzureExtractionProvider } from './azure.ts';
import { type CombinedLogger, createCombinedExtractionProvider } from './combined.ts';
import type { Fetch } from './http.ts';
import type { ExtractionProviderName } from './names.ts';
import { createOpenAIExtractionProvider } from './openai.ts';
import type { ReadPageImages } from './vision-pages.ts';

/** The configuration the extraction provider needs (DESIGN.md §2); the env module satisfies it. */
export interface ExtractionConfig {
  /** EXTRACTION_PROVIDER */
  extractionProvider: ExtractionProviderName;
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
  /** AI_VISION: the openai provider sends the pages as images too. */
  aiVision?: boolean | undefined;
  /** LOG_LEVEL, for the warning logged when the hosted half of local+openai fails. */
  logLevel?: string | undefined;
}

export interface ExtractionDependencies {
  /** Builds the local engine; called only when it is the one chosen. */
  local: () => ExtractionProvider;
  /** Reads a document's text for the `openai` provider (the local engine's reader). */
  readText?: (input: ExtractionInput) => Promise<string>;
  /** Reads a document's layout for the `openai` provider, which then places its values. */
  readLayout?: (input: ExtractionInput) => Promise<DocumentLayout>;
  /** Draws the pages for AI_VISION (default: vision-pages.ts). */
  readPageImages?: ReadPageImages;
  fetch?: Fetch;
  /**
   * Where local+openai logs a failed hosted reading (default: a pino logger at LOG_LEVEL on
   * stderr, so that `npm run extract` keeps stdout for the data).
   */
  logger?: CombinedLogger;
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
  if (config.aiVision && !config.extractionProvider.includes('openai')) {
    throw new ExtractionConfigError(
      `AI_VISION=1 sends page images to the openai provider; EXTRACTION_PROVIDER is ${config.extractionProvider}: set it to openai or local+openai, or leave AI_VISION unset`,
    );
  }
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
    case 'openai':
      return openaiProvider(config, dependencies, 'openai');
    case 'local+openai':
      return createCombinedExtractionProvider({
        // checked first, so that a bad configuration is refused before the local engine starts
        hosted: openaiProvider(config, dependencies, 'local+openai'),
        local: dependencies.local(),
        logger:
          dependencies.logger ??
          pino({ name: 'extraction', level: config.logLevel ?? 'info' }, pino.destination(2)),
      });
    default: {
      const unknown: never = config.extractionProvider;
      throw new ExtractionConfigError(
        `EXTRACTION_PROVIDER must be local, azure, openai or local+openai, not "${String(unknown)}"`,
      );
    }
  }
}

function openaiProvider(
  config: ExtractionConfig,
  dependencies: ExtractionDependencies,
  name: 'openai' | 'local+openai',
): ExtractionProvider {
  const baseUrl = httpUrl(
    required(config.openaiBaseUrl, 'OPENAI_BASE_URL', name),
    'OPENAI_BASE_URL',
  );
  const model = required(config.aiModel, 'AI_MODEL', name);
  if (!dependencies.readText) {
    throw new ExtractionConfigError(
      `EXTRACTION_PROVIDER=${name} needs a document text reader (readText) to be passed in`,
    );
  }
  const apiKey = config.openaiApiKey?.trim();
  return createOpenAIExtractionProvider({
    baseUrl,
    model,
    readText: dependencies.readText,
    ...(dependencies.readLayout ? { readLayout: dependencies.readLayout } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(config.aiVision ? { vision: true } : {}),
    ...(dependencies.readPageImages ? { readPageImages: dependencies.readPageImages } : {}),
    ...(dependencies.fetch ? { fetch: dependencies.fetch } : {}),
  });
}
