import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../context";

/** Serves the built web app and falls back to index.html for client-side routes. */
export function mountWeb(app: Hono<AppEnv>, webDist: string): void {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, "utf8");
  const relativeRoot = path.relative(process.cwd(), root) || ".";
  app.use("/assets/*", async (c, next) => {
    c.header("cache-control", "public, max-age=31536000, immutable");
    await next();
  });
  app.use("*", serveStatic({ root: relativeRoot }));
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
}
