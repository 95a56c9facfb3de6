import { Hono } from "hono";
import { APPROVAL_SETTINGS_MESSAGES, approvalSettings, companyUpdateRequest, profileUpdateRequest, SETTINGS_MESSAGES } from "@clausewise/shared";
import { approvalSettingsOf, setApprovalSettings } from "../commands/settings/approval-settings";
import { clientIp } from "../auth/request";
import { deleteAccount } from "../commands/settings/delete-account";
import { loadUserSettings } from "../commands/settings/load-settings";
import { updateCompany } from "../commands/settings/update-company";
import { updateProfile } from "../commands/settings/update-profile";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize, canEditCompanySettings, canManageOwnAccount, canViewCompanySettings } from "../policies";
import { presentSettings } from "../presenters/settings";

/**
 * Settings › Profile, Company and Danger Zone (Notifications are routes/notification-preferences.ts) (billing-team-admin §2, §7).
 * Everything is the caller's own user or company, so there is no foreign row to load: the tenant is
 * the session's. The AI switch lives in routes/analysis.ts.
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", async (c) => {
    const { user, company } = requireAuth(c);
    authorize(canViewCompanySettings(user, company));
    return c.json(presentSettings(user, company, await loadUserSettings(c.get("deps").db, user.id)));
  })
  .patch("/settings/profile", async (c) => {
    const { user, company } = requireAuth(c);
    const profile = await jsonBody(c, profileUpdateRequest);
    authorize(canManageOwnAccount(user, user));
    const deps = c.get("deps");
    const updated = await updateProfile(deps, { actor: user, company, profile, ip: clientIp(c, deps.config) });
    return c.json(presentSettings(updated, company, await loadUserSettings(deps.db, user.id)));
  })
  .patch("/settings/company", async (c) => {
    const { user, company } = requireAuth(c);
    const settings = await jsonBody(c, companyUpdateRequest);
    authorize(canEditCompanySettings(user, company), SETTINGS_MESSAGES.companyAdminOnly);
    const deps = c.get("deps");
    const updated = await updateCompany(deps, { actor: user, company, settings });
    return c.json(presentSettings(user, updated, await loadUserSettings(deps.db, user.id)));
  })
  // Separation of duties (issue 17): may one person clear the whole approval pipeline alone?
  .get("/settings/approvals", async (c) => {
    const { user, company } = requireAuth(c);
    authorize(canViewCompanySettings(user, company));
    return c.json(await approvalSettingsOf(c.get("deps"), company.id));
  })
  .patch("/settings/approvals", async (c) => {
    const { user, company } = requireAuth(c);
    const settings = await jsonBody(c, approvalSettings);
    authorize(canEditCompanySettings(user, company), APPROVAL_SETTINGS_MESSAGES.adminOnly);
    return c.json(await setApprovalSettings(c.get("deps"), { actor: user, settings }));
  })
  .delete("/settings/account", async (c) => {
    const auth = requireAuth(c);
    // Deleting the account is a signed-in person's decision, not something an API key may do.
    authorize(auth.apiKeyId === null && canManageOwnAccount(auth.user, auth.user), "Sign in to the web app to delete your account.");
    await deleteAccount(c.get("deps"), { actor: auth.user });
    return c.body(null, 204);
  });
