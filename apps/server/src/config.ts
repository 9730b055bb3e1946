import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PAYOUT_APPROVAL_MIN_KRW } from '@portal/contract/approvals';
import { DEFAULT_DEPLOYMENT_ROLE } from '@portal/contract/http';
import { STEP_UP_MINUTES } from '@portal/contract/two-factor';
import { z } from 'zod';
import { parseStorageUrl, type ObjectStorageLocation } from '@server/lib/storage/storage-url';
import { DEFAULT_WEB_DIST_DIR } from '@server/paths';

/**
 * The server's whole configuration comes from environment variables, read once at start by
 * `loadConfig`. Every variable has a default that works on a laptop with nothing installed:
 * `node apps/server/dist/server.js` starts with embedded PostgreSQL in ./data and demo data.
 * An invalid value stops the server with a message naming the variable; it never falls back to
 * a default silently, because a typo in production must not start a half-configured server.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z.stringbool({ error: 'must be true or false' });

function oneOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

const envSchema = z.object({
  /** TCP port to listen on; 0 picks a free port. */
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65_535, 'must be a whole number from 0 to 65535')
    .default(3000),
  /** Interface to listen on. Loopback by default so a laptop never exposes the portal to its
   * network by accident; containers set 0.0.0.0. */
  HOST: z.string().default('127.0.0.1'),
  /** `production` turns on HSTS; `development` allows pretty logs on a terminal. */
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  /** pino level; `silent` turns logging off. */
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  /** postgres:// URL of a real PostgreSQL server. Unset: embedded PostgreSQL (PGlite) in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /** postgres:// URL of a streaming replica of DATABASE_URL's database, for lists, searches,
   * exports and dashboards (docs/decisions/031). Unset: every read goes to DATABASE_URL. */
  DATABASE_REPLICA_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /** Seconds after a user's own change during which their reads go to the primary, and the most
   * the replica may be behind before every read goes to the primary (docs/decisions/031). */
  READ_YOUR_WRITES_SECONDS: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds >= 1 && seconds <= 300, 'must be between 1 and 300')
    .default(5),
  /** Folder for data that must survive restarts; the embedded database lives in DATA_DIR/pglite.
   * Relative paths are resolved against the working directory. */
  DATA_DIR: z.string().default('./data'),
  /** Where identity documents are kept: unset, DATA_DIR/uploads; `s3://bucket?...`, an
   * S3-compatible bucket every instance shares (lib/storage/storage-url.ts, docs/decisions/030).
   * Checked after the rest: it reads AWS_REGION and NODE_ENV too. */
  STORAGE_URL: z.string().optional(),
  /** The deployment this server answers for; browsers send it in the X-Role header (docs/PRODUCT.md "Calls"). */
  DEPLOYMENT_ROLE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/i, 'must be a short name of letters, digits, _ or -')
    .default(DEFAULT_DEPLOYMENT_ROLE),
  /** Built web app to serve; defaults to apps/web/dist next to this server. */
  WEB_DIST_DIR: z.string().optional(),
  /** Seed demo users and data at start. Defaults to on with the embedded database, off with
   * DATABASE_URL, so a real server never gets demo accounts unless asked to. */
  DEMO_DATA: flag.optional(),
  /** Minutes without a request after which a session ends. */
  SESSION_IDLE_MINUTES: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of minutes')
    .transform(Number)
    .refine((minutes) => minutes >= 1, 'must be at least 1')
    .default(30),
  /** Hours after sign-in at which a session ends however active it is. */
  SESSION_MAX_HOURS: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number of hours')
    .transform(Number)
    .refine((hours) => hours >= 1, 'must be at least 1')
    .default(12),
  /** Seconds a second factor proved counts as recent for step-up (docs/decisions/026). */
  STEP_UP_SECONDS: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds >= 1 && seconds <= 3600, 'must be between 1 and 3600')
    .default(STEP_UP_MINUTES * 60),
  /** Secret that anti-forgery tokens are derived from. Unset: one is generated once and kept in
   * the database, so every instance on that database shares it. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key that secrets kept in the database (merchant API secrets, link tokens) are encrypted
   * with: base64 of 32 random bytes (`openssl rand -base64 32`). Unset: generated once in
   * DATA_DIR/encryption.key; required in production with DATABASE_URL, where several instances
   * must share one key. */
  ENCRYPTION_KEY: z
    .string()
    .transform((value, context) => {
      const key = decodeKey(value);
      if (!key) {
        context.addIssue({ code: 'custom', message: 'must be base64 of exactly 32 bytes' });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
  /** Seconds a rate quote stays good: a request made with an older quote is refused. */
  QUOTE_MAX_AGE_SECONDS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds >= 10, 'must be at least 10')
    .default(120),
  /** Won total of a sale from which its payout waits for a second operator's approval
   * (docs/decisions/017). */
  PAYOUT_APPROVAL_MIN_KRW: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number of won')
    .transform((value) => String(Number(value)))
    .default(PAYOUT_APPROVAL_MIN_KRW),
  /** Hours a buy request waits for its deposit before it expires. */
  BUY_REQUEST_TTL_HOURS: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number of hours')
    .transform(Number)
    .refine((hours) => hours >= 1, 'must be at least 1')
    .default(24),
  /** Shared secret the bank signs deposit notifications with (HMAC-SHA256). Unset: the webhook
   * refuses every notification; statement import and manual entry still work. */
  BANK_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp:// or smtps:// URL of the mail server, credentials included. Unset: every mail is
   * written as an .eml file under DATA_DIR/mail and its path logged (lib/mail/mailer.ts). */
  SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL').optional(),
  /** The sender of the portal's mail. */
  MAIL_FROM: z.string().default('WonBridge <no-reply@wonbridge.example>'),
  /** Where people open the portal, for links in mail (never taken from a request's Host header,
   * which a caller controls). Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().refine(isWebOrigin, 'must be an http:// or https:// origin').optional(),
  /** Run the background jobs (expired sessions, merchant credit delivery, buy request expiry)
   * in this instance (plugins/app/jobs.ts).
   * Off in tests, which run them step by step. */
  BACKGROUND_JOBS: flag.default(true),
  /** Mark cookies Secure (HTTPS only). Defaults to on in production. */
  COOKIE_SECURE: flag.optional(),
  /** Which proxies to trust for the client address and protocol (X-Forwarded-*): true/false,
   * or a comma-separated list of addresses/CIDRs (also loopback, linklocal, uniquelocal).
   * Hop counts are not accepted: they cannot check who the nearest peer is. */
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'must be true, false, or a comma-separated list of addresses/CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
  /** Sandbox merchants (the built-in test merchant): listed to users, and users may open test
   * accounts there themselves (docs/decisions/011). Defaults to on, except in production. */
  SANDBOX_MERCHANTS: flag.optional(),
  /** Asset amount a newly opened sandbox account starts with (up to 8 decimal places). */
  SANDBOX_STARTING_BALANCE: z
    .string()
    .regex(/^\d{1,22}(\.\d{1,8})?$/, 'must be an amount with at most 8 decimal places')
    .refine((amount) => /[1-9]/.test(amount), 'must be more than 0')
    .default('1000'),
  /** Open sandbox accounts one user may have at one sandbox merchant. */
  SANDBOX_ACCOUNTS_PER_MERCHANT: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number from 1 to 50')
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= 50, 'must be a whole number from 1 to 50')
    .default(3),
  /** Identity images this instance decodes at once (docs/SECURITY.md "Image uploads"): each can
   * take a core and up to a few hundred MB while it decodes. More wait for a slot. */
  IMAGE_UPLOADS_AT_ONCE: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number from 1 to 16')
    .transform(Number)
    .refine((count) => count >= 1 && count <= 16, 'must be a whole number from 1 to 16')
    .default(2),
  /** TCP port of the metrics listener (docs/OPERATIONS.md); 0 picks a free one. Unset: none. */
  METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65_535, 'must be a whole number from 0 to 65535')
    .optional(),
  /** Interface the metrics listener listens on: loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Bearer token a scrape must send; required when METRICS_HOST is not loopback. */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

