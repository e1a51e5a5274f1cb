import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import { checkCorrections } from '../../shared/proposals/corrections.ts';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { parseInput, uuidParam } from '../http/validate.ts';
import type { ExtractionJobs } from '../jobs/extraction-queue.ts';
import {
  documentPageSource,
  NoSuchPageError,
  type PageService,
  recordPageCount,
} from '../pages/page-images.ts';
import {
  getRevision,
  listRevisions,
  requestReadAgain,
  restoreRevision,
  type SaveRevisionResult,
  saveCorrections,
  setReviewed,
} from '../services/revisions.ts';
import { documentCollections } from './documents.ts';

/** Body limit of a corrections save: the whole data array (20 000 values at most). */
export const MAX_CORRECTIONS_BODY_BYTES = 8 * 1024 * 1024;

export const STALE_DOCUMENT_MESSAGE =
  'This document was changed since you opened it (by someone else, or by a new reading). Reload to see the latest version.';

export const BUSY_DOCUMENT_MESSAGE =
  'This document is already waiting to be read or being read; wait until it is done, then read it again.';

export const NOT_READ_MESSAGE =
  'The pages of this document can be shown once it has been read; wait until it is done.';

/** What the app calls after corrections are saved (issue 12; the layout learning fills it). */
export type CorrectionsSavedHook = (saved: {
  type: DocumentType;
  documentId: string;
  revision: number;
}) => unknown;

export interface DocumentReviewDeps {
  db: Database;
  extraction?: ExtractionJobs | undefined;
  onCorrectionsSaved?: CorrectionsSavedHook | undefined;
  pages: PageService;
}

const revisionNumber = z
  .number({ message: 'The revision must be a whole number (the one the document was opened at).' })
  .int('The revision must be a whole number (the one the document was opened at).')
  .min(0, 'The revision must be a whole number (the one the document was opened at).');

const saveSchema = z.object(
  { data: z.unknown(), revision: revisionNumber },
  { message: 'Send JSON {data, revision}.' },
);
const reviewedSchema = z.object(
  {
    reviewed: z.boolean({
      message: 'The reviewed field must be true or false.',
    }),
  },
  { message: 'Send JSON {reviewed: true} or {reviewed: false}.' },
);
const restoreSchema = z.object(
  { revision: revisionNumber },
  { message: 'Send JSON {revision}: the revision the document is at now.' },
);

const pageParam = (value: string): number | undefined =>
  /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined;

const revisionParam = (value: string): number | undefined =>
  /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/**
 * Corrections of a document's data (issue 12, CONTRACT.md): save, mark reviewed, list and
 * restore revisions, read again. Thin: input checked here, the work in services/revisions.ts.
 */
