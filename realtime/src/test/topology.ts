import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServerChild, type ChildServer } from "./child";
import { throwawayDatabase } from "./database";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The reverse proxy configuration we ship (deploy/README.md). */
export const NGINX_CONF = path.join(REPO_ROOT, "deploy/nginx.conf");

/** Debian puts nginx in /usr/sbin, which is on root's PATH but often not on other users'. */
export function findNginx(): string | null {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (!probe.error && probe.status === 0) return candidate;
  }
  return null;
}

export type TopologyPrerequisites = { nginx: string; databaseUrl: string; redisUrl: string } | { skip: string };

/**
 * What the scaled topology needs on this machine: PostgreSQL (DATABASE_URL; PGlite cannot be shared by
 * several processes), Redis (REDIS_URL) and nginx. `skip` says what is missing.
 */
export function topologyPrerequisites(config: { databaseUrl: string | undefined; redisUrl: string | undefined }): TopologyPrerequisites {
  const missing: string[] = [];
  if (!config.databaseUrl) missing.push("DATABASE_URL is not set (four processes share one PostgreSQL; CI sets postgres://postgres@127.0.0.1:5432/test)");
  if (!config.redisUrl) missing.push("REDIS_URL is not set (CI sets redis://127.0.0.1:6379)");
  const nginx = findNginx();
  if (!nginx) missing.push("nginx is not installed (apt-get install -y nginx)");
  if (missing.length > 0 || !nginx || !config.databaseUrl || !config.redisUrl) return { skip: missing.join("; ") };
  return { nginx, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl };
}

/**
 * deploy/nginx.conf with only the addresses changed: `listen` on a loopback port, and the `server`
 * lines of the `web` and `realtime` upstream blocks pointing at the given ports. Everything else
 * (routing, headers, timeouts, the /metrics rule) is the shipped file as it is.
 */
export function renderNginxConf(conf: string, ports: { listen: number; web: number[]; realtime: number[] }): string {
  const listens = conf.match(/^\s*listen\s+[^;]+;/gm) ?? [];
  if (listens.length !== 1) throw new Error(`deploy/nginx.conf: expected one listen directive, found ${listens.length}`);
  let out = conf.replace(/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${ports.listen};`);
  for (const [name, upstreamPorts] of [
    ["web", ports.web],
    ["realtime", ports.realtime],
  ] as const) {
    const block = new RegExp(`(upstream\\s+${name}\\s*\\{)([^}]*)(\\})`);
    const match = block.exec(out);
    if (!match) throw new Error(`deploy/nginx.conf: no upstream ${name} block`);
    const body = match[2]!;
    const indent = /\n(\s*)server\s/.exec(body)?.[1] ?? "        ";
    const withoutServers = body.replace(/^\s*server\s+[^;]+;\s*$/gm, "").replace(/\n{2,}/g, "\n");
    const servers = upstreamPorts.map((p) => `\n${indent}server 127.0.0.1:${p};`).join("");
    out = out.replace(block, `$1${servers}${withoutServers}$3`);
  }
  return out;
}

export interface NginxProcess {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground with a prefix directory of its own (temp files, pid) and the error
 * log on stderr: nothing under /var is written. Ready once a request through it reaches the web upstream.
 */
export async function startNginx(nginx: string, conf: string, port: number): Promise<NginxProcess> {
  const prefix = mkdtempSync(path.join(tmpdir(), "cw-nginx-"));
  // Run as root, nginx's workers switch to an unprivileged user: they must reach their temp dirs.
  chmodSync(prefix, 0o755);
  const confPath = path.join(prefix, "nginx.conf");
  writeFileSync(confPath, conf);
  // stdout (the access log, /dev/stdout) goes to /dev/null: node's stdio pipes are sockets, which
  // nginx cannot open by path. The error log stays on stderr.
  const child = spawn(nginx, ["-p", `${prefix}/`, "-c", confPath, "-e", "stderr", "-g", `daemon off; pid ${prefix}/nginx.pid;`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.on("error", (error) => (output += `\n${String(error)}`));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // SIGTERM: a fast shutdown of master and workers (SIGKILL would orphan the workers).
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`nginx exited during start-up:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, process: child, output: () => output, stop };
}

export interface TopologyOptions {
  nginx: string;
  /** The PostgreSQL server; the topology creates a throwaway database on it and drops it at close. */
  databaseUrl: string;
  redisUrl: string;
  /** SEED_DEMO on the first web process: the demo company and its users (DESIGN.md §2). Default true. */
  seedDemo?: boolean;
  webs?: number;
  realtimes?: number;
  /** LOG_LEVEL of the app processes (default warn). */
  logLevel?: string;
  /** The app processes from the server build (see ServerChildOptions.compiled). */
  compiled?: boolean;
}

export interface Topology {
  /** What clients dial: nginx on a loopback port. */
  url: string;
  /** APP_URL of the processes: the public name of the same entrance (`http://localhost:<port>`). */
  appUrl: string;
  /** The throwaway database all processes share. */
  databaseUrl: string;
  redisUrl: string;
  /** REDIS_PREFIX of this deployment: random, so parallel runs on one Redis never hear each other. */
  redisPrefix: string;
  webs: ChildServer[];
  realtimes: ChildServer[];
  nginx: NginxProcess;
  /** Output of every process so far, for failure messages. */
  output(): string;
  close(): Promise<void>;
}

/** Stops a child politely, and for good if it does not go within `ms`. */
async function stopWithin(child: ChildServer, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stopped = child.stop().then(() => true);
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const inTime = await Promise.race([stopped, late]);
  clearTimeout(timer);
  if (!inTime) await child.crash();
}

