import { Hono } from "hono";
import type { AppEnv } from "../context";
import { dashboardOverview } from "../dashboard/overview";
import { requireAuth } from "../http/middleware";

export const dashboardRoutes = new Hono<AppEnv>().get("/dashboard/overview", async (c) => {
  const { user, company } = requireAuth(c);
  const deps = c.get("deps");
  return c.json(await dashboardOverview(deps.db, user, deps.now(), company.timezone));
});
