import { and, count, eq } from "drizzle-orm";
import {
  BILLING_MESSAGES,
  billingSummaryResponse,
  createSubscriptionResponse,
  subscriptionResponse,
  usageResponse,
  type CreateSubscriptionResponse,
  type SubscriptionPlan,
  type SubscriptionResponse,
  type UsageResponse,
} from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, billingEvents, companies, contracts, subscriptions } from "../db/schema";
import type { Db } from "../db/client";
import { closeExtractionPool } from "../documents";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { signedIn } from "../test/review-factories";
import { multipartForm } from "../test/lifecycle-factories";
import { startFakeStripe, type FakeStripe } from "../test/fake-stripe";

const PRICES = { starter: "price_starter", professional: "price_professional", enterprise: "price_enterprise" };

async function addContracts(db: Db, companyId: string, n: number, createdAt = new Date()) {
  if (n === 0) return;
  await db.insert(contracts).values(Array.from({ length: n }, (_, i) => ({ companyId, title: `Contract ${i}`, status: "under_review", createdAt, updatedAt: createdAt })));
}

async function billingState(db: Db, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  const events = await db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId));
  const [audits] = await db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.entityType, "company")));
  return { plan: company!.subscriptionPlan, customer: company!.stripeCustomerId, subscription: subscription ?? null, events: events.length, audits: audits!.n };
}

const uploadText = (title: string) =>
  multipartForm({ title, client: "Wapiti Ridge Midstream", processingConsent: "true", storageConsent: "false" }, { file: { bytes: Buffer.from("1. Scope. The Contractor shall perform the Work."), name: "contract.txt", type: "text/plain" } });

