import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKnowledgeBase } from "../support/articles";
import { createTestApp, type TestApp } from "../test/app";
import { preferredEncoding } from "./compress";

/** One GET with exactly these headers, the body as the bytes that crossed the wire. */
function rawGet(baseUrl: string, pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    const req = request(new URL(pathname, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const INDEX = `<!doctype html><html><head><title>ClauseWise</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify("contract ".repeat(2000))};`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  // A build as web/vite.config.ts writes it: each text file with its .br and .gz beside it.
  dist = mkdtempSync(path.join(tmpdir(), "cw-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, "assets/app-abc123.js"), SCRIPT);
  writeFileSync(path.join(dist, "assets/app-abc123.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, "assets/app-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "ClauseWise" }));
  t = await createTestApp({ webDist: dist });
  await seedKnowledgeBase(t.deps.db);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("compression of what the server sends", () => {
  it("serves the build's Brotli or gzip copy of a script, as the browser accepts, and the plain file otherwise", async () => {
    const br = await rawGet(t.baseUrl, "/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gz = await rawGet(t.baseUrl, "/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    const plain = await rawGet(t.baseUrl, "/assets/app-abc123.js", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);
  });

  it("compresses the app's page for every client-side route, and never for a client that refuses it", async () => {
    const page = await rawGet(t.baseUrl, "/contracts/some-id", { "accept-encoding": "br;q=1, gzip;q=0.5" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.bytes).toString()).toBe(INDEX);

    const refused = await rawGet(t.baseUrl, "/team", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.bytes.toString()).toBe(INDEX);
  });

  it("gzips JSON answers over 1 KB and leaves small ones as they are", async () => {
    const plain = await rawGet(t.baseUrl, "/api/support/knowledge-base", {});
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const zipped = await rawGet(t.baseUrl, "/api/support/knowledge-base", { "accept-encoding": "gzip, br" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const articles = JSON.parse(gunzipSync(zipped.bytes).toString()) as unknown[];
    expect(articles).toEqual(JSON.parse(plain.bytes.toString()));

    const small = await rawGet(t.baseUrl, "/api/health", { "accept-encoding": "gzip" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toBeTruthy();
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["BR;Q=0.5", "br"],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("serving the installable web app (issue 17)", () => {
  it("serves the service worker as JavaScript that is revalidated on every visit", async () => {
    const res = await t.client().get("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    // The CSP lets the page register it and read the manifest.
    expect(res.headers.get("content-security-policy")).toContain("worker-src 'self'");
  });

  it("serves the manifest with its media type, revalidated on every visit", async () => {
    const res = await t.client().get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("manifest-src 'self'");
  });

  it("keeps hashed assets immutable and the shell revalidated", async () => {
    const asset = await t.client().get("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const shell of ["/", "/contracts/some-id"]) {
      const res = await t.client().get(shell);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers a missing file under /api/ as the API's 404, not the shell", async () => {
    const res = await t.client().get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/json/);
  });
});
