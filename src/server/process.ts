import { type Config, ConfigError, loadConfig } from './config.ts';

/**
 * What the two process entries (the server and `npm run worker`) share: configuration read once
 * with a clear message on a bad variable, and an orderly stop on SIGTERM/SIGINT.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Runs `stop` once on the first SIGTERM or SIGINT, then exits 0 (1 if it failed); exits 1 if it
 * has not finished after `forceAfterMs`.
 */
export function stopOnSignals(stop: (signal: string) => Promise<void>, forceAfterMs: number): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), forceAfterMs);
    force.unref();
    try {
      await stop(signal);
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));
}
