import { z } from 'zod';
import type { DocumentType } from '../../../shared/documents/document-types.ts';
import {
  catalogueJsonSchema,
  catalogueOutputToParsedData,
  checkCatalogueOutput,
  extractionRules,
  extractionSchemaName,
} from '../../../shared/fields/catalogue-schema.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { type DocumentLayout, layoutText } from '../layout.ts';
import { ExtractionError, type ExtractionInput, type ExtractionProvider } from '../provider.ts';
import { errorDetail, type Fetch, startDeadline, statusError, underDeadline } from './http.ts';
import { placeValues } from './locate.ts';
import {
  dataUrl,
  type PageImages,
  type ReadPageImages,
  readPageImagesOffThread,
} from './vision-pages.ts';

/**
 * Any OpenAI-compatible chat completions endpoint behind the extraction provider interface.
 *
 * The document's text (read by the caller's reader) is sent with a system prompt of extraction
 * rules, and the model is asked for JSON matching a strict schema built from the field catalogue
 * (its descriptions are the per-field instructions). The answer is checked with zod and turned
 * into parsed data. See docs/decisions/0012-hosted-extraction.md.
 *
 * With `vision` (AI_VISION=1) the user message also carries the first pages as images, in the
 * Chat Completions multimodal format (a text part, then one `image_url` part per page with a
 * base64 data URL and `detail: 'high'`), for a model that reads images: what the text layer
 * garbles or leaves out (scans, screenshots, grids) the model can read from the page itself.
 */

export interface OpenAIExtractionOptions {
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string;
  /** OPENAI_API_KEY; servers that need none (Ollama, llama.cpp) may leave it out. */
  apiKey?: string;
  /** AI_MODEL */
  model: string;
  /** Reads a document's text (the local engine's reader). */
  readText: (input: ExtractionInput) => Promise<string>;
  /**
   * Reads a document's layout (the local engine's reader). When given, the text sent is the
   * layout's and every value printed once in it gets its place (page and box, locate.ts).
   */
  readLayout?: (input: ExtractionInput) => Promise<DocumentLayout>;
  fetch?: Fetch;
  /** Time allowed for the model's answer (default 3 min). */
  timeoutMs?: number;
  /** AI_VISION: send the pages as images too (vision-pages.ts says which and how large). */
  vision?: boolean;
  /** Draws the pages for `vision` (default: readPageImages on a worker thread). */
  readPageImages?: ReadPageImages;
}

/**
 * Chat models report no confidence per value. What we can check is the rule that values are
 * taken exactly as printed: a value found in the document's text scores `foundScore`, one that is
 * not (reworded, inferred or invented) scores `notFoundScore`.
 */
export const foundScore = 0.75;
export const notFoundScore = 0.35;

const documentNames: Record<DocumentType, string> = {
  carrierProposal: 'carrier proposal',
  policyCertificate: 'policy certificate',
};

export const extractionSystemPrompt = [
  'You read insurance documents (carrier proposals and policy certificates) for an employee-benefits broker and report their dental and vision insurance details as JSON.',
  'Rules:',
  ...extractionRules.map((rule) => `- ${rule}`),
].join('\n');

export function extractionUserMessage(documentType: DocumentType, text: string): string {
  return `Document type: ${documentNames[documentType]}.\nThe document's text follows between the two lines of dashes.\n-----\n${text}\n-----`;
}

/** One part of a multimodal user message (Chat Completions). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail: 'high' } };

/** What the model is told about the page images that follow the text. */
export function pageImagesNote(pages: PageImages): string {
  const sent = pages.images.length;
  if (sent === 0) return '';
  const which = sent === 1 ? `page ${pages.images[0]!.page}` : `pages 1 to ${sent}`;
  const rest =
    pages.pageCount > sent ? ` (of ${pages.pageCount}; the later pages are in the text only)` : '';
  return `\nImages of ${which}${rest} follow, in order. Read the values from the images where the text is garbled, missing or ambiguous (tables, scans); take them exactly as printed on the page.`;
}

/** The user message: the text alone, or the text and the page images. */
export function userContent(
  documentType: DocumentType,
  text: string,
  pages: PageImages | undefined,
): string | ContentPart[] {
  const message = text.trim()
    ? extractionUserMessage(documentType, text)
    : `Document type: ${documentNames[documentType]}.\nNo text could be read from the document: read it from the page images.`;
  if (!pages) return message;
  return [
    { type: 'text', text: `${message}${pageImagesNote(pages)}` },
    ...pages.images.map(
      (image): ContentPart => ({
        type: 'image_url',
        image_url: { url: dataUrl(image), detail: 'high' },
      }),
    ),
  ];
}

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

