import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "@clausewise/shared";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** Output so far (for failure messages). */
  output(): string;
  /** SIGKILL: no flush, no shutdown hook: a crash. */
  crash(): Promise<void>;
  /** SIGTERM: the clean shutdown path. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The embedded server (`pnpm start`'s process: API + /collab + /socket.io) as a child process, for
 * crash tests. `database` is a postgres URL or a PGlite data directory; `port` reuses a port (a
 * restart after a crash: clients of a killed server find its successor by themselves), otherwise a
 * free one is picked.
 */
export async function startEmbeddedChild(database: { url: string } | { dataDir: string }, options: { port?: number; compiled?: boolean } = {}): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  return startServerChild({
    kind: "embedded",
    port,
    compiled: options.compiled,
    label: "the embedded server",
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      REDIS_URL: "",
      DATABASE_URL: "url" in database ? database.url : "",
      DATA_DIR: "dataDir" in database ? database.dataDir : "./data",
    },
  });
}

/** The Procfile's processes, and the embedded one, by their entry files (relative to the repository). */
export const SERVER_ENTRIES = {
  embedded: "realtime/src/embedded.ts",
  web: "api/src/main.ts",
  realtime: "realtime/src/main.ts",
} as const;

export interface ServerChildOptions {
  /** Which process: `web` (API, Procfile `web:`), `realtime` (/collab + /socket.io, Procfile `realtime:`) or `embedded`. */
  kind: keyof typeof SERVER_ENTRIES;
  /** Environment of the child on top of the parent's; PORT/REALTIME_PORT and HOST are set here. */
  env: Record<string, string>;
  /** Listen here; a free loopback port otherwise. */
  port?: number;
  /** Name in failure messages. */
  label?: string;
  /** How long start-up may take (migrations, demo seed). */
  startTimeoutMs?: number;
  /**
   * Run the server build (`dist/server/`, made by `pnpm build:server`) as `pnpm start` does, instead
   * of the TypeScript through tsx. Benches measure the build; tests run the sources they test.
   */
  compiled?: boolean;
}

/**
 * Any of the server processes as a child on a loopback port, waited for until it answers: the web
 * and embedded processes on GET /api/health, the realtime process on GET /metrics (it has no API).
 * Not given: NODE_ENV=production, LOG_LEVEL=warn; everything else comes from `env` or the parent.
 */
export async function startServerChild(options: ServerChildOptions): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const label = options.label ?? options.kind;
  const env: Record<string, string | undefined> = {
    // The child needs the parent's PATH and the like; it reads its settings from these.
    // eslint-disable-next-line no-restricted-properties
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ...options.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    REALTIME_PORT: String(port),
  };
  const argv = [...SERVER_NODE_FLAGS, ...(options.compiled ? ["scripts/run-server.mjs", options.kind] : ["--import", "tsx", SERVER_ENTRIES[options.kind]])];
  const child = spawn(process.execPath, argv, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const readyUrl = `${baseUrl}${options.kind === "realtime" ? "/metrics" : "/api/health"}`;

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label} exited during start-up:\n${output}`);
    const ready = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`${label} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    process: child,
    output: () => output,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
