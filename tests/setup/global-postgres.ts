import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
  }
}

/** Vitest global setup (server project): one throwaway PostgreSQL for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.BD_TEST_POSTGRES === '0') {
    console.info(
      '[tests] PostgreSQL tests turned off (BD_TEST_POSTGRES=0); running on PGlite only.',
    );
    project.provide('postgresUrl', undefined);
    return;
  }
  const cluster = await startPostgresCluster();
  if ('unavailable' in cluster) {
    console.info(
      `[tests] PostgreSQL tests skipped: ${cluster.unavailable}. Running on PGlite only.`,
    );
    project.provide('postgresUrl', undefined);
    return;
  }
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
