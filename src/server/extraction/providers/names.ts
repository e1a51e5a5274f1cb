/** The values of EXTRACTION_PROVIDER (no imports: the configuration reads it at start-up). */
export const extractionProviders = ['local', 'azure', 'openai', 'local+openai'] as const;
export type ExtractionProviderName = (typeof extractionProviders)[number];
