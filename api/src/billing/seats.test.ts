import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, companies, emailOutbox, invitations, subscriptions, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { startFakeStripe, type FakeStripe } from "../test/fake-stripe";
import { createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

const PRICES = { starter: "price_starter", professional: "price_professional", enterprise: "price_enterprise" };
const form = { firstName: "Nadia", lastName: "Okafor", password: "a-strong-password" };
const newEmail = () => `invitee-${randomUUID()}@example.test`;
type Team = Awaited<ReturnType<typeof createTeam>>;

async function stateOf(t: TestApp, companyId: string) {
  const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, companyId));
  const [subscription] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  const events = await t.deps.db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId));
  return { plan: company!.subscriptionPlan, subscription: subscription ?? null, events: events.length };
}

async function addMembers(t: TestApp, companyId: string, n: number) {
  const added = [];
  for (let i = 0; i < n; i++) added.push(await createUser(t.deps.db, { companyId }));
  return added;
}

async function invite(t: TestApp, team: Team): Promise<string> {
  const email = newEmail();
  expect((await signedIn(t, team.admin.token).post("/api/team/invite", { email, role: "reviewer" })).status).toBe(201);
  const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  return decodeURIComponent(/\/invite\?token=([^\s"&]+)/.exec(mail!.text)![1]!);
}

describe("seats on a downgrade and on acceptance (manual billing)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses a downgrade that leaves more active members than the plan allows, until members are deactivated", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    const [extra] = await addMembers(t, team.company.id, 4); // 7 active; Starter allows 5
    const before = await stateOf(t, team.company.id);

    const refused = await admin.post("/api/create-subscription", { planId: "starter" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "conflict",
      message: "The Starter plan allows 5 team members, and your company has 7 active members. Deactivate 2 members on the Team page before changing to the Starter plan.",
    });
    expect(await stateOf(t, team.company.id)).toEqual(before);

    // Deactivated members do not count.
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, extra!.id));
    expect((await admin.post("/api/create-subscription", { planId: "starter" })).body).toMatchObject({ message: expect.stringContaining("Deactivate 1 member on") });
    const [another] = await t.deps.db.select().from(users).where(and(eq(users.companyId, team.company.id), eq(users.role, "reviewer"), eq(users.isActive, true))).limit(1);
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, another!.id));
    const ok = await admin.post("/api/create-subscription", { planId: "starter" });
    expect(ok.status).toBe(201);
    expect((await stateOf(t, team.company.id)).plan).toBe("starter");
  });

  it("an invitation sent before a downgrade cannot overfill the smaller plan: the first to accept get the seats left", async () => {
    const team = await createTeam(t.deps.db); // 3 active
    const admin = signedIn(t, team.admin.token);
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    const tokens = [await invite(t, team), await invite(t, team), await invite(t, team)];
    // 3 active members fit Starter; the 3 pending invitations do not all fit, and do not block the change.
    expect((await admin.post("/api/create-subscription", { planId: "starter" })).status).toBe(201);

    expect((await t.client().post("/api/invitations/accept", { token: tokens[2], ...form })).status).toBe(201);
    expect((await t.client().post("/api/invitations/accept", { token: tokens[0], ...form })).status).toBe(201);
    const refused = await t.client().post("/api/invitations/accept", { token: tokens[1], ...form });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "forbidden",
      message: "Your Starter plan allows 5 team members, and 5 are active or invited. Please ask your administrator to upgrade the plan or free a seat.",
    });
    const active = await t.deps.db.select().from(users).where(and(eq(users.companyId, team.company.id), eq(users.isActive, true)));
    expect(active).toHaveLength(5);
    const pending = await t.deps.db.select().from(invitations).where(and(eq(invitations.companyId, team.company.id)));
    expect(pending.filter((i) => i.acceptedAt === null)).toHaveLength(1);

    // An upgrade lets the same link work.
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    expect((await t.client().post("/api/invitations/accept", { token: tokens[1], ...form })).status).toBe(201);
  });

  it("accepting within the limit is unchanged: invitations sent within the seats all work", async () => {
    const team = await createTeam(t.deps.db);
    const tokens = [await invite(t, team), await invite(t, team)];
    for (const token of tokens) expect((await t.client().post("/api/invitations/accept", { token, ...form })).status).toBe(201);
  });
});

describe("seats on a downgrade through Stripe", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test", publishableKey: "pk_test", apiBase: stripe.apiBase, prices: PRICES } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("refuses before Stripe is asked, and changes nothing here or at Stripe", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    await admin.post("/api/create-subscription", { planId: "professional" });
    const subId = (await stateOf(t, team.company.id)).subscription!.stripeSubscriptionId!;
    stripe.activate(subId);
    await t.deps.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.companyId, team.company.id));
    await t.deps.db.update(companies).set({ subscriptionPlan: "professional" }).where(eq(companies.id, team.company.id));
    await addMembers(t, team.company.id, 3); // 6 active
    const before = await stateOf(t, team.company.id);
    const calls = stripe.requests.length;

    const res = await admin.post("/api/create-subscription", { planId: "starter" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "conflict", message: expect.stringContaining("Deactivate 1 member on the Team page") });
    expect(stripe.requests.length).toBe(calls);
    expect(await stateOf(t, team.company.id)).toEqual(before);
  });
});
