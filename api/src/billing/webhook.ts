import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { companies, subscriptions, webhookEvents } from "../db/schema";
import { AppError, badRequest, notFound } from "../http/errors";
import { recordBillingEvent } from "./events";
import { lockCompanySeats, membersOverPlan } from "./seats";
import { daysBetween, type SubscriptionRow } from "./state";
import { stripeClient, type StripeConfig } from "./stripe-client";
import { applyStripeSubscription, mapStripeStatus } from "./sync";

export type WebhookOutcome = "applied" | "duplicate" | "stale" | "ignored";

/**
 * POST /api/webhooks/stripe. The signature is checked over the raw body before anything is parsed.
 * Each event id is applied once (webhook_events, in the same transaction as its effects, so a failed
 * attempt is retried by Stripe and applied then). Stripe does not promise order: an event older than
 * the newest one applied to a company still lands in the billing history but no longer changes its
 * status, period or overdue days.
 */
export async function receiveStripeWebhook(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const config = deps.config.stripe;
  const stripe = stripeClient(deps.config);
  if (!config || !stripe) throw notFound("No such API endpoint.");
  if (!config.webhookSecret) throw new AppError("unavailable", "Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).");
  if (!signature) throw badRequest("The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
  } catch {
    throw badRequest("The Stripe signature does not match this payload.");
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate" as const;
    return applyEvent(tx, config, event, deps.now());
  });
  deps.logger.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
  return outcome;
}

type Target = { companyId: string; row: SubscriptionRow | null };

async function targetOf(tx: Db, customer: string | { id: string } | null, companyIdHint: string | undefined): Promise<Target | null> {
  const customerId = typeof customer === "string" ? customer : customer?.id;
  let companyId: string | undefined;
  if (customerId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.stripeCustomerId, customerId)).limit(1);
    companyId = company?.id;
  }
  if (!companyId && companyIdHint && /^[0-9a-f-]{36}$/i.test(companyIdHint)) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyIdHint)).limit(1);
    companyId = company?.id;
  }
  if (!companyId) return null;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return { companyId, row: row ?? null };
}

const isStale = (target: Target, eventAt: Date) => Boolean(target.row?.lastEventAt && eventAt < target.row.lastEventAt);

async function touch(tx: Db, target: Target, eventAt: Date, now: Date) {
  if (target.row) await tx.update(subscriptions).set({ lastEventAt: eventAt, updatedAt: now }).where(eq(subscriptions.companyId, target.companyId));
}

async function applyEvent(tx: Db, config: StripeConfig, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const sub = event.data.object;
      const target = await targetOf(tx, sub.customer, sub.metadata?.companyId);
      if (!target) return "ignored";
      // An old subscription dying (an abandoned incomplete one expiring) must not overwrite the live one.
      if (target.row?.stripeSubscriptionId && target.row.stripeSubscriptionId !== sub.id && mapStripeStatus(sub.status) !== "active") return "ignored";
      if (event.type === "customer.subscription.deleted") {
        await recordBillingEvent(tx, { companyId: target.companyId, eventType: "subscription_ended", notes: `Stripe subscription ${sub.id} ended.`, now: eventAt });
      }
      if (isStale(target, eventAt)) return "stale";
      // A plan change made at Stripe cannot be refused here; the lock orders it with seat changes, and
      // from then on every invitation, acceptance and reactivation is checked against the new plan.
      await lockCompanySeats(tx, target.companyId);
      await applyStripeSubscription(tx, config, sub, { companyId: target.companyId, now, eventAt });
      const over = await membersOverPlan(tx, target.companyId);
      if (over > 0) {
        await recordBillingEvent(tx, {
          companyId: target.companyId,
          eventType: "seats_over_limit",
          notes: `The plan set at Stripe allows ${over} fewer active ${over === 1 ? "member" : "members"} than the company has; no new members can join until members are deactivated.`,
          now: eventAt,
        });
      }
      return "applied";
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const target = await targetOf(tx, invoice.customer, undefined);
      if (!target) return "ignored";
      await recordBillingEvent(tx, {
        companyId: target.companyId,
        eventType: "payment_received",
        amount: invoice.amount_paid,
        notes: `Stripe invoice ${invoice.number ?? invoice.id ?? ""}`.trim(),
        now: eventAt,
      });
      if (isStale(target, eventAt)) return "stale";
      await tx.update(companies).set({ lastPaymentDate: eventAt, paymentOverdueDays: 0, updatedAt: now }).where(eq(companies.id, target.companyId));
      await touch(tx, target, eventAt, now);
      return "applied";
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const target = await targetOf(tx, invoice.customer, undefined);
      if (!target) return "ignored";
      await recordBillingEvent(tx, {
        companyId: target.companyId,
        eventType: "payment_failed",
        amount: invoice.amount_due,
        notes: `Stripe invoice ${invoice.number ?? invoice.id ?? ""}`.trim(),
        now: eventAt,
      });
      if (isStale(target, eventAt)) return "stale";
      const due = new Date((invoice.due_date ?? invoice.created) * 1000);
      await tx
        .update(companies)
        .set({ paymentOverdueDays: Math.max(1, daysBetween(due, now)), updatedAt: now })
        .where(eq(companies.id, target.companyId));
      await touch(tx, target, eventAt, now);
      return "applied";
    }
    default:
      return "ignored";
  }
}
