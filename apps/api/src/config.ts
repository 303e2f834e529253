import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  APP_TITLE,
  CURRENCIES,
  DEFAULT_APPROVAL_TIMEOUT_HOURS,
  DEFAULT_CART_HOLD_HOURS,
  DEFAULT_IMPORT_MAX_BYTES,
  DEFAULT_CURRENCY,
  DEMO_PROJECT_ID,
  isCurrencyCode,
  type CurrencyCode,
  type WebConfig,
} from '@b2b/shared';
import { DEFAULT_CACHE_LIMITS } from './lib/response-cache.js';

/*
 * The only place that reads process.env, so every setting is documented and checked in one
 * place: everything is validated once, at start-up, and a bad value stops the process with the
 * list of offending keys (docs/architecture.md, "Configuration").
 */

const MB = 1024 * 1024;

// This code runs from apps/api/src, or from apps/api/dist once built (apps/api/build.ts):
// the repository root is three levels up either way.
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const MEMORY_DB = 'memory://';

/** How the PostgreSQL pool bounds waiting (see docs/architecture.md, "Guard rails"). */
export interface PoolLimits {
  /** Connections per API process. */
  size: number;
  /** Longest wait for a free connection before the request gets a 503. */
  acquireTimeoutMs: number;
  /** Longest a statement may run before PostgreSQL cancels it (and the request gets a 503). */
  statementTimeoutMs: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = { size: 10, acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000 };

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'Must be true or false.' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
);
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR). */
const isAddressOrCidr = (value: string) => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's `trustProxy`: `true` (trust every hop: only when nothing but the proxy can reach the
 * API), or the proxies' addresses, CIDRs or range names, comma-separated. (A hop count is not
 * offered: Fastify 5 trusts no one with it, since it cannot check the immediate peer.)
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === 'true' ||
        value === 'false' ||
        value.split(',').every((part) => PROXY_RANGES.has(part.trim()) || isAddressOrCidr(part.trim())),
      'Must be true, false, or comma-separated proxy addresses, CIDRs or loopback/linklocal/uniquelocal.',
    )
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value))
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optionalString,
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// connection string.')
      .optional(),
  ),
  DATA_DIR: optionalString,
  PGLITE_DIR: optionalString,
  DATABASE_POOL_SIZE: positiveInt(DEFAULT_POOL_LIMITS.size),
  DATABASE_ACQUIRE_TIMEOUT_MS: positiveInt(DEFAULT_POOL_LIMITS.acquireTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(DEFAULT_POOL_LIMITS.statementTimeoutMs),
  FIREBASE_PROJECT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{4,40}$/, 'Must be a Firebase project id.')
      .default(DEMO_PROJECT_ID),
  ),
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, 'Must be host:port, e.g. 127.0.0.1:9099.')
      .optional(),
  ),
  FIREBASE_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  FIREBASE_APP_ID: optionalString,
  WEB_DIST_DIR: optionalString,
  CURRENCY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine(isCurrencyCode, `Must be one of ${Object.keys(CURRENCIES).join(', ')} (ISO 4217).`)
      .default(DEFAULT_CURRENCY),
  ),
  BODY_LIMIT_BYTES: positiveInt(100 * 1024),
  IMPORT_MAX_BYTES: positiveInt(DEFAULT_IMPORT_MAX_BYTES),
  BODY_TIMEOUT_MS: positiveInt(10_000),
  WRITE_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  READ_RATE_LIMIT_PER_MINUTE: positiveInt(1200),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, 'Must be a redis:// or rediss:// URL.')
      .optional(),
  ),
  TRUST_PROXY: trustProxy,
  API_DOCS: flag,
  CART_HOLD_HOURS: positiveInt(DEFAULT_CART_HOLD_HOURS),
  APPROVAL_TIMEOUT_HOURS: positiveInt(DEFAULT_APPROVAL_TIMEOUT_HOURS),
  PAYMENT_REMINDER_SWEEP_SECONDS: positiveInt(600),
  QUOTE_SWEEP_SECONDS: positiveInt(60),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/[^\s]+$/, 'Must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587.')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+$/, 'Must be the site origin, e.g. https://shop.example.com (no path).')
      .optional(),
  ),
  MAIL_RETRY_DELAY_SECONDS: positiveInt(30),
  MAIL_RETRY_LIMIT: positiveInt(10),
  JOB_POLL_SECONDS: positiveInt(2),
  JOB_MAINTENANCE_SECONDS: positiveInt(60),
  IMPORT_JOB_EXPIRE_SECONDS: positiveInt(300),
  IMPORT_REST_RATIO: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).default(10)),
  SEED_ON_EMPTY: flag,
  CATALOGUE_CACHE: flag,
  CATALOGUE_CACHE_ENTRIES: positiveInt(DEFAULT_CACHE_LIMITS.entries),
  CATALOGUE_CACHE_MB: positiveInt(DEFAULT_CACHE_LIMITS.bytes / MB),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL when set, otherwise the embedded PGlite at `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  /** Where backups of the embedded database go (DATA_DIR/backups). */
  backupsDir: string;
  /** Pool size and the bounds on waiting for PostgreSQL (PGlite has one connection and no pool). */
  pool: PoolLimits;
  firebase: {
    projectId: string;
    /** host:port of the Auth Emulator; null means a real Firebase project. */
    emulatorHost: string | null;
  };
  web: WebConfig;
  webDistDir: string;
  /** The shop's one currency (ISO 4217): every price, total, email, CSV and document is in it. */
  currency: CurrencyCode;
  bodyLimitBytes: number;
  /** The largest catalogue import file (413 above). */
  importMaxBytes: number;
  /** Longest a client may take to send a request body before it gets a 408 and the socket closes. */
  bodyTimeoutMs: number;
  /** POST/PUT/PATCH/DELETE per signed-in user (or IP) per minute. */
  writeRateLimitPerMinute: number;
  /** GET/HEAD of /api routes (health excepted) per IP per minute. */
  readRateLimitPerMinute: number;
  /** Where state shared by several API processes lives (rate limits); null keeps it in memory. */
  redisUrl: string | null;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address. */
  trustProxy: boolean | string;
  /** Serve the OpenAPI document and UI at /api/docs (default: outside production only). */
  apiDocs: boolean;
  /** How long a cart item holds its stock before the hold sweep releases it. */
  cartHoldHours: number;
  /** How long a company order above its buyer's spending limit waits for approval before it is rejected. */
  approvalTimeoutHours: number;
  /** How often each process sends the payment reminders that are due (docs/architecture.md, "Accounts"). */
  paymentReminderSweepSeconds: number;
  /** How often each process expires lapsed offers and warns of those expiring within a day (docs/architecture.md, "Quotes"). */
  quoteSweepSeconds: number;
  mail: {
    /** The SMTP server; null turns email off (the in-app inbox still works). */
    smtpUrl: string | null;
    from: string;
    /** The site's origin, for the links in emails. */
    publicUrl: string;
    /** First retry of a failed send after this many seconds, doubling each time, at most `retryLimit` times. */
    retryDelaySeconds: number;
    retryLimit: number;
  };
  /** How often an idle job worker looks for new jobs. */
  jobPollSeconds: number;
  /** How often the queue expires the jobs of dead workers (and archives old ones). */
  jobMaintenanceSeconds: number;
  /** An import job still active after this long is taken for lost with its process, and retried. */
  importJobExpireSeconds: number;
  /** After each import batch at a busy shop, the job rests this many times the batch's own time (less at a quieter one; 0: never). */
  importRestRatio: number;
  seedOnEmpty: boolean;
  /**
   * Keep answers of catalogue GETs in memory until the catalogue changes (capabilities/catalogue/cache.plugin.ts).
   * Default: on, except under NODE_ENV=test, where tests that write straight to the database opt in.
   */
  catalogueCache: boolean;
  /** Most answers the catalogue cache keeps, and most bytes of their bodies (compressed ones included). */
  catalogueCacheLimits: { entries: number; bytes: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The local data folder (DATA_DIR, default `.data`): the PGlite database in `db` (unless
 * PGLITE_DIR names another), the Auth Emulator's accounts in `auth`, backups in `backups`.
 * Shared with the scripts (npm start, backup, restore), so they find what the API uses.
 */
export function localDataDirs(env: Env = process.env) {
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR?.trim() || '.data');
  const pglite = env.PGLITE_DIR?.trim();
  return {
    dataDir,
    pgliteDir: pglite === MEMORY_DB ? MEMORY_DB : pglite ? resolve(REPO_ROOT, pglite) : join(dataDir, 'db'),
    authDir: join(dataDir, 'auth'),
    backupsDir: join(dataDir, 'backups'),
  };
}

export const EMULATOR_WARNING = 'Using the local identity emulator — not for production.';

export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const emulatorHost = e.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  const problems: string[] = [];

  // Emulator tokens are unsigned: anyone who can reach the API could forge one
  // (docs/architecture.md, "Identity"). Any value counts, even a blank one: firebase-admin
  // would see it as set. (The API then pins firebase-admin to this config: lib/firebase.ts.)
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined && e.NODE_ENV === 'production') {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST: the Auth Emulator accepts forged tokens; with NODE_ENV=production the variable must not be set at all, not even blank.',
    );
  }
  if (!emulatorHost && !e.FIREBASE_API_KEY) {
    problems.push('FIREBASE_API_KEY: required when FIREBASE_AUTH_EMULATOR_HOST is not set (real Firebase).');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const projectId = e.FIREBASE_PROJECT_ID;
  const dirs = localDataDirs({ DATA_DIR: e.DATA_DIR, PGLITE_DIR: e.PGLITE_DIR });
  const web: WebConfig = emulatorHost
    ? {
        firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
        authEmulatorUrl: `http://${emulatorHost}`,
      }
    : {
        firebase: {
          apiKey: e.FIREBASE_API_KEY ?? '',
          authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
          projectId,
          ...(e.FIREBASE_APP_ID ? { appId: e.FIREBASE_APP_ID } : {}),
        },
        authEmulatorUrl: null,
      };

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // With the emulator, stay on loopback unless the operator explicitly asks otherwise.
    host: e.HOST ?? (emulatorHost ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: e.DATABASE_URL ?? null,
    pool: {
      size: e.DATABASE_POOL_SIZE,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    pgliteDir: dirs.pgliteDir,
    backupsDir: dirs.backupsDir,
    firebase: { projectId, emulatorHost },
    web,
    webDistDir: resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    currency: e.CURRENCY as CurrencyCode,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
    readRateLimitPerMinute: e.READ_RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    cartHoldHours: e.CART_HOLD_HOURS,
    approvalTimeoutHours: e.APPROVAL_TIMEOUT_HOURS,
    paymentReminderSweepSeconds: e.PAYMENT_REMINDER_SWEEP_SECONDS,
    quoteSweepSeconds: e.QUOTE_SWEEP_SECONDS,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${APP_TITLE}" <no-reply@b2b-wholesale.localhost>`,
      publicUrl: e.PUBLIC_URL ?? `http://${e.HOST && e.HOST !== '0.0.0.0' ? e.HOST : '127.0.0.1'}:${e.PORT}`,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      retryLimit: e.MAIL_RETRY_LIMIT,
    },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    importJobExpireSeconds: e.IMPORT_JOB_EXPIRE_SECONDS,
    importRestRatio: e.IMPORT_REST_RATIO,
    seedOnEmpty: e.SEED_ON_EMPTY ?? e.NODE_ENV !== 'production',
    catalogueCache: e.CATALOGUE_CACHE ?? e.NODE_ENV !== 'test',
    catalogueCacheLimits: { entries: e.CATALOGUE_CACHE_ENTRIES, bytes: e.CATALOGUE_CACHE_MB * MB },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
