import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, billingEvents, companies, jobs, subscriptions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { signedIn } from "../test/review-factories";
import { BILLING_DAILY_EVERY_MS, BILLING_DAILY_JOB, createBillingRunner, ensureDailyBilling } from "./jobs";
import { SUBSCRIPTION_END_JOB } from "./lifecycle";

const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function stateOf(companyId: string) {
  const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, companyId));
  const [subscription] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  const events = await t.deps.db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId));
  return { plan: company!.subscriptionPlan, subscription: subscription!, events: events.map((e) => e.eventType) };
}

/** A company on a manual Professional subscription that its admin has cancelled; answers its period end. */
async function cancelledProfessional() {
  const team = await createTeam(t.deps.db);
  const admin = signedIn(t, team.admin.token);
  expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
  expect((await admin.post("/api/cancel-subscription")).status).toBe(200);
  const { subscription } = await stateOf(team.company.id);
  return { team, admin, periodEnd: subscription.currentPeriodEnd! };
}

/** Each drain is a fresh runner: what is due lives in the jobs table, not in a process (a restart loses nothing). */
const drain = () => createBillingRunner(t.deps).drain();

describe("a cancelled manual subscription ends at the end of its period", () => {
  it("by a durable job due at the period's end: nothing before, Starter after, with a billing event and an audit event", async () => {
    const now = new Date();
    t.setNow(now);
    try {
      const { team, periodEnd } = await cancelledProfessional();
      const [job] = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, SUBSCRIPTION_END_JOB), eq(jobs.dedupeKey, `subscription-end:${team.company.id}`)));
      expect(job).toMatchObject({ status: "queued", payload: { companyId: team.company.id } });
      expect(job!.runAt.getTime()).toBe(periodEnd.getTime());

      t.setNow(new Date(periodEnd.getTime() - MINUTE));
      expect(await drain()).toBe(0);
      expect(await stateOf(team.company.id)).toMatchObject({ plan: "professional", subscription: { status: "active", cancelAtPeriodEnd: true } });

      t.setNow(new Date(periodEnd.getTime() + MINUTE));
      expect(await drain()).toBe(1);
      const after = await stateOf(team.company.id);
      expect(after).toMatchObject({ plan: "starter", subscription: { status: "canceled", plan: "professional" } });
      expect(after.events.at(-1)).toBe("subscription_ended");
      const [audit] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.companyId, team.company.id), eq(auditEvents.action, "subscription.end")));
      expect(audit).toMatchObject({ userId: null, data: { plan: "professional" } });
      // Done once: nothing further is queued for it.
      expect(await drain()).toBe(0);
    } finally {
      t.setNow(null);
    }
  });

  it("not when the admin subscribed again before the end", async () => {
    const now = new Date();
    t.setNow(now);
    try {
      const { team, admin, periodEnd } = await cancelledProfessional();
      expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
      t.setNow(new Date(periodEnd.getTime() + MINUTE));
      expect(await drain()).toBe(1);
      expect(await stateOf(team.company.id)).toMatchObject({ plan: "professional", subscription: { status: "active", cancelAtPeriodEnd: false } });
    } finally {
      t.setNow(null);
    }
  });
});

describe("the daily billing run", () => {
  it("processes overdue accounts by itself, ends what a lost job did not, and queues tomorrow's run", async () => {
    const now = new Date();
    t.setNow(now);
    try {
      // A renewing subscription whose period ended two days ago, unpaid.
      const overdue = await createTeam(t.deps.db);
      expect((await signedIn(t, overdue.admin.token).post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
      await t.deps.db.update(subscriptions).set({ currentPeriodEnd: new Date(now.getTime() - 2 * 86_400_000) }).where(eq(subscriptions.companyId, overdue.company.id));
      // A cancelled one past its end whose own job is gone.
      const { team: lapsed } = await cancelledProfessional();
      await t.deps.db.update(subscriptions).set({ currentPeriodEnd: new Date(now.getTime() - MINUTE) }).where(eq(subscriptions.companyId, lapsed.company.id));
      await t.deps.db.delete(jobs).where(eq(jobs.type, SUBSCRIPTION_END_JOB));

      await t.deps.db.delete(jobs).where(eq(jobs.type, BILLING_DAILY_JOB));
      await ensureDailyBilling(t.deps);
      await ensureDailyBilling(t.deps); // once per database, however many processes start
      expect(await drain()).toBe(1);

      const o = await stateOf(overdue.company.id);
      expect(o.subscription.status).toBe("past_due");
      expect(o.events).toContain("payment_overdue");
      const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, overdue.company.id));
      expect(company!.paymentOverdueDays).toBe(2);
      const [event] = await t.deps.db.select().from(billingEvents).where(and(eq(billingEvents.companyId, overdue.company.id), eq(billingEvents.eventType, "payment_overdue")));
      expect(event!.createdBy).toBeNull();
      expect(await stateOf(lapsed.company.id)).toMatchObject({ plan: "starter", subscription: { status: "canceled" } });

      const next = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, BILLING_DAILY_JOB), eq(jobs.status, "queued")));
      expect(next.map((j) => j.runAt.getTime())).toEqual([now.getTime() + BILLING_DAILY_EVERY_MS]);
      expect(await drain()).toBe(0);
      t.setNow(new Date(now.getTime() + BILLING_DAILY_EVERY_MS));
      expect(await drain()).toBe(1);
    } finally {
      t.setNow(null);
    }
  });
});