describe("billing in manual mode (no Stripe)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeExtractionPool();
    await t.close();
  });

  it("lists the three plans in cents with their limits, professional marked popular, to anyone", async () => {
    const res = await t.client().get<SubscriptionPlan[]>("/api/subscription-plans");
    expect(res.status).toBe(200);
    expect(res.body.map((p) => [p.id, p.price, p.contractLimit, p.teamMemberLimit, p.popular])).toEqual([
      ["starter", 9900, 50, 5, false],
      ["professional", 29900, 200, 25, true],
      ["enterprise", 79900, -1, -1, false],
    ]);
    expect(res.body.every((p) => p.features.length > 0)).toBe(true);
  });

  it("counts this month's contracts and active members of the caller's company only, and warns above 80 %", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await addContracts(t.deps.db, team.company.id, 40);
    await addContracts(t.deps.db, team.company.id, 7, new Date(Date.UTC(2020, 0, 15)));
    await addContracts(t.deps.db, other.company.id, 30);

    const atEighty = await signedIn(t, team.reviewer.token).get<UsageResponse>("/api/usage");
    expect(atEighty.status).toBe(200);
    expect(usageResponse.parse(atEighty.body)).toMatchObject({ currentPlan: "starter", contractsThisMonth: 40, contractLimit: 50, teamMembers: 3, teamMemberLimit: 5, approachingLimit: false });

    await addContracts(t.deps.db, team.company.id, 1);
    const above = await signedIn(t, team.approver.token).get<UsageResponse>("/api/usage");
    expect(above.body).toMatchObject({ contractsThisMonth: 41, approachingLimit: true });

    const theirs = await signedIn(t, other.admin.token).get<UsageResponse>("/api/usage");
    expect(theirs.body).toMatchObject({ contractsThisMonth: 30, approachingLimit: false });
    expect((await t.client().get("/api/usage")).status).toBe(401);
  });

  it("refuses an upload past the monthly contract limit with a clear message and creates nothing", async () => {
    const team = await createTeam(t.deps.db);
    await addContracts(t.deps.db, team.company.id, 49);
    const admin = signedIn(t, team.admin.token);
    const last = await admin.post("/api/contracts", uploadText("The fiftieth"));
    expect(last.status).toBe(201);

    const refused = await admin.post("/api/contracts", uploadText("One too many"));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "forbidden",
      message: "Your Starter plan allows 50 contracts per month and this month's limit has been reached. Upgrade your plan on the Pricing page to upload more contracts.",
    });
    const [row] = await t.deps.db.select({ n: count() }).from(contracts).where(eq(contracts.companyId, team.company.id));
    expect(row!.n).toBe(50);

    // Upgrading lifts the limit.
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    expect((await admin.post("/api/contracts", uploadText("After the upgrade"))).status).toBe(201);
  });

  it("shows the subscription to the admin only, labelled manual", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).get<SubscriptionResponse>("/api/subscription");
    expect(res.status).toBe(200);
    expect(subscriptionResponse.parse(res.body)).toMatchObject({ plan: "starter", planName: "Starter", amount: 9900, status: "active", cancel_at_period_end: false, billingMode: "manual", publishableKey: null });
    for (const role of ["approver", "reviewer"] as const) {
      const denied = await signedIn(t, team[role].token).get("/api/subscription");
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: "forbidden", message: BILLING_MESSAGES.accessRestricted });
    }
  });

  it("switches plans without payment, records the change, and touches no other company", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const before = await billingState(t.deps.db, other.company.id);

    const res = await signedIn(t, team.admin.token).post<CreateSubscriptionResponse>("/api/create-subscription", { planId: "enterprise" });
    expect(res.status).toBe(201);
    const body = createSubscriptionResponse.parse(res.body);
    expect(body).toMatchObject({ billingMode: "manual", clientSecret: null, subscription: { plan: "enterprise", planName: "Enterprise", amount: 79900, status: "active" } });
    expect(body.subscription.current_period_end! - body.subscription.current_period_start!).toBeGreaterThanOrEqual(28 * 86_400);

    const after = await billingState(t.deps.db, team.company.id);
    expect(after).toMatchObject({ plan: "enterprise", subscription: { plan: "enterprise", provider: "manual" }, events: 1, audits: 1 });
    expect((await signedIn(t, team.reviewer.token).get<UsageResponse>("/api/usage")).body).toMatchObject({ currentPlan: "enterprise", contractLimit: -1, teamMemberLimit: -1 });
    expect(await billingState(t.deps.db, other.company.id)).toEqual(before);

    const again = await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "enterprise" });
    expect(again.status).toBe(409);
  });

  it("refuses a bad plan and other roles, changing nothing", async () => {
    const team = await createTeam(t.deps.db);
    const before = await billingState(t.deps.db, team.company.id);
    for (const body of [{ planId: "gold" }, {}, { planId: 3 }]) {
      const res = await signedIn(t, team.admin.token).post("/api/create-subscription", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: expect.any(String) });
    }
    const notJson = await signedIn(t, team.admin.token).post("/api/create-subscription", "{plan", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    for (const role of ["approver", "reviewer"] as const) {
      expect((await signedIn(t, team[role].token).post("/api/create-subscription", { planId: "professional" })).status).toBe(403);
      expect((await signedIn(t, team[role].token).post("/api/cancel-subscription")).status).toBe(403);
    }
    expect(await billingState(t.deps.db, team.company.id)).toEqual(before);
  });

  it("cancels at period end, once, for the admin's own company only", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "professional" });
    await signedIn(t, other.admin.token).post("/api/create-subscription", { planId: "professional" });

    const res = await signedIn(t, team.admin.token).post<SubscriptionResponse>("/api/cancel-subscription");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: "professional", status: "active", cancel_at_period_end: true });
    expect((await billingState(t.deps.db, other.company.id)).subscription).toMatchObject({ cancelAtPeriodEnd: false });

    const twice = await signedIn(t, team.admin.token).post("/api/cancel-subscription");
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: "conflict", message: expect.stringContaining("already") });
    // Subscribing again to the same plan keeps it.
    const resumed = await signedIn(t, team.admin.token).post<CreateSubscriptionResponse>("/api/create-subscription", { planId: "professional" });
    expect(resumed.body.subscription.cancel_at_period_end).toBe(false);
  });

  it("summarises plan, amount and history from billing events for the admin", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "professional" });
    await t.deps.db.insert(billingEvents).values({ companyId: team.company.id, eventType: "payment_received", amount: 29900 });

    const res = await signedIn(t, team.admin.token).get("/api/billing/summary");
    expect(res.status).toBe(200);
    const summary = billingSummaryResponse.parse(res.body);
    expect(summary).toMatchObject({ plan: "professional", planName: "Professional", amount: 29900, currency: "CAD", billingMode: "manual", paymentMethod: null });
    expect(summary.history.map((h) => [h.eventType, h.description, h.amount]).sort()).toEqual([
      ["payment_received", "Payment received", 29900],
      ["plan_changed", "Plan changed", null],
    ]);
    expect((await signedIn(t, other.admin.token).get("/api/billing/summary")).body).toMatchObject({ plan: "starter", history: [] });
    expect((await signedIn(t, team.reviewer.token).get("/api/billing/summary")).status).toBe(403);
  });
});

