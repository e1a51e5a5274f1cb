import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { layoutText } from '../layout.ts';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { ExtractionError, type ExtractionInput } from '../provider.ts';
import { createExtractionProvider, type ExtractionConfig } from './factory.ts';
import {
  userContent as contentFor,
  createOpenAIExtractionProvider,
  pageImagesNote,
} from './openai.ts';
import {
  blankAnswer,
  type ChatContentPart,
  type ChatServer,
  chatCompletion,
  startChatServer,
} from './test-http-server.ts';
import { type PageImage, visionLimits } from './vision-pages.ts';

/** AI_VISION=1: the openai provider sends the pages as images, against a server speaking the protocol. */

const local = createLocalExtractionProvider();
afterAll(() => local.close());
const readText = async (input: ExtractionInput) => layoutText(await local.read(input));

function fixture(name: string, contentType: string): ExtractionInput {
  return {
    bytes: new Uint8Array(
      readFileSync(new URL(`../../../../tests/fixtures/proposals/${name}`, import.meta.url)),
    ),
    contentType,
    documentType: 'carrierProposal',
  };
}
const ameritas = fixture('dev01-ameritas-dental-proposal.pdf', 'application/pdf');

const answer = JSON.stringify({ ...blankAnswer(), dentalInsurance_carrierName: 'Ameritas' });

let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const config = (url: string, vision: boolean): ExtractionConfig => ({
  extractionProvider: 'openai',
  openaiBaseUrl: `${url}/v1`,
  aiModel: 'gpt-4.1-mini',
  aiVision: vision,
});

const userContent = (s: ChatServer) => s.chats[0]!.messages.find((m) => m.role === 'user')!.content;

