import type { FastifyInstance } from 'fastify';
import type { ExtractionJobs } from '../jobs/extraction-queue.ts';

/** What the web app needs to know of the server's configuration. */
export interface AppConfigView {
  /** PROPOSAL_MODEL_ID: the model id the upload screen sends with carrier proposals. */
  proposalModelId: string | null;
  /** CERTIFICATE_MODEL_ID: the model id sent with policy certificates. */
  certificateModelId: string | null;
  /** The extraction provider reading documents, or null when none is installed (they wait). */
  extractionEngine: string | null;
  /** MAX_UPLOAD_MB in bytes: the drop area refuses larger files before sending them. */
  maxUploadBytes: number;
}

/** GET /api/config (docs/decisions/0009-job-queue.md). */
export function appConfigRoutes(
  app: FastifyInstance,
  deps: {
    config: {
      maxUploadBytes: number;
      proposalModelId?: string | undefined;
      certificateModelId?: string | undefined;
    };
    extraction?: ExtractionJobs;
  },
) {
  app.get('/api/config', async (): Promise<AppConfigView> => {
    return {
      proposalModelId: deps.config.proposalModelId ?? null,
      certificateModelId: deps.config.certificateModelId ?? null,
      extractionEngine: deps.extraction?.engine ?? null,
      maxUploadBytes: deps.config.maxUploadBytes,
    };
  });
}