describe("billing through Stripe (the real SDK against a local Stripe)", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test", publishableKey: "pk_test_clausewise", apiBase: stripe.apiBase, prices: PRICES },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("creates the customer and an incomplete subscription, and returns what the card form needs", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post<CreateSubscriptionResponse>("/api/create-subscription", { planId: "professional" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ billingMode: "stripe", publishableKey: "pk_test_clausewise", clientSecret: expect.stringMatching(/_secret_/), subscription: { plan: "professional", status: "incomplete" } });

    const create = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(create?.params).toMatchObject({ items: [{ price: "price_professional" }], payment_behavior: "default_incomplete", expand: ["latest_invoice.confirmation_secret"], metadata: { companyId: team.company.id, plan: "professional" } });
    const state = await billingState(t.deps.db, team.company.id);
    expect(state.customer).toMatch(/^cus_/);
    expect([...stripe.customers.values()].some((c) => c.id === state.customer && (c.metadata as Record<string, string>).companyId === team.company.id)).toBe(true);
    // Unpaid: the limits stay those of the plan the company had.
    expect(state).toMatchObject({ plan: "starter", subscription: { provider: "stripe", status: "incomplete", plan: "professional", stripeSubscriptionId: expect.stringMatching(/^sub_/) } });
    expect(state.subscription!.currentPeriodEnd).not.toBeNull();

    const sub = await signedIn(t, team.admin.token).get<SubscriptionResponse>("/api/subscription");
    expect(sub.body).toMatchObject({ billingMode: "stripe", publishableKey: "pk_test_clausewise", status: "incomplete" });
  });

  it("cancels through Stripe with cancel_at_period_end and reads the card for the summary", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    await admin.post("/api/create-subscription", { planId: "starter" });
    const subId = (await billingState(t.deps.db, team.company.id)).subscription!.stripeSubscriptionId!;
    stripe.activate(subId, { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031 });
    await t.deps.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.companyId, team.company.id));

    const res = await admin.post<SubscriptionResponse>("/api/cancel-subscription");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cancel_at_period_end: true });
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
    expect(stripe.requests.some((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subId}` && r.params.cancel_at_period_end === "true")).toBe(true);

    const summary = await admin.get("/api/billing/summary");
    expect(summary.body).toMatchObject({ billingMode: "stripe", paymentMethod: { brand: "mastercard", last4: "4444", expMonth: 3, expYear: 2031 }, cancelAtPeriodEnd: true });
  });

  it("changes the plan of a paying company on its live subscription", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    await admin.post("/api/create-subscription", { planId: "starter" });
    const subId = (await billingState(t.deps.db, team.company.id)).subscription!.stripeSubscriptionId!;
    stripe.activate(subId);
    await t.deps.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.companyId, team.company.id));

    const res = await admin.post<CreateSubscriptionResponse>("/api/create-subscription", { planId: "enterprise" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clientSecret: null, subscription: { plan: "enterprise", status: "active" } });
    expect(await billingState(t.deps.db, team.company.id)).toMatchObject({ plan: "enterprise", subscription: { stripeSubscriptionId: subId } });
  });

  it("answers a Stripe outage with a clear 503 and records nothing", async () => {
    const team = await createTeam(t.deps.db);
    const before = await billingState(t.deps.db, team.company.id);
    // The SDK retries once; both attempts fail.
    stripe.failNext(500, "Internal failure at the fake", { times: 2 });
    const res = await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "professional" });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: "unavailable", message: "The payment provider did not answer. Please try again in a moment." });
    expect(await billingState(t.deps.db, team.company.id)).toEqual(before);
  });
});
