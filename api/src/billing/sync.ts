import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { planOf, type BillingSubscriptionStatus, type PlanId } from "@clausewise/shared";
import type { Db } from "../db/client";
import { companies, subscriptions } from "../db/schema";
import type { StripeConfig } from "./stripe-client";
import { planForPrice } from "./stripe-client";

/** Stripe's many statuses folded into the spec's three, plus "incomplete" (waiting for the first payment). */
export function mapStripeStatus(status: Stripe.Subscription.Status | string): BillingSubscriptionStatus {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

const fromUnix = (s: number | null | undefined) => (typeof s === "number" ? new Date(s * 1000) : null);

/**
 * The billing period. Since API version 2025-03-31 it lives on the subscription items; older payloads
 * (and older API versions pinned on an account) still carry it on the subscription itself.
 */
export function stripePeriod(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = sub.items?.data?.[0];
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    start: fromUnix(item?.current_period_start ?? legacy.current_period_start),
    end: fromUnix(item?.current_period_end ?? legacy.current_period_end),
  };
}

export function stripePlan(config: StripeConfig, sub: Stripe.Subscription): PlanId | null {
  const fromPrice = planForPrice(config, sub.items?.data?.[0]?.price?.id);
  if (fromPrice) return fromPrice;
  const meta = sub.metadata?.plan;
  return meta ? planOf(meta).id : null;
}

export interface ApplyOptions {
  companyId: string;
  now: Date;
  /** The webhook event's time; null when the state comes from our own API call. */
  eventAt: Date | null;
}

/**
 * Writes a Stripe subscription onto the company's row. The company's plan (which sets its limits)
 * follows only a paid-up subscription; an incomplete one leaves the plan it had. A canceled
 * subscription puts the company back on Starter.
 */
export async function applyStripeSubscription(tx: Db, config: StripeConfig, sub: Stripe.Subscription, options: ApplyOptions): Promise<BillingSubscriptionStatus> {
  const status = mapStripeStatus(sub.status);
  const period = stripePeriod(sub);
  const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.companyId, options.companyId)).limit(1);
  const plan = stripePlan(config, sub) ?? planOf(existing?.plan ?? "starter").id;
  const values = {
    plan,
    status,
    provider: "stripe",
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    stripeSubscriptionId: sub.id,
    updatedAt: options.now,
    ...(options.eventAt ? { lastEventAt: options.eventAt } : {}),
  };
  await tx
    .insert(subscriptions)
    .values({ companyId: options.companyId, createdAt: options.now, ...values })
    .onConflictDoUpdate({ target: subscriptions.companyId, set: values });
  const companyPlan = status === "active" || status === "past_due" ? plan : status === "canceled" ? "starter" : null;
  if (companyPlan) {
    await tx
      .update(companies)
      .set({ subscriptionPlan: companyPlan, nextPaymentDue: status === "canceled" ? null : period.end, updatedAt: options.now })
      .where(eq(companies.id, options.companyId));
  }
  return status;
}
