import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../context";
import { preferredEncoding, type Encoding } from "./compress";

/** Files of the installable app that the browser must revalidate each time (issue 17). */
const NO_CACHE_FILES = new Set(["/sw.js", "/manifest.webmanifest", "/index.html", "/"]);

/**
 * Serves the built web app and falls back to index.html for client-side routes. The build writes a
 * Brotli and a gzip copy beside each text file (web/vite.config.ts), served as they are to browsers
 * that accept them; index.html is compressed once here, at start-up.
 */
export function mountWeb(app: Hono<AppEnv>, webDist: string): void {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile);
  const indexBy: Record<Encoding, Buffer> = { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml, { level: 9 }) };
  const relativeRoot = path.relative(process.cwd(), root) || ".";
  app.use("/assets/*", async (c, next) => {
    c.header("cache-control", "public, max-age=31536000, immutable");
    await next();
  });
  // The service worker and the manifest must be re-checked on every visit, so a new build reaches
  // installed apps at once (a cached sw.js would keep serving the old shell).
  app.use("*", async (c, next) => {
    await next();
    if (NO_CACHE_FILES.has(c.req.path) && c.res.ok) c.header("cache-control", "no-cache");
  });
  app.use("*", serveStatic({ root: relativeRoot, precompressed: true }));
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("cache-control", "no-cache");
    c.header("content-type", "text/html; charset=UTF-8");
    c.header("vary", "Accept-Encoding");
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    if (!encoding) return c.body(new Uint8Array(indexHtml));
    c.header("content-encoding", encoding);
    return c.body(new Uint8Array(indexBy[encoding]));
  });
}
