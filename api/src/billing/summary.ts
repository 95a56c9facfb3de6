import { desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { BillingSummaryResponse, PaymentMethodSummary } from "@clausewise/shared";
import type { AppDeps } from "../context";
import { billingEvents } from "../db/schema";
import { presentSubscription } from "./present";
import { loadBillingState, type BillingState } from "./state";
import { stripeClient } from "./stripe-client";

const HISTORY_LIMIT = 24;

/** "payment_received" → "Payment received" */
export const describeEventType = (eventType: string) => {
  const words = eventType.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): PaymentMethodSummary | null {
  if (!pm || typeof pm === "string" || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month ?? null, expYear: pm.card.exp_year ?? null };
}

/**
 * The card on file, read from Stripe: the subscription's default payment method, else the customer's.
 * Stripe being unreachable leaves the summary without a card rather than failing the page.
 */
async function paymentMethodOf(deps: AppDeps, state: BillingState): Promise<PaymentMethodSummary | null> {
  const stripe = stripeClient(deps.config);
  if (!stripe) return null;
  try {
    const subId = state.subscription?.provider === "stripe" ? state.subscription.stripeSubscriptionId : null;
    if (subId) {
      const sub = await stripe.subscriptions.retrieve(subId, { expand: ["default_payment_method"] });
      const card = cardOf(sub.default_payment_method);
      if (card) return card;
    }
    if (state.company.stripeCustomerId) {
      const customer = await stripe.customers.retrieve(state.company.stripeCustomerId, { expand: ["invoice_settings.default_payment_method"] });
      if (!customer.deleted) return cardOf(customer.invoice_settings?.default_payment_method);
    }
  } catch (error) {
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error), companyId: state.company.id }, "stripe payment method unavailable");
  }
  return null;
}

/** GET /api/billing/summary: Settings › Billing from real records (DESIGN.md §6). */
export async function billingSummary(deps: AppDeps, companyId: string): Promise<BillingSummaryResponse> {
  const state = await loadBillingState(deps.db, companyId);
  const sub = presentSubscription(state, deps.config);
  const [events, paymentMethod] = await Promise.all([
    deps.db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId)).orderBy(desc(billingEvents.createdAt)).limit(HISTORY_LIMIT),
    paymentMethodOf(deps, state),
  ]);
  return {
    plan: sub.plan,
    planName: sub.planName,
    amount: sub.amount,
    currency: "CAD",
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: state.subscription?.currentPeriodEnd?.toISOString() ?? null,
    billingMode: sub.billingMode,
    paymentMethod,
    history: events.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      description: describeEventType(e.eventType),
      amount: e.amount,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
