import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, companies, subscriptions, webhookEvents } from "../db/schema";
import type { Db } from "../db/client";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";
import { startFakeStripe, stripeEvent, type FakeStripe } from "../test/fake-stripe";

const SECRET = "whsec_test_clausewise";
const PRICES = { starter: "price_starter", professional: "price_professional", enterprise: "price_enterprise" };
const sdk = new Stripe("sk_test_signing_only");

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ stripe: { secretKey: stripe.secretKey, webhookSecret: SECRET, publishableKey: "pk_test_x", apiBase: stripe.apiBase, prices: PRICES } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Posts an event exactly as Stripe does: raw JSON, signed over those bytes. */
async function deliver(event: ReturnType<typeof stripeEvent>, options: { secret?: string; tamper?: boolean; noSignature?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET });
  const body = options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload;
  return t.client({ origin: "https://hooks.stripe.com" }).post<{ received: boolean; outcome: string }>("/api/webhooks/stripe", body, {
    "content-type": "application/json",
    ...(options.noSignature ? {} : { "stripe-signature": header }),
  });
}

async function state(db: Db, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  const events = await db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId));
  return { company: company!, subscription: subscription!, events: events.map((e) => [e.eventType, e.amount]) };
}

/** A company that asked for `plan` through Stripe: customer and incomplete subscription exist. */
async function subscribedCompany(plan = "professional") {
  const team = await createTeam(t.deps.db);
  const res = await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: plan });
  expect(res.status).toBe(201);
  const { subscription, company } = await state(t.deps.db, team.company.id);
  return { team, subId: subscription.stripeSubscriptionId!, customer: company.stripeCustomerId! };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe("POST /api/webhooks/stripe", () => {
  it("applies a downgrade made at Stripe that leaves too many members, and records that no one can join", async () => {
    const { team, subId } = await subscribedCompany("professional");
    await deliver(stripeEvent("customer.subscription.updated", stripe.activate(subId)));
    for (let i = 0; i < 3; i++) await createUser(t.deps.db, { companyId: team.company.id }); // 6 active; Starter allows 5
    const sub = stripe.subscriptions.get(subId)!;
    (sub.items as { data: { price: { id: string } }[] }).data[0]!.price = { id: PRICES.starter };
    const res = await deliver(stripeEvent("customer.subscription.updated", { ...sub }, { created: seconds(new Date()) + 5 }));
    expect(res.body).toMatchObject({ outcome: "applied" });
    const after = await state(t.deps.db, team.company.id);
    expect(after.company.subscriptionPlan).toBe("starter");
    expect(after.events.map(([type]) => type)).toContain("seats_over_limit");
    const [event] = await t.deps.db.select().from(billingEvents).where(eq(billingEvents.eventType, "seats_over_limit"));
    expect(event!.adminNotes).toContain("allows 1 fewer active member than the company has");
  });

  it("activates the plan when Stripe reports the subscription active, once per event id", async () => {
    const { team, subId } = await subscribedCompany();
    const active = stripe.activate(subId);
    const event = stripeEvent("customer.subscription.updated", active);

    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "applied" });
    const after = await state(t.deps.db, team.company.id);
    expect(after.company.subscriptionPlan).toBe("professional");
    expect(after.subscription).toMatchObject({ status: "active", plan: "professional", cancelAtPeriodEnd: false });
    expect(after.subscription.lastEventAt?.getTime()).toBe(event.created * 1000);
    expect(after.company.nextPaymentDue).toEqual(after.subscription.currentPeriodEnd);

    const again = await deliver(event);
    expect(again.body).toEqual({ received: true, outcome: "duplicate" });
    expect(await state(t.deps.db, team.company.id)).toEqual(after);
  });

  it("keeps payments, failures and overdue days current, and ignores events older than the last applied", async () => {
    const { team, subId, customer } = await subscribedCompany();
    const base = seconds(new Date()) - 3600;
    await deliver(stripeEvent("customer.subscription.updated", stripe.activate(subId), { created: base }));

    const dueTenDaysAgo = seconds(new Date()) - 10 * 86_400;
    const failed = await deliver(
      stripeEvent("invoice.payment_failed", { id: "in_1", object: "invoice", number: "CW-0001", customer, amount_due: 29900, amount_paid: 0, due_date: dueTenDaysAgo, created: dueTenDaysAgo }, { created: base + 10 }),
    );
    expect(failed.body).toMatchObject({ outcome: "applied" });
    expect((await state(t.deps.db, team.company.id)).company.paymentOverdueDays).toBe(10);

    const pastDue = { ...stripe.subscriptions.get(subId)!, status: "past_due" };
    await deliver(stripeEvent("customer.subscription.updated", pastDue, { created: base + 11 }));
    expect((await state(t.deps.db, team.company.id)).subscription.status).toBe("past_due");

    const paid = await deliver(stripeEvent("invoice.paid", { id: "in_1", object: "invoice", number: "CW-0001", customer, amount_due: 29900, amount_paid: 29900, due_date: dueTenDaysAgo, created: dueTenDaysAgo }, { created: base + 20 }));
    expect(paid.body).toMatchObject({ outcome: "applied" });
    await deliver(stripeEvent("customer.subscription.updated", stripe.activate(subId), { created: base + 21 }));

    // Delivered late: the failure of an earlier attempt and the subscription's first, incomplete state.
    const lateFailure = await deliver(stripeEvent("invoice.payment_failed", { id: "in_0", object: "invoice", customer, amount_due: 29900, amount_paid: 0, due_date: dueTenDaysAgo, created: dueTenDaysAgo }, { created: base + 5 }));
    expect(lateFailure.body).toMatchObject({ outcome: "stale" });
    const lateCreated = await deliver(stripeEvent("customer.subscription.created", { ...stripe.subscriptions.get(subId)!, status: "incomplete" }, { created: base + 1 }));
    expect(lateCreated.body).toMatchObject({ outcome: "stale" });

    const now = await state(t.deps.db, team.company.id);
    expect(now.subscription.status).toBe("active");
    expect(now.company).toMatchObject({ paymentOverdueDays: 0, subscriptionPlan: "professional" });
    expect(now.company.lastPaymentDate?.getTime()).toBe((base + 20) * 1000);
    // The history keeps every event, late ones included.
    expect(now.events.filter(([type]) => type !== "subscription_created")).toEqual(
      expect.arrayContaining([
        ["payment_failed", 29900],
        ["payment_received", 29900],
        ["payment_failed", 29900],
      ]),
    );
  });

  it("lets an activated company change plan at once, then applies Stripe's later events", async () => {
    const { team, subId } = await subscribedCompany("starter");
    await deliver(stripeEvent("customer.subscription.updated", stripe.activate(subId), { created: seconds(new Date()) - 60 }));
    const res = await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "professional" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clientSecret: null, subscription: { plan: "professional", status: "active" } });
    expect((await state(t.deps.db, team.company.id)).company.subscriptionPlan).toBe("professional");
    const echoed = await deliver(stripeEvent("customer.subscription.updated", stripe.subscriptions.get(subId)!));
    expect(echoed.body).toMatchObject({ outcome: "applied" });
    expect((await state(t.deps.db, team.company.id)).subscription).toMatchObject({ plan: "professional", status: "active" });
  });

  it("ends the plan when Stripe deletes the subscription", async () => {
    const { team, subId } = await subscribedCompany("enterprise");
    const base = seconds(new Date()) - 60;
    await deliver(stripeEvent("customer.subscription.updated", stripe.activate(subId), { created: base }));
    expect((await state(t.deps.db, team.company.id)).company.subscriptionPlan).toBe("enterprise");

    await deliver(stripeEvent("customer.subscription.deleted", { ...stripe.subscriptions.get(subId)!, status: "canceled" }, { created: base + 1 }));
    const after = await state(t.deps.db, team.company.id);
    expect(after.subscription.status).toBe("canceled");
    expect(after.company).toMatchObject({ subscriptionPlan: "starter", nextPaymentDue: null });
    expect(after.events.map(([type]) => type)).toContain("subscription_ended");
  });

  it("refuses a missing, wrong or stale-bodied signature and records nothing, even for a signed-in admin", async () => {
    const { team, subId } = await subscribedCompany();
    const before = await state(t.deps.db, team.company.id);
    const event = stripeEvent("customer.subscription.updated", stripe.activate(subId));
    for (const options of [{ noSignature: true }, { secret: "whsec_someone_else" }, { tamper: true }]) {
      const res = await deliver(event, options);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: expect.stringMatching(/Stripe-Signature|signature/) });
    }
    const withCookie = await signedIn(t, team.admin.token).post("/api/webhooks/stripe", event);
    expect(withCookie.status).toBe(400);
    expect(await state(t.deps.db, team.company.id)).toEqual(before);
    expect(await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toEqual([]);
  });

  it("ignores events about customers that are no company's, and never touches another company", async () => {
    const { team: mine } = await subscribedCompany();
    const { team: theirs, subId } = await subscribedCompany();
    const before = await state(t.deps.db, mine.company.id);
    const stranger = { ...stripe.activate(subId), customer: "cus_unknown", metadata: {} };
    const res = await deliver(stripeEvent("customer.subscription.updated", stranger));
    expect(res.body).toEqual({ received: true, outcome: "ignored" });
    expect(await state(t.deps.db, mine.company.id)).toEqual(before);
    expect((await state(t.deps.db, theirs.company.id)).subscription.status).toBe("incomplete");
  });
});

describe("POST /api/webhooks/stripe without Stripe", () => {
  it("does not exist in manual billing mode", async () => {
    const manual = await createTestApp();
    try {
      const res = await manual.client().post("/api/webhooks/stripe", "{}", { "stripe-signature": "t=1,v1=x", "content-type": "application/json" });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: "not_found" });
    } finally {
      await manual.close();
    }
  });

  it("answers 503 when Stripe is configured without a webhook secret", async () => {
    const noSecret = await createTestApp({ stripe: { secretKey: stripe.secretKey, webhookSecret: undefined, publishableKey: undefined, apiBase: stripe.apiBase, prices: PRICES } });
    try {
      const res = await noSecret.client().post("/api/webhooks/stripe", "{}", { "stripe-signature": "t=1,v1=x", "content-type": "application/json" });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: "unavailable", message: expect.stringContaining("STRIPE_WEBHOOK_SECRET") });
    } finally {
      await noSecret.close();
    }
  });
});
