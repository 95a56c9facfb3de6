import { Hono } from "hono";
import type { AppEnv } from "../context";
import { databaseUnavailable } from "../http/on-error";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  // Any failure of the ping means the database cannot serve: 503, whatever the cause.
  await c.get("deps").database.ping().catch(() => {
    throw databaseUnavailable();
  });
  return c.json({ status: "ok" });
});
