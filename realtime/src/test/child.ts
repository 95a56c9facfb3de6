import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
 * crash tests. `database` is a postgres URL or a PGlite data directory.
 */
export async function startEmbeddedChild(database: { url: string } | { dataDir: string }): Promise<ChildServer> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    // The child needs the parent's PATH and the like; it reads its settings from these.
    // eslint-disable-next-line no-restricted-properties
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    REDIS_URL: "",
    DATABASE_URL: "url" in database ? database.url : "",
    DATA_DIR: "dataDir" in database ? database.dataDir : "./data",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "realtime/src/embedded.ts"], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the embedded server exited during start-up:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the embedded server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    process: child,
    output: () => output,
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