export function documentReviewRoutes(app: FastifyInstance, deps: DocumentReviewDeps) {
  for (const { path, type, what } of documentCollections) {
    const missing = () => notFound(`${what} not found.`);
    const documentId = (id: string) => {
      if (!uuidParam(id)) throw missing();
      return id;
    };
    const answerSave = (reply: FastifyReply, result: SaveRevisionResult) => {
      switch (result.status) {
        case 'notFound':
          throw missing();
        case 'stale':
          return reply.code(409).send({ error: STALE_DOCUMENT_MESSAGE, revision: result.revision });
        case 'saved':
          return undefined;
      }
    };

    app.put<{ Params: { id: string } }>(
      `${path}/:id/data`,
      { bodyLimit: MAX_CORRECTIONS_BODY_BYTES },
      async (request, reply) => {
        const id = documentId(request.params.id);
        const body = parseInput(saveSchema, request.body);
        const checked = checkCorrections(body.data, type);
        if (!checked.ok) throw badRequest(checked.error);
        const result = await saveCorrections(deps.db, {
          type,
          id,
          data: checked.data,
          revision: body.revision,
          actor: actorOf(request),
        });
        if (result.status !== 'saved') return answerSave(reply, result);
        const answer: { revision: number; learned?: unknown } = { revision: result.revision };
        if (deps.onCorrectionsSaved) {
          try {
            const learned = await deps.onCorrectionsSaved({
              type,
              documentId: id,
              revision: result.revision,
            });
            if (learned !== undefined) answer.learned = learned;
          } catch (error) {
            // The corrections are saved: a failure to learn from them must not say otherwise.
            request.log.error({ err: error, documentId: id }, 'learning from corrections failed');
          }
        }
        return answer;
      },
    );

    app.put<{ Params: { id: string } }>(`${path}/:id/reviewed`, async (request) => {
      const id = documentId(request.params.id);
      const { reviewed } = parseInput(reviewedSchema, request.body);
      if (!(await setReviewed(deps.db, type, id, reviewed, actorOf(request)))) throw missing();
      return { reviewed };
    });

    app.get<{ Params: { id: string } }>(`${path}/:id/revisions`, async (request) => {
      const revisions = await listRevisions(deps.db, type, documentId(request.params.id));
      if (!revisions) throw missing();
      return revisions;
    });

    app.get<{ Params: { id: string; revision: string } }>(
      `${path}/:id/revisions/:revision`,
      async (request) => {
        const id = documentId(request.params.id);
        const number = revisionParam(request.params.revision);
        const revision = number ? await getRevision(deps.db, type, id, number) : undefined;
        if (!revision)
          throw notFound(`${what} or its revision ${request.params.revision} not found.`);
        return revision;
      },
    );

    app.post<{ Params: { id: string; revision: string } }>(
      `${path}/:id/revisions/:revision/restore`,
      async (request, reply) => {
        const id = documentId(request.params.id);
        const from = revisionParam(request.params.revision);
        const body = parseInput(restoreSchema, request.body);
        const noRevision = () =>
          notFound(`${what} has no revision ${request.params.revision} to restore.`);
        if (!from) throw noRevision();
        const result = await restoreRevision(deps.db, {
          type,
          id,
          from,
          revision: body.revision,
          actor: actorOf(request),
        });
        if (result.status === 'noSuchRevision') throw noRevision();
        if (result.status !== 'saved') return answerSave(reply, result);
        return { revision: result.revision };
      },
    );

    app.post<{ Params: { id: string } }>(`${path}/:id/read-again`, async (request, reply) => {
      const id = documentId(request.params.id);
      const jobs = deps.extraction;
      if (!jobs) {
        throw new AppError(
          'unavailable',
          'Documents cannot be read again right now: the job queue is not running.',
        );
      }
      const result = await requestReadAgain(
        deps.db,
        type,
        id,
        (tx, docId) => jobs.enqueue(tx, docId),
        actorOf(request),
      );
      if (result === 'notFound') throw missing();
      if (result === 'busy') return reply.code(409).send({ error: BUSY_DOCUMENT_MESSAGE });
      return reply.code(202).send({ status: 'queued' });
    });

    const pageSource = async (id: string) => {
      const source = await documentPageSource(deps.db, type, documentId(id));
      if (!source) throw missing();
      if (!source.readOnce) throw notFound(NOT_READ_MESSAGE);
      return source;
    };
    /** Answers a page-out-of-range as 404 with its sentence. */
    const onPage = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof NoSuchPageError) throw notFound(error.message);
        throw error;
      }
    };

    app.get<{ Params: { id: string } }>(`${path}/:id/pages`, async (request) => {
      const source = await pageSource(request.params.id);
      const pages = await deps.pages.pages(source);
      if (source.pageCount === null)
        await recordPageCount(deps.db, request.params.id, pages.length);
      // the screen asks for pages next: draw them ahead of time
      deps.pages.warm(source).catch((error: unknown) => {
        request.log.warn(
          { err: error, documentId: request.params.id },
          'drawing pages ahead failed',
        );
      });
      return pages;
    });

    app.get<{ Params: { id: string; file: string } }>(
      `${path}/:id/pages/:file`,
      async (request, reply) => {
        const match = /^(\d+)\.png$/.exec(request.params.file);
        const page = match ? pageParam(match[1]!) : undefined;
        if (!page) throw notFound('Pages are numbered from 1: ask for …/pages/1.png.');
        const source = await pageSource(request.params.id);
        const image = await onPage(() => deps.pages.image(source, page));
        return reply
          .type(image.contentType)
          .header('Cache-Control', 'private, max-age=3600')
          .send(image.bytes);
      },
    );

    app.get<{ Params: { id: string; n: string } }>(
      `${path}/:id/pages/:n/words`,
      async (request) => {
        const page = pageParam(request.params.n);
        if (!page) throw notFound('Pages are numbered from 1: ask for …/pages/1/words.');
        const source = await pageSource(request.params.id);
        return onPage(() => deps.pages.words(source, page));
      },
    );
  }
}
