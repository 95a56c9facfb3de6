import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ allowedOrigins: ["https://admin.partner.example"] });
});
afterAll(() => t.close());

let counter = 0;
const signupForm = () => {
  const form = new URLSearchParams({
    email: `victim-${Date.now()}-${++counter}@example.test`,
    password: "a-long-password",
    firstName: "Eve",
    lastName: "Forger",
    companyName: "Forged Corp",
  });
  return form;
};

describe("Origin / CSRF check", () => {
  it("refuses a cross-site form post with 403 csrf_rejected and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const victim = t.client({ origin: "https://evil.example" });
    victim.useSession(team.admin.token);

    const form = signupForm();
    const res = await victim.post("/api/auth/signup", form.toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "csrf_rejected", message: "Cross-site request refused." });
    expect(await t.deps.db.select().from(users).where(eq(users.email, form.get("email")!))).toHaveLength(0);
    expect(await t.deps.db.select().from(companies).where(eq(companies.name, "Forged Corp"))).toHaveLength(0);

    // A forged sign-out does not end the victim's session either.
    expect((await victim.post("/api/auth/logout")).status).toBe(403);
    const same = t.client();
    same.useSession(team.admin.token);
    expect((await same.get("/api/auth/user")).status).toBe(200);
  });

  it("refuses a foreign Origin without Sec-Fetch-Site, a 'null' Origin, and Sec-Fetch-Site cross-site without Origin", async () => {
    const team = await createTeam(t.deps.db);
    const forged: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { origin: `${t.baseUrl}.evil.example` }];
    for (const headers of forged) {
      const client = t.client();
      client.useSession(team.reviewer.token);
      const res = await client.post("/api/auth/logout", undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    const check = t.client();
    check.useSession(team.reviewer.token);
    expect((await check.get("/api/auth/user")).status).toBe(200);
  });

  it("lets same-origin, allowed-origin, app-URL-origin and Origin-less JSON requests through", async () => {
    const origins = [t.baseUrl, "https://admin.partner.example", new URL(t.deps.config.appUrl).origin, undefined];
    for (const origin of origins) {
      const client = t.client(origin ? { origin } : {});
      const res = await client.post("/api/auth/signup", Object.fromEntries(signupForm()), origin === t.baseUrl ? { "sec-fetch-site": "same-origin" } : {});
      expect(res.status, String(origin)).toBe(201);
      expect((await client.post("/api/auth/logout")).status, String(origin)).toBe(204);
    }
  });

  it("reads the request's own origin from X-Forwarded-Host/Proto behind a trusted proxy", async () => {
    const headers = { origin: "https://contracts.example.ca", "x-forwarded-host": "contracts.example.ca", "x-forwarded-proto": "https" };
    expect((await t.client().post("/api/auth/logout", undefined, headers)).status).toBe(204);

    const direct = await createTestApp({ trustProxy: false });
    try {
      expect((await direct.client().post("/api/auth/logout", undefined, headers)).status).toBe(403);
    } finally {
      await direct.close();
    }
  });

  it("leaves safe methods and /api/webhooks/ alone", async () => {
    const get = await t.client({ origin: "https://evil.example" }).get("/api/health", { "sec-fetch-site": "cross-site" });
    expect(get.status).toBe(200);
    // No webhook route exists yet: reaching the API's 404 shows the Origin check let it through.
    const hook = await t.client({ origin: "https://stripe.example" }).post("/api/webhooks/stripe", { id: "evt_1" });
    expect(hook.status).toBe(404);
  });
});

describe("security headers", () => {
  it("sends a CSP for the SPA and no HSTS on an http app URL", async () => {
    const res = await t.client().get("/api/health");
    const csp = res.headers.get("content-security-policy");
    expect(csp).toBeTruthy();
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      // The installable app's service worker and manifest (issue 17).
      "worker-src 'self'",
      "manifest-src 'self'",
      // The editor's video embeds (YouTube, from youtube-nocookie.com), and no other frames.
      "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // Error responses carry them too.
    expect((await t.client().get("/api/no-such-thing")).headers.get("content-security-policy")).toBe(csp);
  });

  it("lets Stripe.js load and frame its card fields only when Stripe is configured", async () => {
    expect((await t.client().get("/api/health")).headers.get("content-security-policy")).not.toContain("stripe");
    const billing = await createTestApp({ stripe: { secretKey: "sk_test_x", webhookSecret: undefined, publishableKey: "pk_test_x", apiBase: undefined } });
    try {
      const csp = (await billing.client().get("/api/health")).headers.get("content-security-policy")!;
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    } finally {
      await billing.close();
    }
  });

  it("adds HSTS when the public URL is https", async () => {
    const secure = await createTestApp({ appUrl: "https://clausewise.example" });
    try {
      const res = await secure.client().get("/api/health");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
