import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { SESSION_DEFAULTS } from "@clausewise/shared";

/** Relative paths in the environment are relative to the repository root, whichever package runs. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fromRoot = (p: string) => (p === "memory://" ? p : path.resolve(REPO_ROOT, p));

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const list = z
  .string()
  .optional()
  .transform((v) => (v ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean));

/** A positive number of `unit`s, read in milliseconds; blank means the default. */
const duration = (unitMs: number, fallbackMs: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallbackMs;
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: "must be a positive number" });
        return z.NEVER;
      }
      return Math.round(n * unitMs);
    });
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "a size such as 16MB")
    .optional(),
  PGLITE_THREAD: bool(true),
  /** Tests only: each test file's in-memory PGlite through the worker thread too (api/src/test/db.ts). */
  TEST_PGLITE_THREAD: bool(false),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  REDIS_PREFIX: optionalString,
  SEED_DEMO: bool(true),
  WEB_DIST: optionalString,
  ALLOWED_ORIGINS: list,
  TRUST_PROXY: bool(false),
  SESSION_IDLE_MINUTES: duration(MINUTE_MS, SESSION_DEFAULTS.idleMs),
  SESSION_MAX_HOURS: duration(HOUR_MS, SESSION_DEFAULTS.maxMs),
  SESSION_REMEMBER_IDLE_DAYS: duration(DAY_MS, SESSION_DEFAULTS.rememberIdleMs),
  SESSION_REMEMBER_DAYS: duration(DAY_MS, SESSION_DEFAULTS.rememberMaxMs),
  /** How long an active session may be answered from memory (auth/session-cache.ts); 0 turns it off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How long a company-wide list answer may be served from memory (http/answer-cache.ts); 0 turns it off. */
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  METRICS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("ClauseWise <no-reply@clausewise.local>"),
  SUPPORT_EMAIL: z.string().default("support@clausewise.local"),
  PLATFORM_ADMIN_EMAILS: list,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  AI_MODEL: z.string().default("gpt-4o-mini"),
  /** The supplier on invoices and receipts: legal name, postal address (lines split on "|") and GST/HST registration number. */
  SUPPLIER_LEGAL_NAME: optionalString,
  SUPPLIER_ADDRESS: optionalString,
  SUPPLIER_GST_NUMBER: optionalString.refine((v) => v === undefined || /^\d{9}\s?RT\s?\d{4}$/i.test(v), {
    message: "must be a GST/HST registration number: 9 digits, RT and 4 digits (123456789 RT0001)",
  }),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: optionalString,
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_PROFESSIONAL: optionalString,
  STRIPE_PRICE_ENTERPRISE: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
});

export type RawEnv = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Public origin used in e-mail links; defaults to http://localhost:PORT. */
  appUrl: string;
  dataDir: string;
  /** PGlite's shared_buffers ("16MB"); undefined: the default in db/client.ts. */
  pgliteSharedBuffers: string | undefined;
  /** PGlite in a worker thread of its own (db/pglite-thread.ts); PGLITE_THREAD=false runs it on the event loop. */
  pgliteThread: boolean;
  /** Tests: open the test files' in-memory PGlite in the worker thread as well (TEST_PGLITE_THREAD). */
  testPgliteThread: boolean;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis channels (default `clausewise:`); deployments sharing one Redis pick different ones. */
  redisPrefix?: string | undefined;
  seedDemo: boolean;
  webDist: string | undefined;
  /** Origins besides the request's own host that may send cookie-authenticated requests. */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Session lifetimes in ms: idle timeout and absolute lifetime, and both again for "Remember me". */
  sessions: SessionPolicy;
  /**
   * Milliseconds an active session is answered from this process' memory (auth/session-cache.ts).
   * Default 3 s; 0 under NODE_ENV=test, where tests change rows directly in the database.
   */
  sessionCacheMs: number;
  /** Milliseconds a company-wide list answer is served from memory (http/answer-cache.ts); same defaults. */
  answerCacheMs: number;
  /** Bearer token GET /metrics requires; without one, /metrics answers only loopback callers. */
  metricsToken: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  platformAdminEmails: string[];
  openai: { apiKey: string; baseUrl: string | undefined; model: string } | undefined;
  /** The supplier printed on invoices and receipts (SUPPLIER_LEGAL_NAME, SUPPLIER_ADDRESS, SUPPLIER_GST_NUMBER). */
  supplier: { legalName: string | null; addressLines: string[]; gstNumber: string | null };
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        publishableKey: string | undefined;
        apiBase: string | undefined;
        /** Stripe Price ids (monthly, recurring) per plan id. */
        prices?: { starter?: string | undefined; professional?: string | undefined; enterprise?: string | undefined };
      }
    | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
}

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  rememberIdleMs: number;
  rememberMaxMs: number;
}

export function parseEnv(raw: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: fromRoot(e.DATA_DIR),
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteThread: e.PGLITE_THREAD,
    testPgliteThread: e.TEST_PGLITE_THREAD,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? fromRoot(e.WEB_DIST) : undefined,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    sessions: {
      idleMs: e.SESSION_IDLE_MINUTES,
      maxMs: e.SESSION_MAX_HOURS,
      // A remembered session is never shorter than an ordinary one, whatever the settings say.
      rememberIdleMs: Math.max(e.SESSION_REMEMBER_IDLE_DAYS, e.SESSION_IDLE_MINUTES),
      rememberMaxMs: Math.max(e.SESSION_REMEMBER_DAYS, e.SESSION_MAX_HOURS),
    },
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === "test" ? 0 : 3000),
    answerCacheMs: e.ANSWER_CACHE_MS ?? (e.NODE_ENV === "test" ? 0 : 3000),
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    platformAdminEmails: e.PLATFORM_ADMIN_EMAILS,
    openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.AI_MODEL } : undefined,
    supplier: {
      legalName: e.SUPPLIER_LEGAL_NAME ?? null,
      addressLines: (e.SUPPLIER_ADDRESS ?? "").split("|").map((line) => line.trim()).filter(Boolean),
      gstNumber: e.SUPPLIER_GST_NUMBER ? e.SUPPLIER_GST_NUMBER.replace(/\s+/g, "").replace(/^(\d{9})RT/i, "$1 RT") : null,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          apiBase: e.STRIPE_API_BASE,
          prices: { starter: e.STRIPE_PRICE_STARTER, professional: e.STRIPE_PRICE_PROFESSIONAL, enterprise: e.STRIPE_PRICE_ENTERPRISE },
        }
      : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
  };
}

/** The process environment, parsed once. The only reader of process.env in this package. */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  return parseEnv({ ...process.env, ...overrides });
}
