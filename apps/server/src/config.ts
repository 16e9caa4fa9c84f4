import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// Every setting of DESIGN §5, parsed once at boot. No other file reads process.env.

/**
 * The embedded database's shared buffers, in MiB. PostgreSQL's default (128) is most of an idle
 * server's memory inside PGlite's WebAssembly heap; pages beyond the buffers are read back from the
 * operating system's file cache. See bench/RESULTS.md (issue 17) for what 32 costs under load.
 */
export const PGLITE_BUFFERS_MB = 32;

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const optionalUrl = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), `must start with ${protocols.join(' or ')}:`)
    .optional();

const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .default([]);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  PGLITE_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(PGLITE_BUFFERS_MB),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Jamii <no-reply@jamii.co.ke>'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://jamii.co.ke' }).optional(),
  ADMIN_USERNAMES: list,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: onOff.default(true),
  RATE_LIMITS: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: onOff.default(false),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('hello@jamii.co.ke'),
  CONTACT_PHONE: z.string().min(5).default('+254 700 000 000'),
  BLOCKED_EMAIL_PROVIDERS: z.string().optional(),
  VIDEO_MAX_MB: z.coerce.number().int().positive().default(200),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  STORAGE_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  ROLE: z
    .enum(['all', 'web', 'worker'], {
      error:
        'must be all (answer requests and run background jobs), web (answer requests only) or worker (run background jobs only)',
    })
    .default('all'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: longest wait for a statement's answer (and at most 5 s for a connection). */
  databaseTimeoutMs: number;
  /** The embedded database's shared buffers (its page cache inside the process). */
  pgliteBuffersMb: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminUsernames: string[];
  jwtSecret: string | undefined;
  seedDemo: boolean;
  rateLimits: boolean;
  logLevel: string;
  trustProxy: boolean;
  contactEmail: string;
  contactPhone: string;
  /** undefined: the SPEC's default list. */
  blockedEmailProviders: string[] | undefined;
  videoMaxBytes: number;
  /** The ffmpeg and ffprobe programs (a name looked up on PATH, or a path); without them uploads answer 503. */
  ffmpegPath: string;
  ffprobePath: string;
  /** The built web app, served by the same process. */
  webDistDir: string;
  /** Where uploads are kept (DESIGN §8.8): DATA_DIR/media and DATA_DIR/private, or one S3 bucket. */
  storage: StorageSettings;
  /** What this process runs (DESIGN §8.8): requests and background jobs, requests only, or jobs only. */
  role: 'all' | 'web' | 'worker';
  /**
   * How long a background job stays with a worker that stops renewing it (renewed every third of
   * it while the job runs): how soon another worker takes the job of one that died.
   */
  jobLeaseMs: number;
  /**
   * How long a claimed Idempotency-Key stays with a request that stops renewing it (renewed every
   * third of it while the request runs, however long an upload takes): how soon a resend may take
   * over the key of a process that died before its answer was stored.
   */
  idempotencyLeaseMs: number;
}

export interface S3Settings {
  driver: 's3';
  bucket: string;
  /** unset: AWS S3 itself (by region). */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** unset: the SDK's own chain (a profile, or the role of the machine). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export type StorageSettings = { driver: 'local' } | S3Settings;

const S3_PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];
/** S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `s3://bucket?endpoint=…&region=…&forcePathStyle=true` → the S3 settings; unset → the local folder.
 * Answers the problems found, each a sentence, so a bad value stops the start with all of them.
 */
export function parseStorageUrl(
  value: string | undefined,
  keys: { accessKeyId?: string | undefined; secretAccessKey?: string | undefined } = {},
): StorageSettings | { problems: string[] } {
  if (!value) return { driver: 'local' };
  const example = 's3://bucket?endpoint=https://…&region=…';
  if (!value.startsWith('s3://')) return { problems: [`must look like ${example} (or be unset)`] };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problems: [`must look like ${example}`] };
  }
  const problems: string[] = [];
  const bucket = url.hostname;
  if (url.username || url.password)
    problems.push('must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  if (!BUCKET_NAME.test(bucket))
    problems.push(`"${bucket}" is not a bucket name (3–63 lower-case letters, digits, dots and hyphens)`);
  if (url.pathname !== '' && url.pathname !== '/')
    problems.push('takes no path after the bucket (s3://bucket?…)');
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.includes(name))
      problems.push(`unknown parameter "${name}" (known: ${S3_PARAMETERS.join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    problems.push('endpoint must be an http:// or https:// address');
  const region = url.searchParams.get('region');
  if (!region) problems.push('needs a region (…&region=us-east-1, or the one your store names)');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) problems.push('forcePathStyle must be true or false');
  if (Boolean(keys.accessKeyId) !== Boolean(keys.secretAccessKey))
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  if (problems.length > 0) return { problems };
  return {
    driver: 's3',
    bucket,
    endpoint: endpoint?.replace(/\/$/, ''),
    region: region!,
    forcePathStyle: pathStyle === 'true',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the built web app lives; the same relative path works from src/ and from the bundled dist/. */
export const defaultWebDistDir = () => path.resolve(import.meta.dirname, '../../web/dist');

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "unset", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storage = parseStorageUrl(e.STORAGE_URL, {
    accessKeyId: e.AWS_ACCESS_KEY_ID,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
  });
  if ('problems' in storage) {
    const lines = storage.problems.map((problem) => `  STORAGE_URL: ${problem}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    pgliteBuffersMb: e.PGLITE_BUFFERS_MB,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminUsernames: e.ADMIN_USERNAMES.map((u) => (u.startsWith('@') ? u : `@${u}`).toLowerCase()),
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    blockedEmailProviders: e.BLOCKED_EMAIL_PROVIDERS?.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    webDistDir: defaultWebDistDir(),
    storage,
    role: e.ROLE,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
  };
}

/** Reads `.env` (if present) into process.env, then parses. Used by main and the CLIs only. */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}

/**
 * For the one-off CLIs: the settings, or undefined once a bad one has been reported through
 * `report` (the CLI then exits 2). Anything other than a bad setting is thrown.
 */
export function loadConfigForCli(report: (message: string) => void): Config | undefined {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    report(err.message);
    return undefined;
  }
}
