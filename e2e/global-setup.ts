import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { SERVER_NODE_FLAGS } from "@clausewise/shared";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${logs.join("")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy:\n${logs.join("")}`);
}

/**
 * Starts the real product (one process, as `pnpm start` does) on a free port, over a fresh
 * database with the demo data: a temporary PGlite directory, or a throwaway PostgreSQL database
 * when DATABASE_URL is set.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    if (process.env.CI) throw new Error(`Chromium not found at ${chromium}; CI installs it with apt-get install -y chromium.`);
    console.warn(`\n[e2e] Skipping browser journeys: Chromium not found at ${chromium} (apt-get install -y chromium).\n`);
    process.env.E2E_SKIP = "Chromium is not installed (apt-get install -y chromium)";
    return async () => {};
  }
  if (!existsSync(path.join(root, "web/dist/index.html"))) throw new Error("web/dist is missing: run `pnpm build` first (pnpm test:e2e does).");

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "cw-e2e-"));
  // A platform operator for the Billing Administration journey: an address outside the demo
  // company, which that journey signs up itself (the demo has no operator).
  process.env.E2E_OPERATOR_EMAIL ??= "operator@platform-ops.test";
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    // Development: mailed links are written to the server log only there (api/src/email/mailer.ts),
    // and the journeys follow them from the log (fixtures.ts latestMailLink).
    NODE_ENV: "development",
    PLATFORM_ADMIN_EMAILS: [process.env.PLATFORM_ADMIN_EMAILS, process.env.E2E_OPERATOR_EMAIL].filter(Boolean).join(","),
  };

  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `cw_e2e_${process.pid}_${Date.now()}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const dropper = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
  }

  const logs: string[] = [];
  // The server as `pnpm start` runs it: the server build (test:e2e builds first), not tsx.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "../scripts/run-server.mjs", "embedded"], { cwd: path.join(root, "realtime"), env, stdio: ["ignore", "pipe", "pipe"] });
  // The server's log is where the embedded default delivers e-mail (no SMTP_URL): journeys read links from it.
  const logFile = path.join(dataDir, "server.log");
  const logStream = createWriteStream(logFile);
  child.stdout?.pipe(logStream);
  child.stdout?.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => logs.push(d.toString()));
  await waitForHealth(baseUrl, child, logs);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    logStream.end();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