/** Values that may carry credentials are never echoed back in error messages. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'DATABASE_REPLICA_URL',
  'SESSION_SECRET',
  'ENCRYPTION_KEY',
  'BANK_WEBHOOK_SECRET',
  'SMTP_URL',
  'METRICS_TOKEN',
]);

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  /** Set: real PostgreSQL. Unset: embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Set (only with `databaseUrl`): lists, searches, exports and dashboards read here. */
  databaseReplicaUrl: string | undefined;
  /** Seconds of read-your-writes after a change; also the replica's largest allowed lag. */
  readYourWritesSeconds: number;
  /** Absolute. */
  dataDir: string;
  /** Absolute; always `dataDir/pglite`. */
  pgliteDir: string;
  deploymentRole: string;
  /** Absolute. */
  webDistDir: string;
  demoData: boolean;
  trustProxy: boolean | string[];
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Seconds a proved second factor lets a change that asks for step-up through. */
  stepUpSeconds: number;
  /** Seconds between the checks that end a live event stream whose session has ended. */
  liveSessionCheckSeconds: number;
  /** Configured secret for anti-forgery tokens; undefined: generated and kept in the database. */
  sessionSecret: string | undefined;
  /** Configured 32-byte key for secrets at rest; undefined: DATA_DIR/encryption.key. */
  encryptionKey: Buffer | undefined;
  cookieSecure: boolean;
  /** Absolute; uploaded files (identity documents) on local disk: `dataDir/uploads`. */
  uploadsDir: string;
  /** STORAGE_URL: set, identity documents live in this bucket instead of `uploadsDir`. */
  objectStorage: ObjectStorageLocation | undefined;
  quoteMaxAgeSeconds: number;
  /** Won, as a decimal string: a sale's payout from this total waits for an approval. */
  payoutApprovalMinKrw: string;
  buyRequestTtlHours: number;
  /** Undefined: the bank webhook is off. */
  bankWebhookSecret: string | undefined;
  backgroundJobs: boolean;
  /** Off: sandbox merchants are hidden from users and nobody can open sandbox accounts. */
  sandboxMerchants: boolean;
  /** Decimal string. */
  sandboxStartingBalance: string;
  sandboxAccountsPerMerchant: number;
  imageUploadsAtOnce: number;
  /** Undefined: mail is written to `mailDir` instead of sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute; `dataDir/mail`. */
  mailDir: string;
  /** Origin of the links in mail, without a trailing slash. */
  publicUrl: string;
  /** Undefined: no metrics listener (docs/OPERATIONS.md). */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Undefined: scrapes need no token (only allowed on a loopback METRICS_HOST). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from `env` (normally `process.env`; tests pass plain objects).
 * Relative paths are resolved against `cwd`. Throws `ConfigError` listing every problem.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): Config {
  // Surrounding spaces are never meaningful here, and an empty variable (`PORT=`) means "not
  // set", as in most shells' and dotenv's usage.
  const present = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = present[name];
        const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }

  const parsed = result.data;
  // A replica of the embedded database does not exist: a replica URL without a primary is a
  // half-configured server (reads from one database, writes to another).
  if (parsed.DATABASE_REPLICA_URL !== undefined && parsed.DATABASE_URL === undefined) {
    throw new ConfigError(['DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates)']);
  }
  const objectStorage = parsed.STORAGE_URL
    ? parseStorageUrl(parsed.STORAGE_URL, {
        awsRegion: present.AWS_REGION,
        production: parsed.NODE_ENV === 'production',
      })
    : undefined;
  // The value is not echoed: a URL pasted with credentials in it must not reach the log.
  if (objectStorage && 'problem' in objectStorage) {
    throw new ConfigError([`STORAGE_URL ${objectStorage.problem}`]);
  }
  const metricsProblem = metricsListenerProblem(parsed);
  if (metricsProblem) throw new ConfigError([metricsProblem]);
  const dataDir = resolve(cwd, parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    nodeEnv: parsed.NODE_ENV,
    logLevel: parsed.LOG_LEVEL,
    databaseUrl: parsed.DATABASE_URL,
    databaseReplicaUrl: parsed.DATABASE_REPLICA_URL,
    readYourWritesSeconds: parsed.READ_YOUR_WRITES_SECONDS,
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    deploymentRole: parsed.DEPLOYMENT_ROLE,
    webDistDir: parsed.WEB_DIST_DIR ? resolve(cwd, parsed.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    // Demo users have published passwords and authenticator keys (README): never seeded in
    // production unless asked for by name.
    demoData:
      parsed.DEMO_DATA ?? (parsed.DATABASE_URL === undefined && parsed.NODE_ENV !== 'production'),
    trustProxy: parsed.TRUST_PROXY,
    sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
    sessionMaxHours: parsed.SESSION_MAX_HOURS,
    stepUpSeconds: parsed.STEP_UP_SECONDS,
    liveSessionCheckSeconds: 15,
    sessionSecret: parsed.SESSION_SECRET,
    encryptionKey: parsed.ENCRYPTION_KEY,
    cookieSecure: parsed.COOKIE_SECURE ?? parsed.NODE_ENV === 'production',
    uploadsDir: resolve(dataDir, 'uploads'),
    objectStorage,
    quoteMaxAgeSeconds: parsed.QUOTE_MAX_AGE_SECONDS,
    payoutApprovalMinKrw: parsed.PAYOUT_APPROVAL_MIN_KRW,
    buyRequestTtlHours: parsed.BUY_REQUEST_TTL_HOURS,
    bankWebhookSecret: parsed.BANK_WEBHOOK_SECRET,
    backgroundJobs: parsed.BACKGROUND_JOBS,
    sandboxMerchants: parsed.SANDBOX_MERCHANTS ?? parsed.NODE_ENV !== 'production',
    sandboxStartingBalance: parsed.SANDBOX_STARTING_BALANCE,
    sandboxAccountsPerMerchant: parsed.SANDBOX_ACCOUNTS_PER_MERCHANT,
    imageUploadsAtOnce: parsed.IMAGE_UPLOADS_AT_ONCE,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    mailDir: resolve(dataDir, 'mail'),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST,
    metricsToken: parsed.METRICS_TOKEN,
  };
}

