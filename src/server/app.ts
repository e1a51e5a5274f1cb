import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { type AuthSettings, registerAuthGuard } from './auth/guard.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError, badRequest } from './errors.ts';
import {
  hostNameOf,
  isLoopbackHost,
  type OriginPolicy,
  refuseCrossSite,
} from './http/same-origin.ts';
import { nulMessage } from './http/validate.ts';
import { createLocalAnalyst } from './insights/local-analyst.ts';
import type { InsightsProvider } from './insights/provider.ts';
import type { ExtractionJobs } from './jobs/extraction-queue.ts';
import { createPageService, type PageService } from './pages/page-images.ts';
import { type AiRateLimit, aiRoutes } from './routes/ai.ts';
import { appConfigRoutes } from './routes/app-config.ts';
import { billingRoutes } from './routes/billing.ts';
import { clientRoutes } from './routes/clients.ts';
import { comparisonRoutes } from './routes/comparisons.ts';
import { documentClientRoutes } from './routes/document-clients.ts';
import { type CorrectionsSavedHook, documentReviewRoutes } from './routes/document-review.ts';
import { documentRoutes } from './routes/documents.ts';
import { fileRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { layoutRoutes } from './routes/layouts.ts';
import { sessionRoutes } from './routes/session.ts';
import { uploadDocumentRoutes } from './routes/upload-document.ts';
import { getDocument } from './services/documents.ts';
import type { FileStore } from './storage/file-store.ts';

export interface AppDeps {
  config: Pick<Config, 'maxUploadBytes'> &
    Partial<
      Pick<
        Config,
        'proposalModelId' | 'certificateModelId' | 'trustProxy' | 'host' | 'publicOrigins'
      >
    >;
  db: Database;
  files: FileStore;
  /** The extraction queue uploads add their jobs to; without it uploads answer 503. */
  extraction?: ExtractionJobs;
  /** Fastify logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Writes insights for POST /api/ai; the local analyst unless a relay is given. */
  insights?: InsightsProvider;
  /** Per client address on POST /api/ai; false turns it off. */
  aiRateLimit?: AiRateLimit | false;
  /** Sign-in (issue 15): AUTH=none (the default: one local user) or local accounts. */
  auth?: AuthSettings;
  /**
   * Called after a broker's corrections are saved (issue 12); what it answers is sent back
   * under `learned` in the save's 200 answer.
   */
  onCorrectionsSaved?: CorrectionsSavedHook;
  /** Draws document pages and finds their words (GET …/pages); one is made when not given. */
  pages?: PageService;
  /** The built web app (dist/web); omitted when only the API is served. */
  webRoot?: string;
}

/** The app's Content-Security-Policy: no inline scripts, nothing from elsewhere. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_MESSAGE =
  'The request holds a broken character (half of a UTF-16 surrogate pair), which cannot be stored; remove it and try again.';

/** True when any string or key in a parsed JSON value holds a lone UTF-16 surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || holdsLoneSurrogate(v));
  }
  return false;
}

/** `\u0000` in JSON text, unless its backslash is itself escaped. */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/** The headers every answer carries (a route may set a stricter Content-Security-Policy). */
function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  reply.header('X-Frame-Options', 'DENY');
  if (!reply.hasHeader('Content-Security-Policy')) {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  }
}

