import { Hono } from "hono";
import { CONTRACT_MESSAGES, retentionSettings } from "@clausewise/shared";
import { retentionDaysOf, setRetentionDays } from "../commands/contracts/retention";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize, canEditCompanySettings, canViewCompanySettings } from "../policies";

/**
 * Settings › Company: "Erase contracts N days after approval" (issue 12). Every member may read it
 * (it says how long their work is kept); only admins change it. The tenant is the session's.
 */
export const retentionRoutes = new Hono<AppEnv>()
  .get("/settings/retention", async (c) => {
    const { user, company } = requireAuth(c);
    authorize(canViewCompanySettings(user, company));
    return c.json({ retentionDays: await retentionDaysOf(c.get("deps").db, company.id) });
  })
  .patch("/settings/retention", async (c) => {
    const { user, company } = requireAuth(c);
    const { retentionDays } = await jsonBody(c, retentionSettings);
    authorize(canEditCompanySettings(user, company), CONTRACT_MESSAGES.retentionAdminOnly);
    return c.json({ retentionDays: await setRetentionDays(c.get("deps"), { actor: user, retentionDays }) });
  });
