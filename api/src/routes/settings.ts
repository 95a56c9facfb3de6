import { Hono } from "hono";
import { APPROVAL_SETTINGS_MESSAGES, approvalSettings, companyUpdateRequest, legacyNotificationSettingsRequest, profileUpdateRequest, SETTINGS_MESSAGES } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../auth/sessions";
import { approvalSettingsOf, setApprovalSettings } from "../commands/settings/approval-settings";
import { clientIp } from "../auth/request";
import { deleteAccount } from "../commands/settings/delete-account";
import { loadUserSettings } from "../commands/settings/load-settings";
import { updateCompany } from "../commands/settings/update-company";
import { updateProfile } from "../commands/settings/update-profile";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize, canEditCompanySettings, canManageOwnAccount, canViewCompanySettings } from "../policies";
import { applyLegacyNotificationSettings } from "../notifications/legacy";
import { preferencesOf, savePreferences } from "../notifications/preferences";
import { presentSettings } from "../presenters/settings";

async function settingsOf(db: Db, user: UserRow, company: CompanyRow) {
  const prefs = (await preferencesOf(db, [user.id])).get(user.id)!;
  return presentSettings(user, company, await loadUserSettings(db, user.id), prefs);
}

/**
 * Settings › Profile, Company, the legacy notification fields (written onto the one preferences
 * record of routes/notification-preferences.ts) and Danger Zone (billing-team-admin §2, §7).
 * Everything is the caller's own user or company, so there is no foreign row to load: the tenant is
 * the session's. The AI switch lives in routes/analysis.ts.
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", async (c) => {
    const { user, company } = requireAuth(c);
    authorize(canViewCompanySettings(user, company));
    return c.json(await settingsOf(c.get("deps").db, user, company));
  })
  .patch("/settings/profile", async (c) => {
    const { user, company } = requireAuth(c);
    const profile = await jsonBody(c, profileUpdateRequest);
    authorize(canManageOwnAccount(user, user));
    const deps = c.get("deps");
    const updated = await updateProfile(deps, { actor: user, company, profile, ip: clientIp(c, deps.config) });
    return c.json(await settingsOf(deps.db, updated, company));
  })
  .patch("/settings/company", async (c) => {
    const { user, company } = requireAuth(c);
    const settings = await jsonBody(c, companyUpdateRequest);
    authorize(canEditCompanySettings(user, company), SETTINGS_MESSAGES.companyAdminOnly);
    const deps = c.get("deps");
    const updated = await updateCompany(deps, { actor: user, company, settings });
    return c.json(await settingsOf(deps.db, user, updated));
  })
  .patch("/settings/notifications", async (c) => {
    const { user, company } = requireAuth(c);
    const legacy = await jsonBody(c, legacyNotificationSettingsRequest);
    authorize(canManageOwnAccount(user, user));
    const deps = c.get("deps");
    const prefs = (await preferencesOf(deps.db, [user.id])).get(user.id)!;
    await savePreferences(deps.db, user.id, applyLegacyNotificationSettings(prefs, legacy), deps.now());
    return c.json(await settingsOf(deps.db, user, company));
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
