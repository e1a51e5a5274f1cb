import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInsightsMessages } from '../../shared/insights/prompt.ts';
import { buildProposal, cleanDental } from '../../shared/insights/rules/proposal-factory.ts';
import { createLocalAnalyst, unreadableProposalText } from './local-analyst.ts';

const now = () => new Date('2026-06-01T00:00:00Z');

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('createLocalAnalyst', () => {
  const analyst = createLocalAnalyst({ now });
  const signal = new AbortController().signal;

  it('streams one Markdown bullet per finding', async () => {
    const spec = cleanDental(['Class 1', 'Class 2']);
    spec.fields!.dentalInsurance_carrierName = '';
    spec.tables!.dentalInsurance_rateTiers = spec.tables!.dentalInsurance_rateTiers!.filter(
      (row) => row.class !== 'Class 2',
    );
    const chunks = await collect(
      analyst.stream(buildInsightsMessages(buildProposal(spec)), signal),
    );
    expect(chunks).toEqual(['- Dental carrier name missing\n', '- Class 2 dental rates missing\n']);
  });

  it('reads a real fixture sent as the web app sends it', async () => {
    const truth = JSON.parse(
      readFileSync('tests/fixtures/proposals/dev01-ameritas-dental-proposal.truth.json', 'utf8'),
    );
    const proposal = { id: 'p1', name: 'Ameritas', data: truth, createdOn: '2026-01-01' };
    const later = createLocalAnalyst({ now: () => new Date('2030-01-01T00:00:00Z') });
    expect(await collect(later.stream(buildInsightsMessages(proposal), signal))).toEqual([
      '- Dental rate guarantee expired\n',
    ]);
    expect(await collect(analyst.stream(buildInsightsMessages(proposal), signal))).toEqual([
      '- No issues found\n',
    ]);
  });

  it('says so in one bullet when the user message is not proposal data', async () => {
    for (const content of ['hello', '{"a":1}', '[1,2]']) {
      const chunks = await collect(
        analyst.stream(
          [
            { role: 'system', content: 'x' },
            { role: 'user', content },
          ],
          signal,
        ),
      );
      expect(chunks).toEqual([`- ${unreadableProposalText}\n`]);
    }
    expect(await collect(analyst.stream([{ role: 'system', content: '[]' }], signal))).toEqual([
      `- ${unreadableProposalText}\n`,
    ]);
  });

  it('escapes Markdown in values taken from the document', async () => {
    const spec = cleanDental(['Class *1*', 'Class [2]']);
    spec.tables!.dentalInsurance_rateTiers = spec.tables!.dentalInsurance_rateTiers!.filter(
      (row) => row.class !== 'Class [2]',
    );
    const chunks = await collect(
      analyst.stream(buildInsightsMessages(buildProposal(spec)), signal),
    );
    expect(chunks).toEqual(['- Class \\[2\\] dental rates missing\n']);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const spec = cleanDental(['A', 'B', 'C']);
    spec.tables!.dentalInsurance_rateTiers = [];
    const chunks: string[] = [];
    for await (const chunk of analyst.stream(
      buildInsightsMessages(buildProposal(spec)),
      controller.signal,
    )) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks).toHaveLength(1);
  });
});
