import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { planOf, type CreateSubscriptionResponse, type PlanId } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";
import { recordAudit } from "../commands/audit";
import type { AppDeps } from "../context";
import { companies, subscriptions } from "../db/schema";
import { conflict } from "../http/errors";
import { recordBillingEvent } from "./events";
import { issueInvoice } from "./invoices";
import { assertMembersFitPlan, lockCompanySeats } from "./seats";
import { presentSubscription } from "./present";
import { addMonth, loadBillingState, type BillingState } from "./state";
import { stripeClient, stripeFailure, stripePriceFor, type StripeConfig } from "./stripe-client";
import { applyStripeSubscription } from "./sync";

export interface CreateSubscriptionInput {
  actor: UserRow;
  planId: PlanId;
}

/** Live: the company pays (or owes) for it; a new subscription replaces only a dead or unpaid one. */
const isLive = (status: string | undefined) => status === "active" || status === "past_due";

function assertChange(state: BillingState, planId: PlanId): void {
  const sub = state.subscription;
  if (sub && sub.plan === planId && isLive(sub.status) && !sub.cancelAtPeriodEnd) {
    throw conflict(`You are already subscribed to the ${planOf(planId).name} plan.`);
  }
}

/** POST /api/create-subscription: through Stripe when configured, otherwise manual billing. */
export async function createSubscription(deps: AppDeps, input: CreateSubscriptionInput): Promise<CreateSubscriptionResponse> {
  const state = await loadBillingState(deps.db, input.actor.companyId);
  assertChange(state, input.planId);
  const stripe = stripeClient(deps.config);
  if (stripe && deps.config.stripe) return subscribeWithStripe(deps, stripe, deps.config.stripe, state, input);
  return subscribeManually(deps, state, input);
}

/** Manual billing (no payment provider): the plan switches at once, without payment, and says so. */
async function subscribeManually(deps: AppDeps, state: BillingState, input: CreateSubscriptionInput): Promise<CreateSubscriptionResponse> {
  const now = deps.now();
  const { company, subscription } = state;
  const from = planOf(subscription?.plan ?? company.subscriptionPlan);
  const to = planOf(input.planId);
  const samePlanLive = subscription && subscription.plan === to.id && isLive(subscription.status) && subscription.currentPeriodEnd;
  const periodStart = samePlanLive ? subscription.currentPeriodStart : now;
  const periodEnd = samePlanLive ? subscription.currentPeriodEnd : addMonth(now);
  await deps.db.transaction(async (tx) => {
    await lockCompanySeats(tx, company.id);
    await assertMembersFitPlan(tx, { companyId: company.id, planId: to.id });
    const values = {
      plan: to.id,
      status: "active",
      provider: "manual",
      cancelAtPeriodEnd: false,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      stripeSubscriptionId: null,
      updatedAt: now,
    };
    await tx.insert(subscriptions).values({ companyId: company.id, createdAt: now, ...values }).onConflictDoUpdate({ target: subscriptions.companyId, set: values });
    await tx.update(companies).set({ subscriptionPlan: to.id, updatedAt: now }).where(eq(companies.id, company.id));
    // A new period is invoiced (GST/HST of the company's province); keeping the live period is not.
    if (!samePlanLive) await issueInvoice(tx, { companyId: company.id, plan: to.id, periodStart: periodStart ?? now, periodEnd: periodEnd ?? addMonth(now), now });
    await recordBillingEvent(tx, {
      companyId: company.id,
      eventType: from.id === to.id ? "subscription_renewed" : "plan_changed",
      notes: `Manual billing: ${from.name} → ${to.name}, no payment taken.`,
      createdBy: input.actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: company.id,
      userId: input.actor.id,
      action: "subscription.create",
      entityType: "company",
      entityId: company.id,
      data: { provider: "manual", from: from.id, to: to.id },
      now,
    });
  });
  const fresh = await loadBillingState(deps.db, company.id);
  return { subscription: presentSubscription(fresh, deps.config), billingMode: "manual", clientSecret: null, publishableKey: null };
}

async function ensureCustomer(deps: AppDeps, stripe: Stripe, state: BillingState, actor: UserRow): Promise<string> {
  if (state.company.stripeCustomerId) return state.company.stripeCustomerId;
  const customer = await stripe.customers.create(
    { name: state.company.name, email: actor.email, metadata: { companyId: state.company.id } },
    // A retried request (double click, network) must not create a second customer.
    { idempotencyKey: `customer-${state.company.id}` },
  );
  // Saved at once, outside any transaction, so a later failure never orphans the customer.
  await deps.db.update(companies).set({ stripeCustomerId: customer.id, updatedAt: deps.now() }).where(eq(companies.id, state.company.id));
  return customer.id;
}

function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Stripe: the customer (once per company), then either a new subscription in `default_incomplete`
 * whose first invoice the card form confirms with the returned client secret, or, for a company that
 * already pays, a plan change on its live subscription (prorated, no new card needed).
 */
async function subscribeWithStripe(
  deps: AppDeps,
  stripe: Stripe,
  config: StripeConfig,
  state: BillingState,
  input: CreateSubscriptionInput,
): Promise<CreateSubscriptionResponse> {
  const price = stripePriceFor(config, input.planId);
  // Checked before Stripe is asked; the seat lock below then orders this change after any acceptance
  // that was under way (the window between the two is documented in docs/DECISIONS.md).
  await assertMembersFitPlan(deps.db, { companyId: state.company.id, planId: input.planId });
  const metadata = { companyId: state.company.id, plan: input.planId };
  let remote: Stripe.Subscription;
  try {
    const customer = await ensureCustomer(deps, stripe, state, input.actor);
    const current = state.subscription;
    if (current?.provider === "stripe" && current.stripeSubscriptionId && isLive(current.status)) {
      const existing = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
      const item = existing.items.data[0];
      remote = await stripe.subscriptions.update(existing.id, {
        items: [item ? { id: item.id, price } : { price }],
        cancel_at_period_end: false,
        proration_behavior: "create_prorations",
        metadata,
        expand: ["latest_invoice.confirmation_secret"],
      });
    } else {
      remote = await stripe.subscriptions.create({
        customer,
        items: [{ price }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata,
        expand: ["latest_invoice.confirmation_secret"],
      });
    }
  } catch (error) {
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error), companyId: state.company.id }, "stripe subscription failed");
    throw stripeFailure(error);
  }

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockCompanySeats(tx, state.company.id);
    // Stripe's answer is its state as of now. A webhook cannot have moved a new subscription past it
    // yet: the first payment needs the client secret this answer carries.
    await applyStripeSubscription(tx, config, remote, { companyId: state.company.id, now, eventAt: null });
    await recordBillingEvent(tx, {
      companyId: state.company.id,
      eventType: state.subscription?.stripeSubscriptionId === remote.id ? "plan_changed" : "subscription_created",
      amount: planOf(input.planId).price,
      notes: `Stripe subscription ${remote.id} (${planOf(input.planId).name}).`,
      createdBy: input.actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: state.company.id,
      userId: input.actor.id,
      action: "subscription.create",
      entityType: "company",
      entityId: state.company.id,
      data: { provider: "stripe", plan: input.planId, stripeSubscriptionId: remote.id, status: remote.status },
      now,
    });
  });
  const fresh = await loadBillingState(deps.db, state.company.id);
  return {
    subscription: presentSubscription(fresh, deps.config),
    billingMode: "stripe",
    clientSecret: remote.status === "incomplete" ? clientSecretOf(remote) : null,
    publishableKey: config.publishableKey ?? null,
  };
}
