import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { layoutText } from '../layout.ts';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { ExtractionError, type ExtractionInput } from '../provider.ts';
import { type CombinedLogger, createCombinedExtractionProvider } from './combined.ts';
import { createExtractionProvider } from './factory.ts';
import { disagreementCap, oneSidedCap } from './merge.ts';
import { createOpenAIExtractionProvider } from './openai.ts';
import {
  blankAnswer,
  type ChatAnswer,
  type ChatServer,
  startChatServer,
} from './test-http-server.ts';

/**
 * EXTRACTION_PROVIDER=local+openai: the local engine reads a real proposal for real, a server
 * speaking the Chat Completions protocol plays the model.
 */

const local = createLocalExtractionProvider();
afterAll(() => local.close());
const readText = async (input: ExtractionInput) => layoutText(await local.read(input));

const ameritas: ExtractionInput = {
  bytes: new Uint8Array(
    readFileSync(
      new URL(
        '../../../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf',
        import.meta.url,
      ),
    ),
  ),
  contentType: 'application/pdf',
  documentType: 'carrierProposal',
};

let localAlone: ParsedData;
beforeAll(async () => {
  localAlone = await local.extract(ameritas);
}, 30_000);

const rate = (rateTier: string, carrierMonthlyRate: string) => ({
  class: 'All Eligible Employees',
  rateTier,
  carrierMonthlyRate,
  rateGuaranteeTime: '24 months',
  rateGuaranteeDate: '',
  policyYear: '',
});

/** What the "model" reads: some values as the local engine does, some not, one it alone gives. */
const modelAnswer = JSON.stringify({
  ...blankAnswer(),
  dentalInsurance_carrierName: 'AMERITAS', // agrees (as printed, case aside)
  dentalInsurance_effectiveDate: '01/01/2026', // disagrees
  visionInsurance_carrierName: 'VSP', // only the model gives it (and the text does not have it)
  // rows in another order than the local engine's: matched by class + rate tier
  dentalInsurance_rateTiers: [
    rate('Employee + Family', '$122.63'),
    rate('Employee Only', '$34.18'),
  ],
});

const warnings: string[] = [];
const logger: CombinedLogger = { warn: (_details, message) => warnings.push(message) };

let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  warnings.length = 0;
});

function combined(url: string, timeoutMs = 10_000) {
  return createCombinedExtractionProvider({
    local,
    hosted: createOpenAIExtractionProvider({
      baseUrl: `${url}/v1`,
      model: 'gpt-4.1-mini',
      readText,
      timeoutMs,
    }),
    logger,
  });
}

type Found = { value: string; score: number } | undefined;
function value(data: ParsedData, label: string, row?: { key: string; is: string }): Found {
  for (const item of data) {
    if (item.type === 'field' && item.label === label) return item;
    if (item.type === 'table' && label.startsWith(`${item.label}_`)) {
      const keyLabel = `${item.label}_${row?.key}`;
      const r = item.cells.find((c) => c.label === keyLabel && c.value === row?.is)?.row;
      const cell = item.cells.find((c) => c.row === r && c.label === label);
      if (cell) return cell;
    }
  }
  return undefined;
}
const tier = (is: string) => ({ key: 'rateTier', is });