describe('openai provider with AI_VISION', () => {
  it.each([
    [false, 0],
    [true, 2],
  ])(
    'AI_VISION=%s sends %i page images beside the text',
    async (vision, images) => {
      server = await startChatServer(() => ({ content: answer }));
      const provider = createExtractionProvider(config(server.url, vision), {
        local: () => local,
        readText,
      });
      const data = await provider.extract(ameritas);
      expect(data).toEqual([
        { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.75 },
      ]);
      const content = userContent(server);
      const text = typeof content === 'string' ? content : (content[0] as { text: string }).text;
      // the document's text is there either way
      expect(text).toContain('Document type: carrier proposal.');
      expect(text).toContain('Ameritas');
      if (!vision) {
        expect(typeof content).toBe('string');
        return;
      }
      if (typeof content === 'string') throw new Error('expected content parts');
      expect(content.map((p) => p.type)).toEqual(['text', 'image_url', 'image_url']);
      expect(text).toContain('Images of pages 1 to 2 follow, in order.');
      const parts = content.filter(
        (p): p is Extract<ChatContentPart, { type: 'image_url' }> => p.type === 'image_url',
      );
      expect(parts).toHaveLength(images);
      let total = 0;
      for (const part of parts) {
        expect(part.image_url.detail).toBe('high');
        const [, type, base64] = /^data:(image\/\w+);base64,(.*)$/u.exec(part.image_url.url) ?? [];
        expect(type).toBe('image/png');
        const bytes = Buffer.from(base64 ?? '', 'base64');
        expect(bytes.byteLength).toBeLessThanOrEqual(visionLimits.maxImageBytes);
        total += bytes.byteLength;
        // a letter page at 150 dpi
        const image = await loadImage(bytes);
        expect([image.width, image.height]).toEqual([1275, 1651]);
      }
      expect(total).toBeLessThanOrEqual(visionLimits.maxTotalBytes);
    },
    30_000,
  );

  it('places the model’s values printed once on the page, from the reader’s layout', async () => {
    const rates = [
      { class: 'All Eligible Employees', rateTier: 'Employee Only', carrierMonthlyRate: '$34.18' },
      { class: 'All Eligible Employees', rateTier: 'Employee Only', carrierMonthlyRate: '$75' },
    ].map((row) => ({ ...row, rateGuaranteeTime: '', rateGuaranteeDate: '', policyYear: '' }));
    server = await startChatServer(() => ({
      content: JSON.stringify({ ...blankAnswer(), dentalInsurance_rateTiers: rates }),
    }));
    const provider = createExtractionProvider(config(server.url, false), {
      local: () => local,
      readText,
      readLayout: (input) => local.read(input),
    });
    const data = await provider.extract(ameritas);
    const cells = data.flatMap((i) => (i.type === 'table' ? i.cells : []));
    const placed = (value: string, row: number) =>
      cells.find((c) => c.value === value && c.row === row)?.source?.page;
    expect(placed('$34.18', 0)).toBe(2); // printed once: its place
    expect(placed('$75', 1)).toBeUndefined(); // printed on every row of the grid: no place
    expect(placed('All Eligible Employees', 0)).toBe(1); // the class, printed once on page 1
    // the text sent is the layout's, as with readText
    expect(userContent(server)).toContain('$34.18');
  }, 30_000);

  it('sends a scanned image as itself, and a DOCX as its drawing', async () => {
    server = await startChatServer(() => ({ content: answer }));
    const provider = createExtractionProvider(config(server.url, true), {
      local: () => local,
      readText,
    });
    const scan = fixture('dev13-aflac-dental-summary-scan.jpg', 'image/jpeg');
    await provider.extract(scan);
    await provider.extract(
      fixture(
        'dev09-renaissance-dental.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    );
    const [jpeg, docx] = server.chats.map((chat) => chat.messages[1]!.content as ChatContentPart[]);
    const urls = (parts: ChatContentPart[]) =>
      parts.flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : []));
    expect(urls(jpeg!)).toEqual([
      `data:image/jpeg;base64,${Buffer.from(scan.bytes).toString('base64')}`,
    ]);
    expect(urls(docx!)).toHaveLength(2);
    expect(urls(docx!).every((u) => u.startsWith('data:image/png;base64,'))).toBe(true);
  }, 30_000);

  it('reads from the images alone when the text reader finds no text', async () => {
    server = await startChatServer(() => ({ content: answer }));
    const provider = createOpenAIExtractionProvider({
      baseUrl: `${server.url}/v1`,
      model: 'gpt-4.1-mini',
      vision: true,
      readText: async () => {
        throw new ExtractionError('No text found in this image.');
      },
    });
    const data = await provider.extract(
      fixture('dev13-aflac-dental-summary-scan.jpg', 'image/jpeg'),
    );
    const content = userContent(server) as ChatContentPart[];
    expect((content[0] as { text: string }).text).toContain(
      'No text could be read from the document: read it from the page images.',
    );
    expect(content.filter((p) => p.type === 'image_url')).toHaveLength(1);
    // a value the text cannot confirm scores as not found
    expect(data).toEqual([
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.35 },
    ]);
  }, 30_000);

  it('without AI_VISION, still refuses a document without text (nothing is sent)', async () => {
    server = await startChatServer(() => ({ content: answer }));
    const provider = createOpenAIExtractionProvider({
      baseUrl: `${server.url}/v1`,
      model: 'gpt-4.1-mini',
      readText: async () => '   ',
    });
    await expect(provider.extract(ameritas)).rejects.toThrow('No text found in this document.');
    expect(server.requests).toHaveLength(0);
  });

  it('the test server refuses what breaks the protocol, as the service would', async () => {
    server = await startChatServer(() => ({ content: answer }));
    const bad = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///x.png' } }] },
        ],
      }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'invalid content part',
    );
    expect(chatCompletion('{}').choices[0]?.message.content).toBe('{}');
  });
});

describe('the user message with page images', () => {
  const image = (page: number): PageImage => ({
    page,
    mimeType: 'image/png',
    bytes: new Uint8Array([137, 80, 78, 71]),
    width: 1,
    height: 1,
  });
  it.each([
    [[1], 1, 'Images of page 1 follow, in order.'],
    [[1, 2, 3], 3, 'Images of pages 1 to 3 follow, in order.'],
    [[1, 2], 14, 'Images of pages 1 to 2 (of 14; the later pages are in the text only) follow'],
    [[], 3, ''],
  ])('pages %j of %i: %s', (pages, pageCount, note) => {
    const drawn = { images: pages.map(image), pageCount };
    if (note) expect(pageImagesNote(drawn)).toContain(note);
    else expect(pageImagesNote(drawn)).toBe('');
    const content = contentFor('policyCertificate', 'Certificate text', drawn);
    if (typeof content === 'string') throw new Error('expected content parts');
    expect(content[0]).toEqual({
      type: 'text',
      text: expect.stringContaining('Document type: policy certificate.'),
    });
    expect(content.slice(1)).toEqual(
      pages.map(() => ({
        type: 'image_url',
        image_url: { url: 'data:image/png;base64,iVBORw==', detail: 'high' },
      })),
    );
  });

  it('is the text alone without page images', () => {
    expect(contentFor('carrierProposal', 'Proposal text', undefined)).toBe(
      "Document type: carrier proposal.\nThe document's text follows between the two lines of dashes.\n-----\nProposal text\n-----",
    );
  });
});
