import { createLocalAnalyst } from './local-analyst.ts';
import { createOpenAIRelay } from './openai-relay.ts';
import type { InsightsProvider } from './provider.ts';

/** The configuration the insights writer is chosen by (from OPENAI_BASE_URL, OPENAI_API_KEY, AI_MODEL). */
export interface InsightsConfig {
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  aiModel?: string;
  /** Relay time-out (first byte and silence between chunks), ms. */
  timeoutMs?: number;
}

/**
 * The relay to an OpenAI-compatible endpoint when OPENAI_BASE_URL is set (AI_MODEL is then
 * required; OPENAI_API_KEY may be empty for local servers), else the local analyst.
 */
export function createInsightsProvider(config: InsightsConfig): InsightsProvider {
  const baseUrl = config.openaiBaseUrl?.trim();
  if (!baseUrl) return createLocalAnalyst();
  const model = config.aiModel?.trim();
  if (!model) {
    throw new Error('AI_MODEL must name the chat model when OPENAI_BASE_URL is set.');
  }
  return createOpenAIRelay({
    baseUrl,
    apiKey: config.openaiApiKey?.trim() ?? '',
    model,
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
  });
}