/** Builds the HTTP app without listening (tests use app.inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Only the proxies named in TRUST_PROXY may say who the client is (X-Forwarded-For).
    trustProxy: deps.config.trustProxy?.length ? deps.config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
    // Errors raised while routing (a malformed escape in the path, an id far too long) skip the
    // hooks: they get the same {error} answer as any other, with the security headers.
    frameworkErrors: (error, _request, routingReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = routingReply as unknown as FastifyReply;
      setSecurityHeaders(reply);
      reply
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send({
          error: tooLong
            ? 'The address is too long.'
            : 'The address is not valid: it holds a malformed character escape.',
        });
    },
  });

  // JSON as Fastify parses it (prototype poisoning refused), but never a U+0000 in a string:
  // PostgreSQL text and JSONB cannot hold it, so it is refused here rather than failing a write.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (ESCAPED_NUL.test(body as string)) {
      done(badRequest(nulMessage()), undefined);
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      // Nor a lone UTF-16 surrogate ("\ud800" escaped in the JSON): JSONB refuses it too.
      if (!error && holdsLoneSurrogate(parsed)) {
        done(badRequest(LONE_SURROGATE_MESSAGE), undefined);
        return;
      }
      done(error ?? null, parsed);
    });
  });

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: deps.config.maxUploadBytes + 1, files: 1 },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    setSecurityHeaders(reply);
    return payload;
  });

  // Cross-site requests are refused before anything reads their body (http/same-origin.ts).
  const originPolicy: OriginPolicy = {
    publicOrigins: deps.config.publicOrigins ?? [],
    loopbackOnly: deps.config.host ? isLoopbackHost(hostNameOf(deps.config.host)) : false,
  };
  app.addHook('onRequest', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const refusal = refuseCrossSite(
      {
        method: request.method,
        host: request.host,
        protocol: request.protocol,
        origin: header('origin'),
        referer: header('referer'),
        secFetchSite: header('sec-fetch-site'),
      },
      originPolicy,
    );
    if (!refusal) return;
    request.log.warn({ status: refusal.status, message: refusal.message }, 'request refused');
    await reply
      .code(refusal.status)
      .type('application/json; charset=utf-8')
      .header('Connection', 'close')
      .send({ error: refusal.message });
  });

  await app.register(fastifyCookie);
  const auth: AuthSettings = deps.auth ?? {
    mode: 'none',
    times: { idleMs: 8 * 3_600_000, maxMs: 7 * 86_400_000 },
  };
  registerAuthGuard(app, { db: deps.db, auth });

  app.setErrorHandler((error, request, reply) => {
    const { status, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message }, 'request refused');
    if (reply.sent || reply.raw.headersSent) return;
    reply.code(status).type('application/json; charset=utf-8').send({ error: message });
  });

  healthRoutes(app, deps);
  sessionRoutes(app, { db: deps.db, auth, publicOrigins: deps.config.publicOrigins ?? [] });
  clientRoutes(app, deps);
  billingRoutes(app, deps);
  documentRoutes(app, deps);
  documentClientRoutes(app, deps, (type, id) => getDocument(deps.db, type, id));
  comparisonRoutes(app, deps);
  const pages = deps.pages ?? createPageService({ db: deps.db, files: deps.files });
  if (!deps.pages) app.addHook('onClose', () => pages.close());
  documentReviewRoutes(app, { ...deps, pages });
  uploadDocumentRoutes(app, deps);
  appConfigRoutes(app, deps);
  fileRoutes(app, deps);
  layoutRoutes(app, deps);
  await app.register(aiRoutes, {
    insights: deps.insights ?? createLocalAnalyst(),
    rateLimit: deps.aiRateLimit,
  });

  const webRoot = deps.webRoot;
  const indexHtml = webRoot ? path.join(webRoot, 'index.html') : undefined;
  if (webRoot && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ error: 'There is no such API endpoint.' });
    }
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      indexHtml &&
      existsSync(indexHtml)
    ) {
      // A deep link into the web app: the browser router takes it from here.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}

/** Maps any error to a status and a message fit for the client (5xx details are not leaked). */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, message: 'The request is too large.' };
  }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, message: 'This content type is not accepted here.' };
  }
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, message: 'The request body is not valid JSON.' };
  }
  if (e.code?.startsWith('FST_INVALID_MULTIPART') || e.code === 'FST_PROTO_VIOLATION') {
    return { status: 400, message: 'The form could not be read; send it as multipart/form-data.' };
  }
  if (error instanceof SyntaxError)
    return { status: 400, message: 'The request body is not valid JSON.' };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: e.message ?? 'The request was refused.' };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
