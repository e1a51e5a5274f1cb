import { analyseProposal, readProposalData } from '../../shared/insights/rules/analyse.ts';
import type { ChatMessage, InsightsProvider } from './provider.ts';

/** The answer when the user message holds no proposal data. */
export const unreadableProposalText = 'Proposal data unreadable';

/** Markdown characters that would change how a bullet renders, escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`);
}

function lastUserMessage(messages: ChatMessage[]): ChatMessage | undefined {
  return messages.findLast((message) => message.role === 'user');
}

/**
 * The insights writer that needs no service: it reads the proposal data in the (last) user
 * message and streams the findings of the analyst's rules as Markdown bullets, one chunk each.
 */
export function createLocalAnalyst(options: { now?: () => Date } = {}): InsightsProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'local',
    async *stream(messages, signal) {
      const message = lastUserMessage(messages);
      const data = message ? readProposalData(message.content) : undefined;
      if (!data) {
        yield `- ${unreadableProposalText}\n`;
        return;
      }
      for (const found of analyseProposal(data, { today: now() })) {
        if (signal.aborted) return;
        yield `- ${escapeMarkdown(found.text)}\n`;
      }
    },
  };
}
