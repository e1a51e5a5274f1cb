/** A chat message as the web app sends it to POST /api/ai (spec §7). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Writes insights as a stream of text chunks (Markdown). */
export interface InsightsProvider {
  readonly name: string;
  /** Yields text chunks; stops early and releases upstream resources when `signal` aborts. */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
}
