import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import { createApp } from "../app";
import type { AppDeps, AppEnv } from "../context";
import type { Database } from "../db/client";
import { createMailer } from "../email/mailer";
import { loadConfig, type Config } from "../env";
import { createLocalBus, type EventBus } from "../events/bus";
import { createRedisBus } from "../events/redis-bus";
import { createLogger, type Logger } from "../logger";
import { createTestDatabase } from "./db";

export interface TestApp {
  deps: AppDeps;
  app: Hono<AppEnv>;
  server: ServerType;
  /** http://127.0.0.1:<port> of the real server. */
  baseUrl: string;
  /** A client with its own cookie jar. */
  client(options?: ClientOptions): TestClient;
  /** Moves the test clock; every `deps.now()` reads it. */
  setNow(date: Date | null): void;
  close(): Promise<void>;
}

export interface ClientOptions {
  /** Sent as Origin on every request (browsers do; non-browser clients may not). */
  origin?: string;
  /** Client IP, via X-Forwarded-For (the test app trusts the proxy). */
  ip?: string;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestClient {
  cookies: Map<string, string>;
  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  /** Sets the session cookie directly (factories create sessions without the login route). */
  useSession(token: string): void;
}

export interface TestAppOptions {
  /**
   * Another app's database (`other.deps.database`): this app is a second instance of the same
   * deployment. Its owner closes it, so close this app first.
   */
  database?: Database;
  /** The event bus; the app closes it. Default: in-process. */
  bus?: EventBus;
  /**
   * A Redis bus on `config.redisUrl` (REDIS_URL) under this channel prefix; instances that should hear
   * each other share it, and a random one keeps parallel test files apart.
   */
  redisPrefix?: string;
}

/** A real app on a real server on port 0, over a fresh database. Close it in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const base = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", TRUST_PROXY: "true" });
  const config: Config = { ...base, seedDemo: false, webDist: undefined, ...overrides };
  const logger = createLogger(config.logLevel);
  const bus =
    options.bus ?? (options.redisPrefix === undefined ? createLocalBus() : await connectRedisBus(config, options.redisPrefix, logger));
  const database = options.database ?? (await createTestDatabase(config.databaseUrl));
  let fixedNow: Date | null = null;
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger, logBodies: config.nodeEnv === "development" }),
    bus,
    now: () => (fixedNow ? new Date(fixedNow) : new Date()),
  };
  const app = createApp(deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    deps,
    app,
    server,
    baseUrl,
    client: (options) => createClient(baseUrl, options),
    setNow(date) {
      fixedNow = date;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      deps.mailer.close();
      await deps.bus.close();
      if (!options.database) await database.close();
    },
  };
}

async function connectRedisBus(config: Config, prefix: string, logger: Logger): Promise<EventBus> {
  if (!config.redisUrl) throw new Error("createTestApp: redisPrefix needs REDIS_URL");
  const bus = createRedisBus(config.redisUrl, { channelPrefix: prefix, logger });
  if (await bus.ready(10_000)) return bus;
  await bus.close();
  throw new Error(`createTestApp: Redis at ${config.redisUrl} is not reachable`);
}

function createClient(baseUrl: string, options: ClientOptions = {}): TestClient {
  const cookies = new Map<string, string>();
  const client: TestClient = {
    cookies,
    async request(method, path, body, headers = {}) {
      const h: Record<string, string> = { ...headers };
      if (options.origin) h.origin ??= options.origin;
      if (options.ip) h["x-forwarded-for"] ??= options.ip;
      if (cookies.size > 0) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      let payload: RequestInit["body"];
      if (body instanceof FormData || typeof body === "string") payload = body;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        h["content-type"] ??= "application/json";
      }
      const res = await fetch(baseUrl + path, { method, headers: h, body: payload, redirect: "manual" });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
        if (expired || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    get: (path, headers) => client.request("GET", path, undefined, headers),
    post: (path, body, headers) => client.request("POST", path, body, headers),
    useSession(token) {
      cookies.set("cw_session", token);
    },
  };
  return client;
}
