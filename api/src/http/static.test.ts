import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

/** A stand-in for web/dist: the shell, a hashed asset, the service worker and the manifest. */
const dist = mkdtempSync(path.join(tmpdir(), "cw-dist-"));
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>ClauseWise</title>");
writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
writeFileSync(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "ClauseWise" }));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1);");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
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
    const asset = await t.client().get("/assets/index-abc123.js");
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
