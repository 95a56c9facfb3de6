import { and, desc, eq, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { changePasswordRequest, createApiKeyRequest, secondFactorRequest } from "@clausewise/shared";
import { readDeviceCookie } from "../auth/cookies";
import { clientIp } from "../auth/request";
import { liveSessionCondition, type AuthState } from "../auth/sessions";
import { changePassword } from "../commands/settings/change-password";
import { createApiKey } from "../commands/settings/create-api-key";
import { disableTwoFactor } from "../commands/settings/disable-two-factor";
import { enableTwoFactor } from "../commands/settings/enable-two-factor";
import { regenerateRecoveryCodes } from "../commands/settings/regenerate-recovery-codes";
import { revokeApiKey } from "../commands/settings/revoke-api-key";
import { revokeOtherSessions, revokeSession } from "../commands/settings/revoke-session";
import { startTwoFactor } from "../commands/settings/start-two-factor";
import { requirePlanFeature } from "../billing/features";
import type { AppEnv } from "../context";
import { apiKeys, sessions } from "../db/schema";
import { notFound } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { authorize, canManageOwnAccount } from "../policies";
import { presentApiKey, presentSession, presentTwoFactor } from "../presenters/settings";

/**
 * Settings › Security for the signed-in person: password, two-factor sign-in, sessions, API keys. Only a browser
 * session may change them; an API key that could mint keys or turn two-factor off would outlive a
 * revocation of itself.
 */
function requireOwnSession(c: Context<AppEnv>): AuthState & { sessionId: string } {
  const auth = requireAuth(c);
  authorize(auth.sessionId !== null && canManageOwnAccount(auth.user, auth.user), "Security settings can only be changed from a signed-in browser session, not with an API key.");
  return auth as AuthState & { sessionId: string };
}

/** Session ids are sha256 hex; anything else cannot name a session. */
function sessionPathId(c: Context<AppEnv>): string {
  const value = c.req.param("id") ?? "";
  if (!/^[0-9a-f]{64}$/.test(value)) throw notFound("Session not found.");
  return value;
}

export const securityRoutes = new Hono<AppEnv>()
  .post("/settings/password", async (c) => {
    const { user, sessionId } = requireOwnSession(c);
    const body = await jsonBody(c, changePasswordRequest);
    const deps = c.get("deps");
    await changePassword(deps, { actor: user, currentSessionId: sessionId, ip: clientIp(c, deps.config), device: readDeviceCookie(c), ...body });
    return c.body(null, 204);
  })
  .get("/settings/security/two-factor", (c) => {
    const { user } = requireOwnSession(c);
    return c.json(presentTwoFactor(user));
  })
  .post("/settings/security/two-factor/setup", async (c) => {
    const { user } = requireOwnSession(c);
    return c.json(await startTwoFactor(c.get("deps"), { actor: user }));
  })
  .post("/settings/security/two-factor/enable", async (c) => {
    const { user } = requireOwnSession(c);
    const { code } = await jsonBody(c, secondFactorRequest);
    return c.json({ recoveryCodes: await enableTwoFactor(c.get("deps"), { actor: user, code }) });
  })
  .post("/settings/security/two-factor/disable", async (c) => {
    const { user } = requireOwnSession(c);
    const { code } = await jsonBody(c, secondFactorRequest);
    const deps = c.get("deps");
    await disableTwoFactor(deps, { actor: user, code, ip: clientIp(c, deps.config) });
    return c.body(null, 204);
  })
  .post("/settings/security/two-factor/recovery-codes", async (c) => {
    const { user } = requireOwnSession(c);
    const { code } = await jsonBody(c, secondFactorRequest);
    const deps = c.get("deps");
    return c.json({ recoveryCodes: await regenerateRecoveryCodes(deps, { actor: user, code, ip: clientIp(c, deps.config) }) });
  })
  .get("/settings/security/sessions", async (c) => {
    const { user, sessionId } = requireOwnSession(c);
    const { db, now, config } = c.get("deps");
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), liveSessionCondition(now(), config.sessions), eq(sessions.pendingSecondFactor, false)))
      .orderBy(desc(sessions.lastSeenAt));
    return c.json(rows.map((row) => presentSession(row, sessionId)));
  })
  .delete("/settings/security/sessions/:id", async (c) => {
    const { user } = requireOwnSession(c);
    await revokeSession(c.get("deps"), { actor: user, sessionId: sessionPathId(c) });
    return c.body(null, 204);
  })
  .delete("/settings/security/sessions", async (c) => {
    const { user, sessionId } = requireOwnSession(c);
    return c.json({ revoked: await revokeOtherSessions(c.get("deps"), { actor: user, currentSessionId: sessionId }) });
  })
  .get("/settings/security/api-keys", async (c) => {
    const { user } = requireOwnSession(c);
    const rows = await c
      .get("deps")
      .db.select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), eq(apiKeys.companyId, user.companyId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
    return c.json(rows.map(presentApiKey));
  })
  .post("/settings/security/api-keys", async (c) => {
    const { user, company } = requireOwnSession(c);
    const { name, scope } = await jsonBody(c, createApiKeyRequest);
    requirePlanFeature(company, "apiAccess");
    const { row, key } = await createApiKey(c.get("deps"), { actor: user, name, scope });
    return c.json({ apiKey: presentApiKey(row), key }, 201);
  })
  .delete("/settings/security/api-keys/:id", async (c) => {
    const { user } = requireOwnSession(c);
    await revokeApiKey(c.get("deps"), { actor: user, keyId: pathId(c, "id", () => notFound("API key not found.")) });
    return c.body(null, 204);
  });
