import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptedDocumentTypes, documentTypes } from '../../shared/documents/document-types.ts';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { AppError, badRequest } from '../errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { parseInput } from '../http/validate.ts';
import type { ExtractionJobs } from '../jobs/extraction-queue.ts';
import { clientExists } from '../services/document-clients.ts';
import { createDocument } from '../services/documents.ts';
import type { FileStore } from '../storage/file-store.ts';

/** Model ids as the hosted providers accept them (letters, digits, . _ ~ -). */
const modelIdPattern = /^[a-zA-Z0-9][a-zA-Z0-9._~-]{1,63}$/u;

const uploadSchema = z.object({
  name: z
    .string({ error: 'The name field is required: enter a name for this document.' })
    .trim()
    .min(1, 'The name field is required: enter a name for this document.')
    .max(200, 'The name field is too long (200 characters at most).'),
  documentType: z.enum(documentTypes, {
    error: 'The documentType field must be carrierProposal or policyCertificate.',
  }),
  modelId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || modelIdPattern.test(v),
      'The modelId field must be 2 to 64 letters, digits, dots, dashes, underscores or tildes.',
    ),
  /** The client the document belongs to (issue 14). */
  clientId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || z.uuid().safeParse(v).success,
      'The clientId field must be a client id (a UUID).',
    ),
});

export interface UploadDocumentDeps {
  config: { maxUploadBytes: number; proposalModelId?: string; certificateModelId?: string };
  db: Database;
  files: FileStore;
  extraction?: ExtractionJobs;
}

/**
 * POST /api/upload-document (spec §7, DESIGN.md §3): multipart name, file, modelId, documentType.
 * The file streams to the file store under MAX_UPLOAD_MB; its type is sniffed from the bytes. The
 * document and its extraction job are recorded in one transaction, and the answer is 201
 * `{id, status}` at once: the document is read by a job. A refused upload stores nothing.
 */
export function uploadDocumentRoutes(app: FastifyInstance, deps: UploadDocumentDeps) {
  app.post('/api/upload-document', async (request, reply) => {
    const jobs = deps.extraction;
    if (!jobs) {
      throw new AppError(
        'unavailable',
        'Documents cannot be uploaded right now: the job queue is not running.',
      );
    }
    const body = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: deps.config.maxUploadBytes,
      files: deps.files,
      what: 'document',
    });
    try {
      const input = parseInput(uploadSchema, body.fields);
      const file = body.file;
      if (!file) {
        throw badRequest(
          'The file field is required: choose a PDF, Word document or image to upload.',
        );
      }
      const contentType = file.stored.contentType;
      if (!contentType || !(contentType in acceptedDocumentTypes)) {
        throw badRequest(
          'The file must be a PDF, a Word document (DOC or DOCX) or an image (PNG or JPEG); this file is none of those.',
        );
      }
      if (input.clientId !== undefined && !(await clientExists(deps.db, input.clientId))) {
        throw badRequest('There is no client with this clientId.');
      }
      const configuredModel =
        input.documentType === 'carrierProposal'
          ? deps.config.proposalModelId
          : deps.config.certificateModelId;
      await file.stored.commit();
      const created = await createDocument(
        deps.db,
        {
          type: input.documentType,
          name: input.name,
          modelId: input.modelId ?? configuredModel ?? null,
          file,
          clientId: input.clientId ?? null,
          actor: actorOf(request),
        },
        (tx, id) => jobs.enqueue(tx, id),
      );
      reply.code(201);
      return created;
    } finally {
      await body.file?.stored.discard();
    }
  });
}
