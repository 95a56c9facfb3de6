import { Hono, type Context } from "hono";
import {
  emailChangeTokenRequest,
  loginRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  secondFactorRequest,
  signupRequest,
  verifyEmailRequest,
  type LoginResponse,
} from "@clausewise/shared";
import { clearSessionCookie, readDeviceCookie, readSessionCookie, setDeviceCookie, setSessionCookie } from "../auth/cookies";
import { loadAuthConfig } from "../auth/demo";
import { safeNextPath } from "../auth/redirect";
import { clientIp, userAgent } from "../auth/request";
import { consumeLimit, throttles } from "../auth/throttle";
import { randomToken } from "../auth/tokens";
import { confirmEmailChange, undoEmailChange } from "../commands/auth/email-change";
import { login } from "../commands/auth/login";
import { logout } from "../commands/auth/logout";
import { resendVerification } from "../commands/auth/resend-verification";
import { signup } from "../commands/auth/signup";
import { verifyEmail } from "../commands/auth/verify-email";
import { requestPasswordReset, resetPassword } from "../commands/auth/password-reset";
import { completeSecondFactor } from "../commands/settings/complete-second-factor";
import type { AppEnv } from "../context";
import { unauthorized } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { presentCurrentUser, presentVerifiedUser } from "../presenters/user";
import { keyAccess } from "../http/key-access";

function sessionMeta(c: Context<AppEnv>) {
  return { ip: clientIp(c, c.get("deps").config), userAgent: userAgent(c), previousSessionToken: readSessionCookie(c) };
}

async function endSession(c: Context<AppEnv>): Promise<void> {
  await logout(c.get("deps"), { sessionToken: readSessionCookie(c), auth: c.get("auth") });
  clearSessionCookie(c);
}

export const authRoutes = new Hono<AppEnv>()
  .post("/auth/signup", async (c) => {
    const input = await jsonBody(c, signupRequest);
    const deps = c.get("deps");
    await consumeLimit(deps.db, throttles.signupPerIp, clientIp(c, deps.config), deps.now());
    const result = await signup(deps, input, sessionMeta(c));
    setSessionCookie(c, result.sessionToken);
    return c.json({ user: presentCurrentUser(result.user, result.company, deps.config) }, 201);
  })
  .post("/auth/login", async (c) => {
    const input = await jsonBody(c, loginRequest);
    const deps = c.get("deps");
    // The browser's device cookie, or a new one: after this sign-in the device is known to the account.
    const device = readDeviceCookie(c) ?? randomToken();
    const result = await login(deps, input, { ...sessionMeta(c), device });
    setDeviceCookie(c, device);
    setSessionCookie(c, result.sessionToken, input.remember);
    // Before the second factor, nothing about the account: only that a code is owed.
    if (result.pendingSecondFactor) return c.json({ secondFactorRequired: true } satisfies LoginResponse);
    return c.json({ user: presentCurrentUser(result.user, result.company, deps.config) } satisfies LoginResponse);
  })
  // Sign-in step two when two-factor is on: the session the password opened still owes this code.
  .post("/auth/second-factor", async (c) => {
    const auth = c.get("auth");
    const sessionToken = readSessionCookie(c);
    if (!auth || !auth.pendingSecondFactor || !sessionToken) throw unauthorized("Your sign-in has expired. Please sign in again.");
    const { code } = await jsonBody(c, secondFactorRequest);
    const deps = c.get("deps");
    const { ip, userAgent: agent } = sessionMeta(c);
    setSessionCookie(c, await completeSecondFactor(deps, { auth, sessionToken, code, ip, userAgent: agent }), auth.remember);
    return c.json({ user: presentCurrentUser(auth.user, auth.company, deps.config) });
  })
  .post("/auth/logout", async (c) => {
    await endSession(c);
    return c.body(null, 204);
  })
  .get("/auth/user", keyAccess("read"), (c) => {
    const auth = requireAuth(c);
    return c.json(presentCurrentUser(auth.user, auth.company, c.get("deps").config));
  })
  .get("/auth/verification-status", (c) => {
    const { user } = requireAuth(c);
    return c.json({ emailVerified: user.emailVerifiedAt !== null, email: user.email });
  })
  .post("/auth/resend-verification", async (c) => {
    const { user } = requireAuth(c);
    await resendVerification(c.get("deps"), user);
    return c.json({ success: true });
  })
  .post("/auth/verify-email", async (c) => {
    const input = await jsonBody(c, verifyEmailRequest);
    const user = await verifyEmail(c.get("deps"), input);
    return c.json({ success: true, user: presentVerifiedUser(user) });
  })
  // "Forgot password?": the same answer whether or not the address has an account.
  .post("/auth/password-reset", async (c) => {
    const input = await jsonBody(c, passwordResetRequest);
    const deps = c.get("deps");
    // Counted for every address alike, account or not, so a 429 tells nobody who has an account.
    await consumeLimit(deps.db, throttles.passwordResetPerIp, clientIp(c, deps.config), deps.now());
    await consumeLimit(deps.db, throttles.passwordResetPerAddress, input.email, deps.now());
    await requestPasswordReset(deps, input);
    return c.body(null, 204);
  })
  .post("/auth/password-reset/confirm", async (c) => {
    const input = await jsonBody(c, passwordResetConfirmRequest);
    await resetPassword(c.get("deps"), input);
    return c.body(null, 204);
  })
  // The links of an e-mail change (commands/auth/email-change.ts): the token is the credential.
  .post("/auth/email-change/confirm", async (c) => {
    const input = await jsonBody(c, emailChangeTokenRequest);
    return c.json(await confirmEmailChange(c.get("deps"), input));
  })
  .post("/auth/email-change/undo", async (c) => {
    const input = await jsonBody(c, emailChangeTokenRequest);
    const restored = await undoEmailChange(c.get("deps"), input);
    // Every session ended, this browser's too.
    clearSessionCookie(c);
    return c.json(restored);
  })
  .get("/auth/config", async (c) => c.json(await loadAuthConfig(c.get("deps"))))
  // The landing page's Sign In button and the 401 handler land here. Always the sign-in page (which
  // forwards a signed-in user): deciding here could loop with a page that keeps answering 401.
  // With OpenID Connect configured, that page offers single sign-on (/api/auth/sso) beside the password.
  .get("/login", (c) => {
    const next = safeNextPath(c.req.query("next"));
    return c.redirect(next ? `/login?next=${encodeURIComponent(next)}` : "/login", 302);
  })
  .get("/logout", async (c) => {
    await endSession(c);
    return c.redirect("/", 302);
  });