/**
 * The metrics listener answers on its own port (docs/decisions/032): never the API's, and
 * reachable beyond this machine only with a token, as its figures (deposit outcomes, request
 * rates) are the business's own.
 */
function metricsListenerProblem(parsed: {
  PORT: number;
  METRICS_PORT?: number | undefined;
  METRICS_HOST: string;
  METRICS_TOKEN?: string | undefined;
}): string | undefined {
  if (parsed.METRICS_PORT === undefined) return undefined;
  if (parsed.METRICS_PORT !== 0 && parsed.METRICS_PORT === parsed.PORT) {
    return `METRICS_PORT must differ from PORT (got "${parsed.METRICS_PORT}")`;
  }
  if (!isLoopback(parsed.METRICS_HOST) && parsed.METRICS_TOKEN === undefined) {
    return `METRICS_TOKEN must be set when METRICS_HOST is not a loopback address (got "${parsed.METRICS_HOST}")`;
  }
  return undefined;
}

/** 127.0.0.0/8, ::1 (also as ::ffff:127.x.y.z) and localhost: reachable from this machine only. */
function isLoopback(host: string): boolean {
  const value = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (value === 'localhost' || value === '::1') return true;
  const v4 = value.startsWith('::ffff:') ? value.slice('::ffff:'.length) : value;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** 32 bytes from canonical base64 (standard or URL-safe alphabet), or undefined. */
function decodeKey(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : undefined;
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      (url.pathname === '/' || url.pathname === '')
    );
  } catch {
    return false;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(raw: string): boolean | string[] | undefined {
  const value = raw.toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
