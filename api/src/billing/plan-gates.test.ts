import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_FEATURES, PLANS, planUpgradeMessage, type PlanId } from "@clausewise/shared";
import { apiKeys, companies } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";

/** Issue 16, item 3: each plan's features enforced on the server, from the table Pricing lists. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JURISDICTION = { contractText: "1. The Project is a compressor station near Estevan, Saskatchewan. Governing law: Alberta.", jurisdictions: ["SK"], contractType: "energy" };

async function teamOn(plan: PlanId) {
  const team = await createTeam(t.deps.db);
  await t.deps.db.update(companies).set({ subscriptionPlan: plan }).where(eq(companies.id, team.company.id));
  return team;
}

const upgrade = (feature: keyof typeof PLAN_FEATURES, plan: PlanId) => ({ error: "plan_upgrade_required", message: planUpgradeMessage(feature, plan) });

describe("plan gates", () => {
  it.each([
    ["starter", 403, 403, 403],
    ["professional", 200, 200, 403],
    ["enterprise", 200, 200, 201],
  ] as const)("%s: analytics %i, jurisdictional analysis %i, new API key %i", async (plan, analytics, jurisdiction, apiKey) => {
    const team = await teamOn(plan);
    const admin = signedIn(t, team.admin.token);
    const results = [await admin.get("/api/analytics?period=30d"), await admin.post("/api/analyze-jurisdiction", JURISDICTION), await admin.post("/api/settings/security/api-keys", { name: "ci" })];
    expect(results.map((r) => r.status)).toEqual([analytics, jurisdiction, apiKey]);
    if (analytics === 403) expect(results[0]!.body).toEqual(upgrade("analytics", plan));
    if (jurisdiction === 403) expect(results[1]!.body).toEqual(upgrade("jurisdictionalAnalysis", plan));
    if (apiKey === 403) expect(results[2]!.body).toEqual(upgrade("apiAccess", plan));
    expect((await t.deps.db.select().from(apiKeys).where(eq(apiKeys.companyId, team.company.id))).length).toBe(apiKey === 201 ? 1 : 0);
  });

  it("names the plan that has the feature and where to upgrade", () => {
    expect(planUpgradeMessage("analytics", "starter")).toBe(
      "Analytics dashboard is part of the Professional plan; your company is on the Starter plan. An administrator can upgrade in Settings › Billing and Subscription.",
    );
    // Pricing lists exactly what is enforced: a Starter card never shows a Professional feature.
    expect(PLANS.starter.features).not.toContain(PLAN_FEATURES.analytics.name);
    expect(PLANS.professional.features).toEqual(expect.arrayContaining([PLAN_FEATURES.analytics.name, PLAN_FEATURES.jurisdictionalAnalysis.name]));
    expect(PLANS.professional.features).not.toContain(PLAN_FEATURES.apiAccess.name);
    expect(PLANS.enterprise.features).toContain(PLAN_FEATURES.apiAccess.name);
  });

  it("a key made on Enterprise stops working after a downgrade, and works again after an upgrade", async () => {
    const team = await teamOn("enterprise");
    const created = await signedIn(t, team.admin.token).post<{ key: string }>("/api/settings/security/api-keys", { name: "ci" });
    const bearer = { authorization: `Bearer ${created.body.key}` };
    expect((await t.client().get("/api/contracts", bearer)).status).toBe(200);
    await t.deps.db.update(companies).set({ subscriptionPlan: "professional" }).where(eq(companies.id, team.company.id));
    const refused = await t.client().get("/api/contracts", bearer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(upgrade("apiAccess", "professional"));
    await t.deps.db.update(companies).set({ subscriptionPlan: "enterprise" }).where(eq(companies.id, team.company.id));
    expect((await t.client().get("/api/contracts", bearer)).status).toBe(200);
  });

  it("wrong role: a reviewer is refused Analytics for the role (not the plan), on every plan", async () => {
    for (const plan of ["starter", "enterprise"] as const) {
      const team = await teamOn(plan);
      const res = await signedIn(t, team.reviewer.token).get("/api/analytics");
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: "forbidden" });
    }
  });

  it("bad input answers 400 before the plan is consulted, and nothing is created", async () => {
    const team = await teamOn("starter");
    const admin = signedIn(t, team.admin.token);
    expect((await admin.get("/api/analytics?period=2w")).body).toMatchObject({ error: "validation_failed" });
    expect((await admin.post("/api/analyze-jurisdiction", { ...JURISDICTION, contractText: "" })).status).toBe(400);
    const key = await admin.post("/api/settings/security/api-keys", { name: "" });
    expect(key.status).toBe(400);
    expect(await t.deps.db.select().from(apiKeys).where(eq(apiKeys.companyId, team.company.id))).toEqual([]);
  });

  it("cross-company: another company's key is 404 to revoke whatever either plan is", async () => {
    const mine = await teamOn("starter");
    const theirs = await teamOn("enterprise");
    const created = await signedIn(t, theirs.admin.token).post<{ apiKey: { id: string } }>("/api/settings/security/api-keys", { name: "theirs" });
    const res = await signedIn(t, mine.admin.token).request("DELETE", `/api/settings/security/api-keys/${created.body.apiKey.id}`);
    expect(res.status).toBe(404);
    expect((await t.deps.db.select().from(apiKeys).where(eq(apiKeys.companyId, theirs.company.id)))[0]!.revokedAt).toBeNull();
  });

  it("upgrading (manual billing) lifts the gate at once", async () => {
    const team = await teamOn("starter");
    const admin = signedIn(t, team.admin.token);
    expect((await admin.get("/api/analytics")).status).toBe(403);
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    expect((await admin.get("/api/analytics")).status).toBe(200);
  });
});
