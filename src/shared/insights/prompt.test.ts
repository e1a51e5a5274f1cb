import { describe, expect, it } from 'vitest';
import { aiRequestSchema } from './messages.ts';
import { buildInsightsMessages, commentaryPrompt } from './prompt.ts';

describe('buildInsightsMessages', () => {
  const data = [{ type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme', score: 0.9 }];

  it('sends two system messages with the commentary prompt and the proposal as JSON', () => {
    const messages = buildInsightsMessages(data);
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(messages[0]!.content).toBe(commentaryPrompt);
    expect(JSON.parse(messages[2]!.content)).toEqual(data);
    expect(aiRequestSchema.safeParse({ messages }).success).toBe(true);
  });

  it('asks for short bullets of action items only', () => {
    expect(commentaryPrompt).toMatch(/bullet/i);
    expect(commentaryPrompt).toMatch(/three or four words/i);
    expect(commentaryPrompt).toMatch(/no introduction, no conclusion/i);
    expect(commentaryPrompt).toMatch(/action items and suspicious values/i);
    expect(commentaryPrompt).toMatch(/above the data/i);
  });

  it('passes proposal data that is already a JSON string through unchanged', () => {
    const json = JSON.stringify(data);
    expect(buildInsightsMessages(json)[2]!.content).toBe(json);
  });
});
