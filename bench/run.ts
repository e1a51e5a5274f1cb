/**
 * `npm run bench [-- section…]`: every benchmark of DESIGN.md §8, one after the other. Prints
 * figures (medians, percentiles, ratios); asserts nothing, since these machines are noisy.
 */
const sections: Record<string, () => Promise<void>> = {
  clients: async () => (await import('./clients.ts')).benchClients(),
  web: async () => (await import('./web.ts')).benchWebBundle(),
  extraction: async () => (await import('./extraction.ts')).benchExtraction(),
  documents: async () => (await import('./documents.ts')).benchDocuments(),
  insights: async () => (await import('./insights.ts')).benchInsights(),
  load: async () => (await import('./load.ts')).benchLoad(),
  'proposal-render': async () => (await import('./proposal-render.ts')).benchProposalRender(),
  billing: async () => (await import('./billing.ts')).benchBilling(),
  comparisons: async () => {
    const bench = await import('./comparisons.ts');
    await bench.benchComparisons();
    await bench.benchDocumentList();
  },
  generalisation: async () => (await import('./generalisation.ts')).benchGeneralisation(),
  corrections: async () => (await import('./corrections.ts')).benchCorrections(),
  'source-view': async () => (await import('./source-view.ts')).benchSourceView(),
  'learned-layouts': async () => (await import('./learned-layouts.ts')).benchLearnedLayouts(),
};

const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(sections);
console.info(`Benefits Desk benchmarks — node ${process.version}, ${new Date().toISOString()}`);
for (const name of names) {
  const run = sections[name];
  if (!run) {
    console.error(`Unknown section "${name}". Sections: ${Object.keys(sections).join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  try {
    await run();
  } catch (error) {
    console.error(`[${name}] failed:`, error);
    process.exitCode = 1;
  }
}
