import { type DocumentLayout, layoutText } from '../extraction/layout.ts';
import {
  createLocalExtractionProvider,
  type LocalExtractionProvider,
} from '../extraction/local-engine.ts';
import type { ExtractionInput, ExtractionProvider } from '../extraction/provider.ts';
import type { CombinedLogger } from '../extraction/providers/combined.ts';
import {
  createExtractionProvider,
  type ExtractionConfig,
} from '../extraction/providers/factory.ts';
import { createSandboxedProvider } from '../extraction/sandbox.ts';

/**
 * The extraction engine the workers use, chosen by EXTRACTION_PROVIDER: the local engine (PDF,
 * DOCX and OCR readers; src/server/extraction/local-engine.ts) by default, or a hosted provider,
 * which for `openai` reads the document's text with the local engine's readers first, or both
 * (`local+openai`: the two readings merged, providers/combined.ts).
 *
 * The local engine runs in a sandboxed child process (src/server/extraction/sandbox.ts): a
 * hostile or broken document can neither block the server's event loop nor take more than
 * LOCAL_ENGINE_MAX_RSS_MB of memory, and a reading the queue gives up on is killed outright.
 * (The text reader for `openai` still runs in this process.)
 */
export interface InstalledEngine {
  local?: () => ExtractionProvider;
  readText?: (input: ExtractionInput) => Promise<string>;
  /** The local readers' layout, from which the openai provider also places its values. */
  readLayout?: (input: ExtractionInput) => Promise<DocumentLayout>;
}

/** Memory one reading of the local engine may take (its whole child process). */
export const LOCAL_ENGINE_MAX_RSS_MB = 1536;

let localEngine: LocalExtractionProvider | undefined;
/** One in-process local engine for the text reader: its OCR worker is shared (started on first use). */
const sharedLocalEngine = () => {
  localEngine ??= createLocalExtractionProvider();
  return localEngine;
};

export const installedEngine: InstalledEngine = {
  local: () =>
    createSandboxedProvider({
      name: 'local',
      module: new URL('../extraction/local-engine.ts', import.meta.url),
      factory: 'createLocalExtractionProvider',
      maxRssMb: LOCAL_ENGINE_MAX_RSS_MB,
    }),
  readText: async (input) => layoutText(await sharedLocalEngine().read(input)),
  readLayout: (input) => sharedLocalEngine().read(input),
};

export type EngineChoice =
  | { provider: ExtractionProvider; notice?: undefined }
  | { provider: undefined; notice: string };

/**
 * The configured extraction provider, or why there is none. A configuration that cannot work
 * (a hosted provider without its endpoint or key) throws ExtractionConfigError naming the variable.
 */
export function chooseExtractionEngine(
  config: ExtractionConfig,
  engine: InstalledEngine = installedEngine,
  /** Where local+openai logs a failed hosted reading (the jobs' log). */
  logger?: CombinedLogger,
): EngineChoice {
  const missing =
    'No extraction engine is installed yet: uploaded documents stay queued until one is.';
  if (config.extractionProvider === 'local' && !engine.local) {
    return { provider: undefined, notice: missing };
  }
  if (config.extractionProvider === 'local+openai' && !engine.local) {
    return { provider: undefined, notice: missing };
  }
  if (config.extractionProvider.includes('openai') && !engine.readText) {
    return {
      provider: undefined,
      notice: `${missing} (EXTRACTION_PROVIDER=${config.extractionProvider} needs the local engine's document reader.)`,
    };
  }
  const local = engine.local;
  return {
    provider: createExtractionProvider(config, {
      local: () => {
        if (!local) throw new Error('unreachable: no local engine');
        return local();
      },
      ...(engine.readText ? { readText: engine.readText } : {}),
      ...(engine.readLayout ? { readLayout: engine.readLayout } : {}),
      ...(logger ? { logger } : {}),
    }),
  };
}
