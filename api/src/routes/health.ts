import { Hono } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../http/errors";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  try {
    await c.get("deps").database.ping();
  } catch {
    throw new AppError("unavailable", "The database is not answering. Please try again shortly.");
  }
  return c.json({ status: "ok" });
});
