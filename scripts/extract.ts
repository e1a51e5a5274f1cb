/**
 * npm run extract -- FILE [--type carrierProposal|policyCertificate] [--layout]
 *
 * Runs the configured extraction engine (EXTRACTION_PROVIDER: the local engine by default) on
 * one file and prints the parsed data (DESIGN.md §5) as JSON. `--layout` prints the layout model
 * the local readers built instead (for debugging).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { loadConfig } from '../src/server/config.ts';
import { createLocalExtractionProvider } from '../src/server/extraction/local-engine.ts';
import { ExtractionError } from '../src/server/extraction/provider.ts';
import { chooseExtractionEngine, installedEngine } from '../src/server/jobs/extraction-engine.ts';
import { type DocumentType, documentTypes } from '../src/shared/documents/document-types.ts';

const USAGE =
  'Usage: npm run extract -- FILE [--type carrierProposal|policyCertificate] [--layout]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      type: { type: 'string', default: 'carrierProposal' },
      layout: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return 0;
  }
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  if (!documentTypes.includes(values.type as DocumentType)) {
    console.error(`Unknown --type ${values.type}. ${USAGE}`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  const contentType = sniffed?.mime ?? 'application/octet-stream';
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const local = createLocalExtractionProvider();
  const provider = values.layout
    ? local
    : (chooseExtractionEngine(config, { ...installedEngine, local: () => local }).provider ??
      local);
  try {
    const output = values.layout
      ? await local.read({ bytes, contentType })
      : await provider.extract({ bytes, contentType, documentType: values.type as DocumentType });
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ExtractionError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await provider.close?.();
    await local.close();
  }
}

process.exitCode = await main();
