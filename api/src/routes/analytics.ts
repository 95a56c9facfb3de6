import { Hono, type Context } from "hono";
import { ANALYTICS_MESSAGES, analyticsQuery } from "@clausewise/shared";
import { analyticsDashboard } from "../analytics/dashboard";
import { isPlatformAdmin } from "../auth/platform-admin";
import { requirePlanFeature } from "../billing/features";
import type { AppEnv } from "../context";
import { fromZodError } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { authorize, canViewAnalytics } from "../policies";
import { keyAccess } from "../http/key-access";

/** Validate the period → authorize (the dashboard reads only the caller's company) → compute. */
async function dashboard(c: Context<AppEnv>, rawPeriod: string | undefined) {
  const { user, company } = requireAuth(c);
  const parsed = analyticsQuery.safeParse({ period: rawPeriod });
  if (!parsed.success) throw fromZodError(parsed.error);
  authorize(canViewAnalytics(user, { id: user.companyId }), ANALYTICS_MESSAGES.accessRestricted);
  requirePlanFeature(company, "analytics");
  const deps = c.get("deps");
  const platformScope = isPlatformAdmin(user, deps.config) ? "platform" : "company";
  return c.json(await analyticsDashboard(deps.db, { companyId: user.companyId, period: parsed.data.period, now: deps.now(), platformScope }));
}

/**
 * Spec §7: GET /api/analytics with the period (7d, 30d, 90d, 1y; default 30d). The spec does not say
 * whether the period is a query value or a path segment, so both are answered.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get("/analytics", keyAccess("read"), (c) => dashboard(c, c.req.query("period")))
  .get("/analytics/:period", keyAccess("read"), (c) => dashboard(c, c.req.param("period")));
