import { planOf, type BillingSubscriptionStatus, type SubscriptionResponse, BILLING_SUBSCRIPTION_STATUSES } from "@clausewise/shared";
import type { Config } from "../env";
import type { BillingState } from "./state";

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function subscriptionStatus(value: string | undefined): BillingSubscriptionStatus {
  return (BILLING_SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? "") ? (value as BillingSubscriptionStatus) : "active";
}

/**
 * GET /api/subscription. A company without a row is on its company plan, active, with no period: the
 * state every new company starts in (signup creates the row, older data may not have one).
 */
export function presentSubscription(state: BillingState, config: Config): SubscriptionResponse {
  const { company, subscription } = state;
  const plan = planOf(subscription?.plan ?? company.subscriptionPlan);
  return {
    plan: plan.id,
    planName: plan.name,
    amount: plan.price,
    status: subscriptionStatus(subscription?.status),
    cancel_at_period_end: subscription?.cancelAtPeriodEnd ?? false,
    current_period_start: seconds(subscription?.currentPeriodStart ?? null),
    current_period_end: seconds(subscription?.currentPeriodEnd ?? null),
    billingMode: config.stripe ? "stripe" : "manual",
    publishableKey: config.stripe?.publishableKey ?? null,
  };
}
