/**
 * Insights benchmarks (DESIGN.md §8): time to the first streamed byte of POST /api/ai with the
 * local analyst, and the latency the OpenAI-compatible relay adds to each token, against a
 * local streaming server. Everything runs on loopback in this process. Prints; asserts nothing.
 *
 * Run alone with `node bench/insights.ts`.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalAnalyst } from '../src/server/insights/local-analyst.ts';
import { createOpenAIRelay } from '../src/server/insights/openai-relay.ts';
import type { InsightsProvider } from '../src/server/insights/provider.ts';
import { startOpenAIStreamServer } from '../src/server/insights/testing/openai-stream-server.ts';
import { aiRoutes } from '../src/server/routes/ai.ts';
import { buildInsightsMessages } from '../src/shared/insights/prompt.ts';

const ttfbRuns = 200;
const ttfbWarmup = 20;
const relayRuns = 5;
const tokensPerRun = 200;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function serve(insights: InsightsProvider): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(aiRoutes, { insights, rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ai` };
}

async function timeToFirstByte(url: string, body: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const reader = response.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  while (!(await reader.read()).done) {
    // Drain the rest.
  }
  return elapsed;
}

async function benchFirstByte(): Promise<void> {
  const truth = readFileSync(
    new URL(
      '../tests/fixtures/proposals/dev02-lincoln-dental-vision-2class.truth.json',
      import.meta.url,
    ),
    'utf8',
  );
  const body = JSON.stringify({ messages: buildInsightsMessages(JSON.parse(truth)) });
  const { app, url } = await serve(createLocalAnalyst());
  try {
    for (let i = 0; i < ttfbWarmup; i += 1) await timeToFirstByte(url, body);
    const times: number[] = [];
    for (let i = 0; i < ttfbRuns; i += 1) times.push(await timeToFirstByte(url, body));
    console.info(
      `insights: local analyst, time to first streamed byte on loopback (${Math.round(body.length / 1024)} KB proposal): median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} over ${ttfbRuns} requests`,
    );
  } finally {
    await app.close();
  }
}

/** Reads a streamed body and notes when each `<index>;` token arrives. */
async function tokenArrivals(response: Response, arrivals: number[]): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now();
    text += value;
    for (const match of text.matchAll(/tok(\d+);/g)) arrivals[Number(match[1])] ??= now;
    text = text.slice(Math.max(0, text.lastIndexOf(';') + 1));
  }
}

async function benchRelay(): Promise<void> {
  const tokens = Array.from({ length: tokensPerRun }, (_, i) => `tok${i};`);
  let sent: number[] = [];
  const upstream = await startOpenAIStreamServer(
    { tokens, delayMs: 2 },
    { onToken: (index) => (sent[index] = performance.now()) },
  );
  const relay = createOpenAIRelay({ baseUrl: upstream.baseUrl, apiKey: 'bench', model: 'bench' });
  const { app, url } = await serve(relay);
  const messages = [{ role: 'user', content: '[]' }];
  const latencies = { direct: [] as number[], relayed: [] as number[] };
  try {
    for (let run = 0; run < relayRuns; run += 1) {
      for (const path of ['direct', 'relayed'] as const) {
        sent = [];
        const arrivals: number[] = [];
        const response =
          path === 'direct'
            ? await fetch(`${upstream.baseUrl}/chat/completions`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ model: 'bench', messages, stream: true }),
              })
            : await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ messages }),
              });
        await tokenArrivals(response, arrivals);
        for (let i = 0; i < tokensPerRun; i += 1) {
          const at = arrivals[i];
          const from = sent[i];
          if (at !== undefined && from !== undefined) latencies[path].push(at - from);
        }
      }
    }
    const direct = quantile(latencies.direct, 0.5);
    const relayed = quantile(latencies.relayed, 0.5);
    console.info(
      `insights: relay latency per token against a local streaming server: direct ${ms(direct)}, through /api/ai ${ms(relayed)}, added ${ms(relayed - direct)} (median of ${latencies.relayed.length} tokens; p95 added ${ms(quantile(latencies.relayed, 0.95) - quantile(latencies.direct, 0.95))})`,
    );
  } finally {
    await app.close();
    await upstream.close();
  }
}

export async function benchInsights(): Promise<void> {
  await benchFirstByte();
  await benchRelay();
}

if (import.meta.main) await benchInsights();
