import path from 'node:path';
import { z } from 'zod';
import { type ExtractionProviderName, extractionProviders } from './extraction/providers/names.ts';
import { hostNameOf, isLoopbackHost } from './http/same-origin.ts';

/**
 * Configuration from environment variables (DESIGN.md §2), validated once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** `https://desk.example.com` or `http://10.0.0.5:3000`: an origin, with no path, query or user. */
function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      `${url.origin}` === value.replace(/\/$/, '')
    );
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  MAX_UPLOAD_MB: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(2048).default(50)),
  EXTRACTION_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(extractionProviders, {
        error: `must be one of ${extractionProviders.join(', ')}`,
      })
      .default('local'),
  ),
  PROPOSAL_MODEL_ID: optionalString,
  CERTIFICATE_MODEL_ID: optionalString,
  AZURE_DI_ENDPOINT: optionalUrl,
  AZURE_DI_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_VISION: z.preprocess(
    emptyAsUndefined,
    z.enum(['0', '1'], { error: 'must be 1 (send page images) or 0' }).default('0'),
  ),
  AI_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(20),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/,
        'must list the addresses or CIDR ranges of your proxies, comma-separated (e.g. 10.0.0.5 or 10.0.0.0/24)',
      )
      .optional(),
  ),
  PUBLIC_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (v) => v.split(',').every((o) => isBareOrigin(o.trim())),
        'must list the origins browsers use to reach the app, comma-separated, each scheme://host[:port] with nothing after (e.g. https://desk.example.com)',
      )
      .optional(),
  ),
  AUTH: z.preprocess(emptyAsUndefined, z.enum(['none', 'local', 'oidc']).default('none')),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_ROLE_CLAIM: z.preprocess(emptyAsUndefined, z.string().default('groups')),
  OIDC_ADMIN_GROUPS: optionalString,
  OIDC_BROKER_GROUPS: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  SESSION_IDLE_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(8 * 60),
  ),
  SESSION_MAX_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(7 * 24),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

/** Variables that only make sense together: named in the error when one is missing. */
const envWithRequirements = envSchema.superRefine((e, ctx) => {
  const need = (name: keyof typeof e, because: string) => {
    if (e[name] === undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: `is required ${because}` });
  };
  if (e.EXTRACTION_PROVIDER === 'azure') {
    for (const name of [
      'AZURE_DI_ENDPOINT',
      'AZURE_DI_KEY',
      'PROPOSAL_MODEL_ID',
      'CERTIFICATE_MODEL_ID',
    ] as const) {
      need(name, 'when EXTRACTION_PROVIDER=azure');
    }
  }
  if (e.EXTRACTION_PROVIDER === 'openai' || e.EXTRACTION_PROVIDER === 'local+openai') {
    need('OPENAI_BASE_URL', `when EXTRACTION_PROVIDER=${e.EXTRACTION_PROVIDER}`);
    need('AI_MODEL', `when EXTRACTION_PROVIDER=${e.EXTRACTION_PROVIDER}`);
  }
  if (e.AI_VISION === '1' && !e.EXTRACTION_PROVIDER.includes('openai')) {
    ctx.addIssue({
      code: 'custom',
      path: ['AI_VISION'],
      message: `sends page images to the openai provider, and EXTRACTION_PROVIDER is "${e.EXTRACTION_PROVIDER}": set EXTRACTION_PROVIDER=openai or local+openai, or leave AI_VISION unset`,
    });
  }
  if (e.OPENAI_BASE_URL !== undefined) need('AI_MODEL', 'when OPENAI_BASE_URL is set');
  if (e.AUTH === 'none' && !isLoopbackHost(hostNameOf(e.HOST))) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH'],
      message: `"none" (no sign-in) is allowed only while HOST is a loopback address (127.0.0.1, localhost, ::1), and HOST is "${e.HOST}": set AUTH=local with ADMIN_EMAIL and ADMIN_PASSWORD for the first admin, or keep HOST=127.0.0.1 behind a proxy that signs people in`,
    });
  }
  if (e.AUTH === 'oidc') {
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      need(name, 'when AUTH=oidc');
    }
    if (e.OIDC_ISSUER) {
      const issuer = new URL(e.OIDC_ISSUER);
      if (issuer.protocol !== 'https:' && !isLoopbackHost(hostNameOf(issuer.host))) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'must be an https:// address (http:// only for a provider on this machine)',
        });
      }
    }
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    need(
      e.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD',
      'with the other ADMIN_ variable',
    );
  }
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim that lists the user's groups (OIDC_ROLE_CLAIM, `groups` by default). */
  roleClaim: string;
  adminGroups: string[];
  brokerGroups: string[];
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  maxUploadBytes: number;
  extractionProvider: ExtractionProviderName;
  proposalModelId: string | undefined;
  certificateModelId: string | undefined;
  azureEndpoint: string | undefined;
  azureKey: string | undefined;
  openaiBaseUrl: string | undefined;
  openaiApiKey: string | undefined;
  aiModel: string | undefined;
  /** AI_VISION=1: the openai provider sends the pages as images as well as the text. */
  aiVision: boolean;
  aiRateLimitPerMinute: number;
  /**
   * TRUST_PROXY: the load balancers or reverse proxies in front (addresses or CIDR ranges) whose
   * X-Forwarded-For is believed, so that per-address limits see the browser, not the proxy.
   */
  trustProxy: string[] | undefined;
  /**
   * PUBLIC_ORIGIN: the origins browsers use to reach the app (behind a proxy, say). Changes
   * are accepted only from the app's own origin and these.
   */
  publicOrigins: string[];
  /** AUTH: 'none' (one user on this machine), 'local' (accounts in the database) or 'oidc'. */
  auth: 'none' | 'local' | 'oidc';
  /** AUTH=oidc: the identity provider, this app's client, and how its groups map to roles. */
  oidc: OidcConfig | undefined;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first admin, created at start-up when there are no users. */
  firstAdmin: { email: string; password: string } | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envWithRequirements.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    extractionProvider: e.EXTRACTION_PROVIDER,
    proposalModelId: e.PROPOSAL_MODEL_ID,
    certificateModelId: e.CERTIFICATE_MODEL_ID,
    azureEndpoint: e.AZURE_DI_ENDPOINT,
    azureKey: e.AZURE_DI_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiApiKey: e.OPENAI_API_KEY,
    aiModel: e.AI_MODEL,
    aiVision: e.AI_VISION === '1',
    aiRateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY?.split(',').map((a) => a.trim()),
    publicOrigins: e.PUBLIC_ORIGIN?.split(',').map((o) => o.trim().replace(/\/$/, '')) ?? [],
    auth: e.AUTH,
    oidc:
      e.AUTH === 'oidc' && e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            roleClaim: e.OIDC_ROLE_CLAIM,
            adminGroups: list(e.OIDC_ADMIN_GROUPS),
            brokerGroups: list(e.OIDC_BROKER_GROUPS),
          }
        : undefined,
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
  };
}