describe('local+openai', () => {
  it('merges the two readings: agreement high, disagreement and one-sided values low', async () => {
    server = await startChatServer(() => ({ content: modelAnswer }));
    const provider = createExtractionProvider(
      {
        extractionProvider: 'local+openai',
        openaiBaseUrl: `${server.url}/v1`,
        aiModel: 'gpt-4.1-mini',
      },
      { local: () => local, readText, logger },
    );
    expect(provider.name).toBe('local+openai');
    const data = await provider.extract(ameritas);
    expect(server.chats).toHaveLength(1);
    expect(warnings).toEqual([]);

    const localScore = (label: string, row?: { key: string; is: string }) =>
      value(localAlone, label, row)?.score ?? Number.NaN;
    const rateLabel = 'dentalInsurance_rateTiers_carrierMonthlyRate';
    const expected: Array<
      [string, string, { key: string; is: string } | undefined, string, number]
    > = [
      // case, label, row, value, score
      [
        'agreement',
        'dentalInsurance_carrierName',
        undefined,
        'Ameritas',
        Math.max(localScore('dentalInsurance_carrierName'), 0.75),
      ],
      [
        'disagreement: the local value',
        'dentalInsurance_effectiveDate',
        undefined,
        'January 1, 2026',
        disagreementCap,
      ],
      ['model only', 'visionInsurance_carrierName', undefined, 'VSP', 0.35],
      [
        'agreement in a matched row',
        rateLabel,
        tier('Employee Only'),
        '$34.18',
        Math.max(localScore(rateLabel, tier('Employee Only')), 0.75),
      ],
      [
        'disagreement in a matched row',
        rateLabel,
        tier('Employee + Family'),
        '$122.36',
        disagreementCap,
      ],
      [
        'a row only the local engine reads',
        rateLabel,
        tier('Employee + Spouse'),
        '$70.45',
        oneSidedCap,
      ],
      [
        'a table only the local engine reads',
        'dentalInsurance_planInformation_planName',
        { key: 'class', is: 'All Eligible Employees' },
        'Ameritas PPO 1750',
        oneSidedCap,
      ],
    ];
    for (const [what, label, row, v, score] of expected) {
      expect({ what, ...value(data, label, row) }).toMatchObject({ what, value: v, score });
    }
    // every value of the local reading is still there, with its source
    const count = (d: ParsedData) =>
      d.reduce((n, item) => n + (item.type === 'field' ? 1 : item.cells.length), 0);
    expect(count(data)).toBe(count(localAlone) + 1);
    expect(
      data.find((i) => i.type === 'field' && i.label === 'dentalInsurance_carrierName'),
    ).toHaveProperty('source');
  }, 30_000);

  it.each<[string, ChatAnswer | 'down', string]>([
    [
      'a 500',
      { status: 500, error: 'The server had an error' },
      'The extraction service failed (HTTP 500)',
    ],
    ['a 503', { status: 503, error: 'overloaded' }, 'HTTP 503'],
    [
      'an answer that is not JSON',
      { content: 'Sure! Here is the data: carrier Ameritas' },
      'not valid JSON',
    ],
    [
      'a body that is not a chat completion',
      { raw: '<html>gateway</html>' },
      'not a chat completion',
    ],
    [
      'JSON outside the schema',
      { content: '{"carrier": "Ameritas"}' },
      'does not match the extraction schema',
    ],
    ['no answer in time', { hang: true }, 'did not finish within 0.5 seconds'],
    ['no server at all', 'down', 'Could not reach the extraction service'],
  ])(
    'answers the local reading alone, with a warning, when the model gives %s',
    async (_case, reply, reason) => {
      server = await startChatServer(() => (reply === 'down' ? { hang: true } : reply));
      const url = server.url;
      if (reply === 'down') await server.close();
      const data = await combined(url, 500).extract(ameritas);
      expect(data).toEqual(localAlone);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(
        'The openai reading failed, so the local reading is answered alone',
      );
      expect(warnings[0]).toContain(reason);
    },
    30_000,
  );

  it('gives the local engine’s reason when neither can read the document', async () => {
    server = await startChatServer(() => ({ content: modelAnswer }));
    const broken: ExtractionInput = {
      ...ameritas,
      bytes: new TextEncoder().encode('not a pdf at all'),
    };
    const error = await combined(server.url)
      .extract(broken)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(/not a readable PDF/);
    expect(server.chats).toHaveLength(0);
  });

  it('stays cancelled when the caller cancels', async () => {
    server = await startChatServer(() => ({ hang: true }));
    const controller = new AbortController();
    const reading = combined(server.url).extract({ ...ameritas, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(reading).rejects.toThrow();
    expect(warnings).toEqual([]);
  }, 30_000);

  it('refuses a local+openai configuration without its endpoint, naming the variable', () => {
    expect(() =>
      createExtractionProvider(
        { extractionProvider: 'local+openai', aiModel: 'm' },
        { local: () => local, readText, logger },
      ),
    ).toThrow('OPENAI_BASE_URL is required when EXTRACTION_PROVIDER=local+openai');
    expect(() =>
      createExtractionProvider(
        { extractionProvider: 'local', aiVision: true },
        { local: () => local, readText, logger },
      ),
    ).toThrow('AI_VISION=1 sends page images to the openai provider; EXTRACTION_PROVIDER is local');
  });
});