/** Text normalised for finding a value in the document: NFKC, lower case, one kind of dash, quote and space. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‐‑‒–—―−]/gu, '-')
    .replace(/[‘’‚‛′]/gu, "'")
    .replace(/[“”„‟″]/gu, '"')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A JSON answer, without the Markdown code fence some servers wrap it in. */
function withoutFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/u.exec(content);
  return fenced?.[1] ?? content;
}

export function createOpenAIExtractionProvider(
  options: OpenAIExtractionOptions,
): ExtractionProvider {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 180_000;
  const url = `${options.baseUrl.replace(/\/+$/u, '')}/chat/completions`;
  const schema = catalogueJsonSchema();

  async function complete(
    input: ExtractionInput,
    content: string | ContentPart[],
  ): Promise<string> {
    const deadline = startDeadline(timeoutMs, input.signal);
    return underDeadline(deadline, async () => {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: extractionSystemPrompt },
            { role: 'user', content },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: extractionSchemaName, strict: true, schema },
          },
        }),
        signal: deadline.signal,
      });
      if (!response.ok) {
        throw statusError(response.status, await errorDetail(response), {
          credentials: 'OPENAI_API_KEY and OPENAI_BASE_URL',
          notFound: `has no model "${options.model}" or no chat completions at ${url}; check AI_MODEL and OPENAI_BASE_URL`,
        });
      }
      const body = completionSchema.safeParse(await response.json().catch(() => undefined));
      if (!body.success) {
        throw new ExtractionError(
          'The extraction service sent an answer this app cannot read (not a chat completion); try again later.',
          { retryable: true, cause: body.error },
        );
      }
      const choice = body.data.choices[0]!;
      if (choice.message.refusal) {
        throw new ExtractionError(`The extraction model refused: ${choice.message.refusal}`);
      }
      if (choice.finish_reason === 'length') {
        throw new ExtractionError(
          'The extraction model’s answer was cut off at its length limit; the document may be too long for this model.',
        );
      }
      if (!choice.message.content?.trim()) {
        throw new ExtractionError('The extraction model gave an empty answer; try again later.', {
          retryable: true,
        });
      }
      return choice.message.content;
    });
  }

  return {
    name: 'openai',
    async extract(input): Promise<ParsedData> {
      input.signal?.throwIfAborted();
      let layout: DocumentLayout | undefined;
      const readLayout = options.readLayout;
      const readText = readLayout
        ? async (given: ExtractionInput) => {
            layout = await readLayout(given);
            return layoutText(layout);
          }
        : options.readText;
      let text = '';
      let pages: PageImages | undefined;
      if (options.vision) {
        // the pages can say what the text reader could not: a document without a text layer the
        // reader can use is still sent, as images
        const [read, drawn] = await Promise.allSettled([
          readText(input),
          (options.readPageImages ?? readPageImagesOffThread)(input),
        ]);
        input.signal?.throwIfAborted();
        if (drawn.status === 'rejected') throw drawn.reason;
        pages = drawn.value;
        if (read.status === 'fulfilled') text = read.value;
        else if (!(read.reason instanceof ExtractionError) || !pages.images.length)
          throw read.reason;
        if (!text.trim() && !pages.images.length)
          throw new ExtractionError('No text found in this document.');
      } else {
        text = await readText(input);
        input.signal?.throwIfAborted();
        if (!text.trim()) throw new ExtractionError('No text found in this document.');
      }

      const content = await complete(input, userContent(input.documentType, text, pages));
      let answer: unknown;
      try {
        answer = JSON.parse(withoutFence(content));
      } catch (error) {
        throw new ExtractionError(
          'The extraction model’s answer is not valid JSON; try again later.',
          { retryable: true, cause: error },
        );
      }
      const check = checkCatalogueOutput(answer);
      if (!check.ok) {
        throw new ExtractionError(
          `The extraction model’s answer does not match the extraction schema (${check.problem}); try again later.`,
          { retryable: true },
        );
      }
      const documentText = normaliseText(text);
      const data = catalogueOutputToParsedData(check.output, (value) =>
        documentText.includes(normaliseText(value)) ? foundScore : notFoundScore,
      );
      return layout ? placeValues(data, layout) : data;
    },
  };
}
