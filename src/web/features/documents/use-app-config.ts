import { useEffect, useState } from 'react';
import { getJson } from '../../lib/api.ts';

/** GET /api/config: the model ids the upload screens send, the engine and the upload limit. */
export interface AppConfig {
  proposalModelId: string | null;
  certificateModelId: string | null;
  extractionEngine: string | null;
  maxUploadBytes: number;
}

let cached: Promise<AppConfig> | undefined;

/** Loads the server's configuration once per page; undefined until it arrives (or if it fails). */
export function useAppConfig(
  load: () => Promise<AppConfig> = loadAppConfig,
): AppConfig | undefined {
  const [config, setConfig] = useState<AppConfig>();
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setConfig(value),
      // Without it the upload still works: the server then uses its own model ids and limit.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return config;
}

export function loadAppConfig(): Promise<AppConfig> {
  cached ??= getJson<AppConfig>('/api/config').catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
