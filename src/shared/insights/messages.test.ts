import { describe, expect, it } from 'vitest';
import {
  aiRequestSchema,
  describeAiRequestError,
  maxAiMessages,
  messagesContentBytes,
} from './messages.ts';

function problem(body: unknown): string | undefined {
  const parsed = aiRequestSchema.safeParse(body);
  return parsed.success ? undefined : describeAiRequestError(parsed.error);
}

describe('aiRequestSchema', () => {
  it('accepts a list of role/content messages', () => {
    expect(
      problem({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: '[]' },
          { role: 'assistant', content: '' },
        ],
      }),
    ).toBeUndefined();
  });

  it.each([
    [null, 'The request body must be a JSON object with a messages list.'],
    ['text', 'The request body must be a JSON object with a messages list.'],
    [{}, 'The request body must carry messages, a list of messages.'],
    [{ messages: 'hi' }, 'The request body must carry messages, a list of messages.'],
    [{ messages: [] }, 'Messages must hold at least one message (at messages).'],
    [
      {
        messages: Array.from({ length: maxAiMessages + 1 }, () => ({ role: 'user', content: 'x' })),
      },
      `Messages may hold at most ${maxAiMessages} messages (at messages).`,
    ],
    [
      { messages: [{ role: 'tool', content: 'x' }] },
      'A message role must be system, user or assistant (at messages.0.role).',
    ],
    [
      { messages: [{ role: 'user', content: 7 }] },
      'A message content must be text (at messages.0.content).',
    ],
    [{ messages: [{ role: 'user' }] }, 'A message content must be text (at messages.0.content).'],
  ])('rejects %o', (body, sentence) => {
    expect(problem(body)).toBe(sentence);
  });

  it('counts content size in UTF-8 bytes', () => {
    expect(
      messagesContentBytes([
        { role: 'user', content: 'abc' },
        { role: 'user', content: 'é€' },
      ]),
    ).toBe(3 + 2 + 3);
  });
});