/**
 * The scaled deployment of README "Scale out" on this machine: N web processes (api/src/main.ts) and
 * M realtime processes (realtime/src/main.ts) on one PostgreSQL database and one Redis prefix, behind
 * nginx running deploy/nginx.conf. The first web process starts alone (it migrates and seeds), the
 * others then start together. Whatever started is stopped again if a later step fails.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const cleanups: (() => Promise<void>)[] = [];
  const children: ChildServer[] = [];
  let nginx: NginxProcess | undefined;
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.warn("topology clean-up:", error));
    }
  };
  // A test runner that exits without afterAll (a crash, a timeout) must not leave servers behind.
  const onExit = () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGKILL");
    if (nginx && nginx.process.exitCode === null) nginx.process.kill("SIGTERM");
  };
  process.once("exit", onExit);
  cleanups.push(async () => {
    process.off("exit", onExit);
  });

  try {
    const database = await throwawayDatabase(options.databaseUrl, "topology");
    cleanups.push(database.drop);
    if (!("url" in database.location)) throw new Error("the topology needs PostgreSQL");
    const databaseUrl = database.location.url;
    const redisPrefix = `cw-topology-${randomBytes(6).toString("hex")}:`;
    const nginxPort = await freePort();
    const appUrl = `http://localhost:${nginxPort}`;
    const env = (seedDemo: boolean): Record<string, string> => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: "true",
      APP_URL: appUrl,
      SEED_DEMO: String(seedDemo),
      LOG_LEVEL: options.logLevel ?? "warn",
    });
    const start = async (kind: "web" | "realtime", label: string, seedDemo: boolean) => {
      const child = await startServerChild({ kind, label, env: env(seedDemo), startTimeoutMs: 120_000, compiled: options.compiled });
      children.push(child);
      cleanups.push(() => stopWithin(child, 10_000));
      return child;
    };

    const webCount = options.webs ?? 2;
    const realtimeCount = options.realtimes ?? 2;
    // Migrations and the demo seed run once, in the first web process, before the others open the database.
    const first = await start("web", "web-1", options.seedDemo ?? true);
    const [otherWebs, realtimes] = await Promise.all([
      Promise.all(Array.from({ length: webCount - 1 }, (_, i) => start("web", `web-${i + 2}`, false))),
      Promise.all(Array.from({ length: realtimeCount }, (_, i) => start("realtime", `realtime-${i + 1}`, false))),
    ]);
    const webs = [first, ...otherWebs];

    const port = (child: ChildServer) => Number(new URL(child.baseUrl).port);
    const conf = renderNginxConf(readFileSync(NGINX_CONF, "utf8"), { listen: nginxPort, web: webs.map(port), realtime: realtimes.map(port) });
    nginx = await startNginx(options.nginx, conf, nginxPort);
    const started = nginx;
    cleanups.push(() => started.stop());

    return {
      url: nginx.baseUrl,
      appUrl,
      databaseUrl,
      redisUrl: options.redisUrl,
      redisPrefix,
      webs,
      realtimes,
      nginx,
      output: () =>
        [...webs.map((w, i) => [`web-${i + 1}`, w.output()]), ...realtimes.map((r, i) => [`realtime-${i + 1}`, r.output()]), ["nginx", started.output()]]
          .map(([name, text]) => `--- ${name}\n${text}`)
          .join("\n"),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The value of one series in a process's /metrics (read on the private side, not through nginx). */
export async function metricValue(server: ChildServer, series: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

export const metricPerInstance = (servers: ChildServer[], series: string) => Promise.all(servers.map((s) => metricValue(s, series)));

/**
 * Opens connections through nginx one at a time and keeps those that land on an instance not yet
 * holding one, until each of `servers` holds one: which instance took a connection is read from the
 * instances' own gauge (`series`). Round robin normally gets there without a retry; an instance
 * that never gets one fails with a message.
 */
export async function spreadOverInstances<T>(
  servers: ChildServer[],
  series: string,
  open: () => Promise<T>,
  close: (item: T) => void | Promise<void>,
): Promise<{ items: T[]; instances: number[] }> {
  const items: T[] = [];
  const instances: number[] = [];
  const waitFor = async (expected: (counts: number[]) => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const counts = await metricPerInstance(servers, series);
      if (expected(counts)) return counts;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${series}: ${counts.join(", ")})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  for (let attempt = 0; attempt < servers.length * 4 && items.length < servers.length; attempt++) {
    const before = await metricPerInstance(servers, series);
    const item = await open();
    const after = await waitFor((counts) => sum(counts) === sum(before) + 1, "the new connection to show up on an instance");
    const landed = after.findIndex((count, i) => count === before[i]! + 1);
    if (landed >= 0 && !instances.includes(landed)) {
      items.push(item);
      instances.push(landed);
      continue;
    }
    await close(item);
    await waitFor((counts) => sum(counts) === sum(before), "the extra connection to close");
  }
  if (items.length < servers.length) {
    for (const item of items) await close(item);
    throw new Error(`nginx did not spread ${series} over the ${servers.length} instances (held by instance(s) ${instances.join(", ")} only)`);
  }
  return { items, instances };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request exactly as given (the path is not normalised, unlike fetch), optionally from a
 * chosen local address: 127.0.0.2 is a client nginx sees as distinct from itself (127.0.0.1).
 */
export function rawRequest(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? "GET",
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: { ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The session cookie of a sign-in through the entrance (POST /api/auth/login), as a Cookie header value. */
export async function signIn(url: string, email: string, password: string, origin = url): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cw_session="));
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return cookie.split(";")[0]!;
}
