import { z } from 'zod';

/**
 * The body of POST /api/ai (spec §7): a list of role/content chat messages. The web app builds
 * it, the server validates it and hands it to the insights provider.
 */

export const chatRoles = ['system', 'user', 'assistant'] as const;
export type ChatRole = (typeof chatRoles)[number];

/** Most messages one request may carry (the app sends three). */
export const maxAiMessages = 50;
/** Largest request body, and largest total message content, in bytes (1 MiB). */
export const maxAiRequestBytes = 1024 * 1024;

export const chatMessageSchema = z.object({
  role: z.enum(chatRoles, {
    error: () => 'a message role must be system, user or assistant',
  }),
  content: z.string({ error: () => 'a message content must be text' }),
});
/** A chat message as the web app sends it to POST /api/ai. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const aiRequestSchema = z.object({
  messages: z
    .array(chatMessageSchema, { error: () => 'messages must be a list of messages' })
    .min(1, { error: () => 'messages must hold at least one message' })
    .max(maxAiMessages, { error: () => `messages may hold at most ${maxAiMessages} messages` }),
});
export type AiRequest = z.infer<typeof aiRequestSchema>;

/** UTF-8 size in bytes of all message contents together. */
export function messagesContentBytes(messages: readonly ChatMessage[]): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const message of messages) total += encoder.encode(message.content).byteLength;
  return total;
}

/** One sentence naming what is wrong with a rejected request body. */
export function describeAiRequestError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request body is not valid.';
  const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return 'The request body must be a JSON object with a messages list.';
  }
  if (issue.path.length === 1 && issue.path[0] === 'messages' && issue.code === 'invalid_type') {
    return 'The request body must carry messages, a list of messages.';
  }
  const message = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  return `${message}${where}.`;
}
