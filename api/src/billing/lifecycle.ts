import { and, eq, inArray, lte } from "drizzle-orm";
import { planOf } from "@clausewise/shared";
import { recordAudit } from "../commands/audit";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { companies, jobs, subscriptions } from "../db/schema";
import { recordBillingEvent } from "./events";

export const SUBSCRIPTION_END_JOB = "billing.subscription-end";

export type EndOutcome = "ended" | "not_due" | "nothing_to_end";

/** The job that ends one company's cancelled manual subscription at `runAt` (its period end). */
export async function scheduleSubscriptionEnd(db: Db, input: { companyId: string; runAt: Date }): Promise<void> {
  const [queued] = await db
    .select({ id: jobs.id, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.type, SUBSCRIPTION_END_JOB), eq(jobs.dedupeKey, `subscription-end:${input.companyId}`), eq(jobs.status, "queued")))
    .limit(1);
  if (queued) {
    if (queued.runAt.getTime() !== input.runAt.getTime()) await db.update(jobs).set({ runAt: input.runAt, updatedAt: new Date() }).where(eq(jobs.id, queued.id));
    return;
  }
  await db.insert(jobs).values({
    type: SUBSCRIPTION_END_JOB,
    payload: { companyId: input.companyId },
    runAt: input.runAt,
    maxAttempts: 5,
    dedupeKey: `subscription-end:${input.companyId}`,
  });
}

/**
 * Ends a manual subscription set to cancel at period end once that end has passed: status canceled,
 * the company back on Starter (spec §4: the plan runs to the end of the paid period, then ends). A
 * subscription taken up again meanwhile (no longer cancelling) or moved to Stripe is left alone; a
 * period that moved later is waited for. Stripe subscriptions end at Stripe, and its webhook says so.
 */
export async function endSubscriptionIfDue(deps: AppDeps, companyId: string): Promise<EndOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).for("update");
    if (!sub || sub.provider !== "manual" || !sub.cancelAtPeriodEnd || !(sub.status === "active" || sub.status === "past_due")) return "nothing_to_end";
    if (sub.currentPeriodEnd && sub.currentPeriodEnd > now) {
      await scheduleSubscriptionEnd(tx, { companyId, runAt: sub.currentPeriodEnd });
      return "not_due";
    }
    await tx.update(subscriptions).set({ status: "canceled", updatedAt: now }).where(eq(subscriptions.id, sub.id));
    await tx.update(companies).set({ subscriptionPlan: "starter", nextPaymentDue: null, paymentOverdueDays: 0, updatedAt: now }).where(eq(companies.id, companyId));
    const plan = planOf(sub.plan);
    await recordBillingEvent(tx, { companyId, eventType: "subscription_ended", notes: `${plan.name} plan ended at the end of the period; the company is on Starter.`, now });
    await recordAudit(tx, { companyId, userId: null, action: "subscription.end", entityType: "company", entityId: companyId, data: { plan: sub.plan }, now });
    return "ended";
  });
}

/** The daily safety net: every manual subscription past its end that a scheduled job has not ended yet. */
export async function endDueSubscriptions(deps: AppDeps): Promise<number> {
  const due = await deps.db
    .select({ companyId: subscriptions.companyId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "manual"),
        eq(subscriptions.cancelAtPeriodEnd, true),
        inArray(subscriptions.status, ["active", "past_due"]),
        lte(subscriptions.currentPeriodEnd, deps.now()),
      ),
    );
  let ended = 0;
  for (const { companyId } of due) if ((await endSubscriptionIfDue(deps, companyId)) === "ended") ended++;
  return ended;
}
