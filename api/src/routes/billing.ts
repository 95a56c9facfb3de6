import { Hono, type Context } from "hono";
import { BILLING_MESSAGES, PLAN_IDS, PLANS, createSubscriptionRequest, type SubscriptionPlan } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { cancelSubscription } from "../billing/cancel";
import { presentSubscription } from "../billing/present";
import { loadBillingState } from "../billing/state";
import { createSubscription } from "../billing/subscribe";
import { billingSummary } from "../billing/summary";
import { computeUsage } from "../billing/usage";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize, canManageSubscription } from "../policies";

const PLAN_LIST: SubscriptionPlan[] = PLAN_IDS.map((id) => {
  const { name, price, features, contractLimit, teamMemberLimit, popular } = PLANS[id];
  return { id, name, price, features: [...features], contractLimit, teamMemberLimit, popular };
});

/** Subscription management is the company admin's (spec §6); the check runs before the body is read. */
export function billingAdmin(c: Context<AppEnv>) {
  const { user, company } = requireAuth(c);
  authorize(canManageSubscription(user, company), BILLING_MESSAGES.accessRestricted);
  return { user, company };
}

const requireBillingAdmin = (c: Context<AppEnv>) => billingAdmin(c).user;

/** Spec §7: plans, usage, the subscription and its changes; GET /api/billing/summary for Settings › Billing. */
export const billingRoutes = new Hono<AppEnv>()
  // The price list is public, like any pricing page.
  .get("/subscription-plans", (c) => c.json(PLAN_LIST))
  .get("/usage", async (c) => {
    const { user } = requireAuth(c);
    return c.json(await computeUsage(c.get("deps").db, user.companyId, c.get("deps").now()));
  })
  .get("/subscription", async (c) => {
    const user = requireBillingAdmin(c);
    return c.json(presentSubscription(await loadBillingState(c.get("deps").db, user.companyId), c.get("deps").config));
  })
  .post("/create-subscription", async (c) => {
    const user = requireBillingAdmin(c);
    const { planId } = await jsonBody(c, createSubscriptionRequest);
    return c.json(await createSubscription(c.get("deps"), { actor: user, planId }), 201);
  })
  .post("/cancel-subscription", async (c) => {
    const user = requireBillingAdmin(c);
    return c.json(await cancelSubscription(c.get("deps"), { actor: user }));
  })
  .get("/billing/summary", async (c) => {
    const user = requireBillingAdmin(c);
    return c.json(await billingSummary(c.get("deps"), user.companyId));
  });
