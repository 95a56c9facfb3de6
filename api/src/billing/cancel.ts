import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { planOf, type SubscriptionResponse } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";
import { recordAudit } from "../commands/audit";
import type { AppDeps } from "../context";
import { subscriptions } from "../db/schema";
import { conflict } from "../http/errors";
import { recordBillingEvent } from "./events";
import { scheduleSubscriptionEnd } from "./lifecycle";
import { presentSubscription } from "./present";
import { loadBillingState } from "./state";
import { stripeClient, stripeFailure } from "./stripe-client";
import { applyStripeSubscription } from "./sync";

/**
 * POST /api/cancel-subscription: the plan runs to the end of the paid period (cancel_at_period_end),
 * then ends (spec §4). Fees are non-refundable, so nothing is refunded.
 */
export async function cancelSubscription(deps: AppDeps, input: { actor: UserRow }): Promise<SubscriptionResponse> {
  const state = await loadBillingState(deps.db, input.actor.companyId);
  const sub = state.subscription;
  if (!sub || !(sub.status === "active" || sub.status === "past_due")) throw conflict("There is no active subscription to cancel.");
  if (sub.cancelAtPeriodEnd) throw conflict("Your subscription is already set to end at the end of the current period.");

  const stripe = stripeClient(deps.config);
  let remote: Stripe.Subscription | null = null;
  if (sub.provider === "stripe" && sub.stripeSubscriptionId) {
    if (!stripe) throw conflict("This subscription is billed through Stripe, which is not configured on this server.");
    try {
      remote = await stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true });
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error), companyId: state.company.id }, "stripe cancel failed");
      throw stripeFailure(error);
    }
  }

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (remote && deps.config.stripe) await applyStripeSubscription(tx, deps.config.stripe, remote, { companyId: state.company.id, now, eventAt: null });
    else {
      await tx.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: now }).where(eq(subscriptions.companyId, state.company.id));
      // Manual billing has no provider to end it: a durable job does, at the period's end.
      await scheduleSubscriptionEnd(tx, { companyId: state.company.id, runAt: sub.currentPeriodEnd ?? now });
    }
    await recordBillingEvent(tx, {
      companyId: state.company.id,
      eventType: "subscription_canceled",
      notes: `${planOf(sub.plan).name} plan ends at the end of the current period.`,
      createdBy: input.actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: state.company.id,
      userId: input.actor.id,
      action: "subscription.cancel",
      entityType: "company",
      entityId: state.company.id,
      data: { provider: sub.provider, plan: sub.plan },
      now,
    });
  });
  return presentSubscription(await loadBillingState(deps.db, state.company.id), deps.config);
}
