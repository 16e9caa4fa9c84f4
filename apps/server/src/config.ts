import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { numberInput, PAYMENT_PENDING_QUERY_MS } from '@jamii/shared';
import { parseMpesaUrl, wrongAddressEntries, type MpesaSettings } from './platform/mpesa-url';
import { z } from 'zod';

// Every setting of docs/operations.md, parsed once at boot. No other file reads process.env.

/**
 * The embedded database's shared buffers, in MiB. PostgreSQL's default (128) is most of an idle
 * server's memory inside PGlite's WebAssembly heap; pages beyond the buffers are read back from the
 * operating system's file cache. See bench/RESULTS.md (docs/web-performance.md) for what 32 costs under load.
 */
export const PGLITE_BUFFERS_MB = 32;

/** A whole number from min to max, written in plain digits (`0x10` or `1e3` is refused, as in a request). */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  numberInput(
    z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

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

/**
 * Which proxies' X-Forwarded-For entries to believe: none; the entries the last `hops` proxies
 * appended (each proxy appends the address it was reached from, so the client is the `hops`-th
 * entry from the right); or the entries appended by these addresses, CIDRs or proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`). Never the leftmost entry, which the client writes.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const TRUST_PROXY_CHOICES =
  'off, the number of proxies in front of the server (1, 2), or a comma list of their addresses or CIDRs (10.0.0.5, 10.0.0.0/8, loopback)';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's text → the setting, or the sentence that says what is wrong with it. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = (value ?? 'off').trim().toLowerCase();
  if (['off', 'false', 'no', '0'].includes(text)) return false;
  if (['on', 'true', 'yes'].includes(text))
    return {
      problem: `"${value}" would believe any X-Forwarded-For a client writes, so every limit could be dodged: set ${TRUST_PROXY_CHOICES}`,
    };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { hops } : { problem: `${hops} proxies is more than any real chain (at most 10)` };
  }
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = proxies.filter((entry) => !isProxyEntry(entry));
  if (proxies.length === 0 || wrong.length > 0)
    return {
      problem: `${wrong.map((entry) => `"${entry}"`).join(', ') || 'an empty list'} ${wrong.length > 1 ? 'are not addresses or CIDRs' : 'is not an address or CIDR'}: set ${TRUST_PROXY_CHOICES}`,
    };
  return { proxies };
}

/**
 * USSD_ALLOWED_IPS's text → the gateway's addresses or CIDRs (Africa's Talking publishes its own),
 * or the sentence that says what is wrong. Only they are answered, and only their phone numbers trusted.
 */
export function parseAllowedIps(value: string | undefined): string[] | { problem: string } {
  const entries = (value ?? 'loopback')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (entries.length === 0 || wrong.length > 0)
    return {
      problem: `${wrong.map((entry) => `"${entry}"`).join(', ') || 'an empty list'}: set a comma list of the gateway's addresses or CIDRs (196.201.214.0/24, loopback)`,
    };
  return entries;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: whole(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_TIMEOUT_MS: whole(100, 600_000).default(15_000),
  DATABASE_REPLICA_URLS: list,
  REPLICA_MAX_LAG_S: numberInput(
    z
      .number({ error: 'must be a number of seconds' })
      .min(0.1, 'must be at least 0.1')
      .max(3600, 'must be at most 3600'),
  ).default(5),
  PGLITE_BUFFERS_MB: whole(1, 4096).default(PGLITE_BUFFERS_MB),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Jamii <no-reply@jamii.co.ke>'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://jamii.co.ke' }).optional(),
  ADMIN_USERNAMES: list,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: onOff.default(true),
  RATE_LIMITS: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  USSD_ALLOWED_IPS: z.string().optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('hello@jamii.co.ke'),
  CONTACT_PHONE: z.string().min(5).default('+254 700 000 000'),
  BLOCKED_EMAIL_PROVIDERS: z.string().optional(),
  VIDEO_MAX_MB: whole(1).default(200),
  REQUEST_TIMEOUT_MS: whole(100, 600_000).default(30_000),
  STORAGE_QUOTA_MB: whole(1, 100_000_000).default(1024),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  STORAGE_URL: z.string().optional(),
  SMS_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  ROLE: z
    .enum(['all', 'web', 'worker'], {
      error:
        'must be all (answer requests and run background jobs), web (answer requests only) or worker (run background jobs only)',
    })
    .default('all'),
  JOB_LEASE_SECONDS: whole(1, 3600).default(60),
  IDEMPOTENCY_LEASE_SECONDS: whole(1, 3600).default(60),
  REALTIME_TRANSPORTS: z
    .enum(['polling,websocket', 'websocket'], {
      error:
        'must be polling,websocket (one instance, or a balancer with sticky sessions) or websocket (a balancer without them)',
    })
    .default('polling,websocket'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be the base64url public key web-push generates (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be the base64url private key web-push generates (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_INSECURE_ENDPOINTS: onOff.default(false),
  MPESA_URL: z.string().optional(),
  MPESA_FEE_PERCENT: numberInput(
    z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(50, 'must be at most 50'),
  ).default(0),
  MPESA_ALLOWED_IPS: list,
  PAYMENT_PENDING_QUERY_MS: numberInput(
    z
      .number({ error: 'must be a whole number of milliseconds (120000 is two minutes)' })
      .int('must be a whole number of milliseconds (120000 is two minutes)')
      .min(1000, 'must be at least 1000 (a second): the payer needs time to answer the PIN prompt')
      .max(
        3_600_000,
        'must be at most 3600000 (an hour): a payment should not wait longer to be asked about',
      ),
  ).default(PAYMENT_PENDING_QUERY_MS),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: a pair generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our pushes (VAPID_SUBJECT; default mailto:CONTACT_EMAIL). */
  vapidSubject: string;
  /** Tests only: push endpoints on http and on this machine (the local push service). */
  pushInsecureEndpoints: boolean;
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: longest wait for a statement's answer (and at most 5 s for a connection). */
  databaseTimeoutMs: number;
  /** Streaming replicas that serve lists, search and profiles once they have a member's writes (db/replicas.ts). */
  databaseReplicaUrls: string[];
  /** A replica further behind than this is left out until it catches up. */
  replicaMaxLagSeconds: number;
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
  /** Whose X-Forwarded-For entries name the client (off: the connection's own address). */
  trustProxy: TrustProxy;
  /** The USSD and SMS gateway's addresses: the only callers of its callbacks. */
  ussdAllowedIps: string[];
  contactEmail: string;
  contactPhone: string;
  /** undefined: the SPEC's default list. */
  blockedEmailProviders: string[] | undefined;
  videoMaxBytes: number;
  /**
   * How long a request's headers may take to arrive, and how long its body may send nothing (or
   * trickle in, platform/body-timeout.ts) before the request is ended with 408.
   */
  requestTimeoutMs: number;
  /** What one member's stored files (pictures, videos, CVs) may take together. */
  storageQuotaBytes: number;
  /** The ffmpeg and ffprobe programs (a name looked up on PATH, or a path); without them uploads answer 503. */
  ffmpegPath: string;
  ffprobePath: string;
  /** The built web app, served by the same process. */
  webDistDir: string;
  /** Where uploads are kept (docs/design.md#past-one-machine): DATA_DIR/media and DATA_DIR/private, or one S3 bucket. */
  storage: StorageSettings;
  /** Where SMS go: Africa's Talking, or files in DATA_DIR/sms-outbox when SMS_URL is unset. */
  sms: SmsSettings;
  /** What this process runs (docs/design.md#past-one-machine): requests and background jobs, requests only, or jobs only. */
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
  /** Socket.IO's transports: polling first (needs sticky sessions behind a balancer), or WebSocket alone. */
  realtimeTransports: ('polling' | 'websocket')[];
  /** MPESA_URL: a Daraja account, or test mode against the stand-in built into the product. */
  mpesa: MpesaSettings;
  /** The platform's share of each deal's payment, in percent (rounded down to whole shillings). */
  mpesaFeePercent: number;
  /** When not empty, Daraja's callbacks are taken only from these addresses or CIDRs. */
  mpesaAllowedIps: string[];
  /**
   * How long a payment stays pending before Daraja is asked about it by STK query (its callback
   * lost, or the server stopped before it came); two minutes unless a test shortens it.
   */
  paymentPendingQueryMs: number;
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

/** The replicas' addresses: PostgreSQL URLs, beside a primary that is PostgreSQL too. */
export function checkReplicaUrls(urls: string[], primaryUrl: string | undefined): string | undefined {
  if (urls.length === 0) return undefined;
  if (!primaryUrl)
    return 'needs DATABASE_URL: replicas follow a PostgreSQL primary, not the embedded database';
  const wrong = urls.filter((url) => {
    try {
      return !['postgres:', 'postgresql:'].includes(new URL(url).protocol);
    } catch {
      return true;
    }
  });
  if (wrong.length > 0)
    return `entry ${urls.indexOf(wrong[0]!) + 1} is not a postgres:// URL (a comma-separated list of them)`;
  return undefined;
}

export type SmsSettings =
  | { driver: 'outbox'; dir: string }
  | {
      driver: 'africastalking';
      username: string;
      apiKey: string;
      /** The sender id or short code; unset: the account's default sender. */
      from: string | undefined;
      /** Africa's Talking's API host, or a stand-in's. */
      endpoint: string;
    };

const SMS_PARAMETERS = ['apiKey', 'from', 'endpoint'];
/** Africa's Talking's live API (their sandbox is https://api.sandbox.africastalking.com). */
export const AFRICASTALKING_ENDPOINT = 'https://api.africastalking.com';

/**
 * `africastalking://USERNAME?apiKey=…&from=…[&endpoint=…]` → the SMS settings; unset → the outbox
 * folder. Answers every problem found, each a sentence.
 */
export function parseSmsUrl(
  value: string | undefined,
  dataDir: string,
): SmsSettings | { problems: string[] } {
  if (!value) return { driver: 'outbox', dir: path.join(dataDir, 'sms-outbox') };
  const example = 'africastalking://USERNAME?apiKey=…&from=…';
  if (!value.startsWith('africastalking://'))
    return { problems: [`must look like ${example} (or be unset)`] };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problems: [`must look like ${example}`] };
  }
  const problems: string[] = [];
  // The username is the URL's host, where case does not count; Africa's Talking's does, so it is
  // read from the text as written.
  const username = decodeURIComponent(/^africastalking:\/\/([^/?#]*)/.exec(value)?.[1] ?? '');
  if (!username) problems.push("needs the Africa's Talking username (africastalking://USERNAME?…)");
  if (url.pathname !== '' && url.pathname !== '/')
    problems.push('takes no path after the username (africastalking://USERNAME?…)');
  for (const name of url.searchParams.keys()) {
    if (!SMS_PARAMETERS.includes(name))
      problems.push(`unknown parameter "${name}" (known: ${SMS_PARAMETERS.join(', ')})`);
  }
  const apiKey = url.searchParams.get('apiKey');
  if (!apiKey) problems.push("needs the account's API key (…?apiKey=…)");
  const endpoint = url.searchParams.get('endpoint') || AFRICASTALKING_ENDPOINT;
  if (!/^https?:\/\/[^/]/.test(endpoint)) problems.push('endpoint must be an http:// or https:// address');
  if (problems.length > 0) return { problems };
  return {
    driver: 'africastalking',
    username,
    apiKey: apiKey!,
    from: url.searchParams.get('from') || undefined,
    endpoint: endpoint.replace(/\/$/, ''),
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
  const replicaUrls = e.DATABASE_REPLICA_URLS;
  const replicaProblem = checkReplicaUrls(replicaUrls, e.DATABASE_URL);
  if (replicaProblem) throw new ConfigError(`Invalid settings:\n  DATABASE_REPLICA_URLS: ${replicaProblem}`);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Invalid settings:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair from `npx web-push generate-vapid-keys`) or neither',
    );
  const sms = parseSmsUrl(e.SMS_URL, path.resolve(e.DATA_DIR));
  if ('problems' in sms) {
    const lines = sms.problems.map((problem) => `  SMS_URL: ${problem}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const mpesa = parseMpesaUrl(e.MPESA_URL);
  const wrongIps = wrongAddressEntries(e.MPESA_ALLOWED_IPS);
  const mpesaProblems = [
    ...('problems' in mpesa ? mpesa.problems.map((problem) => `  MPESA_URL: ${problem}`) : []),
    ...(wrongIps.length > 0
      ? [`  MPESA_ALLOWED_IPS: ${wrongIps.map((w) => `"${w}"`).join(', ')} not an address or CIDR`]
      : []),
  ];
  if (mpesaProblems.length > 0) throw new ConfigError(`Invalid settings:\n${mpesaProblems.join('\n')}`);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy && 'problem' in trustProxy)
    throw new ConfigError(`Invalid settings:\n  TRUST_PROXY: ${trustProxy.problem}`);
  const ussdAllowedIps = parseAllowedIps(e.USSD_ALLOWED_IPS);
  if ('problem' in ussdAllowedIps)
    throw new ConfigError(`Invalid settings:\n  USSD_ALLOWED_IPS: ${ussdAllowedIps.problem}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    databaseReplicaUrls: replicaUrls,
    replicaMaxLagSeconds: e.REPLICA_MAX_LAG_S,
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
    trustProxy,
    ussdAllowedIps,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    blockedEmailProviders: e.BLOCKED_EMAIL_PROVIDERS?.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    webDistDir: defaultWebDistDir(),
    storage,
    sms,
    role: e.ROLE,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
    realtimeTransports: e.REALTIME_TRANSPORTS === 'websocket' ? ['websocket'] : ['polling', 'websocket'],
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    pushInsecureEndpoints: e.PUSH_INSECURE_ENDPOINTS,
    mpesa: mpesa as MpesaSettings,
    mpesaFeePercent: e.MPESA_FEE_PERCENT,
    mpesaAllowedIps: e.MPESA_ALLOWED_IPS,
    paymentPendingQueryMs: e.PAYMENT_PENDING_QUERY_MS,
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
