import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { buildServer, SERVER_BUNDLES } from "../../../scripts/build-server.mjs";
import { freePort } from "./child";

// The server build (scripts/build-server.mjs) is what `pnpm start` and the Procfile run: plain
// JavaScript, no TypeScript loader in any process or thread. Built here into a directory of the
// test's own (dist/server may be in use by a running server).
const outdir = mkdtempSync(path.join(tmpdir(), "cw-server-build-"));
const bundle = (name: keyof typeof SERVER_BUNDLES) => path.join(outdir, `${name}.js`);

beforeAll(async () => {
  await buildServer({ outdir });
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** A worker thread on a bundle, with no loader flags of this process: it must load as plain JavaScript. */
function bundleWorker(name: keyof typeof SERVER_BUNDLES): Worker {
  return new Worker(pathToFileURL(bundle(name)), { execArgv: [] });
}

function nextMessage<T>(worker: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

describe("the server build", () => {
  it("imports no TypeScript, and every file it imports is there", () => {
    for (const name of Object.keys(SERVER_BUNDLES) as (keyof typeof SERVER_BUNDLES)[]) {
      const code = readFileSync(bundle(name), "utf8");
      const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]!);
      expect(specifiers.filter((s) => /\.(ts|tsx|mts)$/.test(s)), name).toEqual([]);
      for (const specifier of specifiers) expect(existsSync(path.resolve(outdir, specifier)), `${name} imports ${specifier}`).toBe(true);
      // The server processes start their workers from the bundles (api/src/compiled.ts swapped by the build).
      if (name === "embedded" || name === "web" || name === "realtime") expect(code).toContain('new URL("./" + name + ".js", import.meta.url)');
    }
  });

  it("runs the analysis worker as plain JavaScript: it reads the clause model beside its source and analyses", async () => {
    const worker = bundleWorker("cpu-worker");
    try {
      expect(await nextMessage<{ ready: boolean }>(worker)).toEqual({ ready: true });
      const text = "1. Limitation of Liability. The Contractor's total liability under this Agreement shall not exceed the Contract Price.\n\n2. Governing Law. This Agreement is governed by the laws of the Province of Ontario.";
      worker.postMessage({ id: 1, task: { op: "analyzeContract", text, options: {} } });
      const reply = await nextMessage<{ id: number; ok: boolean; result: { clauses: { code: string }[] } }>(worker);
      expect(reply.ok).toBe(true);
      expect(reply.result.clauses.map((c) => c.code)).toEqual(expect.arrayContaining(["limitation_of_liability", "governing_law"]));
    } finally {
      await worker.terminate();
    }
  });

  it("runs the compaction and extraction workers as plain JavaScript", async () => {
    const merge = bundleWorker("merge-worker");
    try {
      const doc = new Y.Doc();
      const updates: Uint8Array[] = [];
      doc.on("update", (u: Uint8Array) => updates.push(u));
      doc.getText("t").insert(0, "hello");
      doc.getText("t").insert(5, " world");
      merge.postMessage({ id: 7, state: new Uint8Array([0, 0]), updates });
      const reply = await nextMessage<{ id: number; ok: boolean; merged: Uint8Array }>(merge);
      expect(reply).toMatchObject({ id: 7, ok: true });
      const merged = new Y.Doc();
      Y.applyUpdate(merged, reply.merged);
      expect(merged.getText("t").toString()).toBe("hello world");
    } finally {
      await merge.terminate();
    }
    const extract = bundleWorker("extract-worker");
    try {
      expect(await nextMessage<{ ready: boolean }>(extract)).toEqual({ ready: true });
    } finally {
      await extract.terminate();
    }
  });

  it("starts the embedded server on a new PGlite directory, serves the API, and stops cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cw-server-build-data-"));
    const port = await freePort();
    const child = spawn(process.execPath, [bundle("embedded")], {
      env: {
        // eslint-disable-next-line no-restricted-properties
        PATH: process.env.PATH,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: "false",
        DATA_DIR: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      let health: Response | null = null;
      for (let i = 0; i < 600 && child.exitCode === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.ok, output).toBe(true);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "nobody@example.test", password: "wrong-password" }) });
      expect(login.status).toBe(401);
      expect(await login.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      child.kill("SIGTERM");
      expect(await exited, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
