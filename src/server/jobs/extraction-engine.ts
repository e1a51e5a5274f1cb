import type { ExtractionInput, ExtractionProvider } from '../extraction/provider.ts';
import {
  createExtractionProvider,
  type ExtractionConfig,
} from '../extraction/providers/factory.ts';

/**
 * The extraction engine the workers use, chosen by EXTRACTION_PROVIDER.
 *
 * The local engine (PDF, DOCX and OCR readers; src/server/extraction/local-engine.ts) is built
 * in its own issue. Until it lands there is no local engine and no document text reader, so
 * with EXTRACTION_PROVIDER=local (the default) or openai there is no engine: documents are
 * recorded and queued, and wait there honestly until one is installed.
 *
 * When it lands, plug it in here (one line):
 *   export const installedEngine: InstalledEngine = { local: createLocalExtractionProvider, readText: … };
 */
export interface InstalledEngine {
  local?: () => ExtractionProvider;
  readText?: (input: ExtractionInput) => Promise<string>;
}

export const installedEngine: InstalledEngine = {};

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
): EngineChoice {
  const missing =
    'No extraction engine is installed yet: uploaded documents stay queued until one is.';
  if (config.extractionProvider === 'local' && !engine.local) {
    return { provider: undefined, notice: missing };
  }
  if (config.extractionProvider === 'openai' && !engine.readText) {
    return {
      provider: undefined,
      notice: `${missing} (EXTRACTION_PROVIDER=openai needs the local engine's document reader.)`,
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
    }),
  };
}
