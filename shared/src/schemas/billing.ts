import { z } from "zod";
import { PLAN_IDS, SUBSCRIPTION_STATUSES, type PlanId } from "../enums";

/** -1 means unlimited for contract and team member limits (spec §9). */
export const UNLIMITED = -1;

/** Spec §9: the 'Approaching limit' warning shows above 80 % of a limit. */
export const APPROACHING_LIMIT_RATIO = 0.8;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Integer cents per month, CAD (spec §3, §9). */
  price: number;
  /** Contracts uploaded per calendar month (UTC); -1 unlimited. */
  contractLimit: number;
  /** Active team members; -1 unlimited. */
  teamMemberLimit: number;
  popular: boolean;
  features: string[];
}

/**
 * The features a plan unlocks, in one table: the server enforces them (403 `plan_upgrade_required`)
 * and the Pricing cards list them, so the page never sells what the server gives everyone. `plan` is
 * the first plan that has the feature; every plan above it has it too.
 */
export const PLAN_FEATURES = {
  contractAnalysis: { name: "AI contract analysis", plan: "starter" },
  riskAssessment: { name: "Risk assessment", plan: "starter" },
  approvalWorkflows: { name: "Approval workflows and live collaboration", plan: "starter" },
  jurisdictionalAnalysis: { name: "Jurisdictional compliance analysis", plan: "professional" },
  analytics: { name: "Analytics dashboard", plan: "professional" },
  apiAccess: { name: "API access", plan: "enterprise" },
} as const satisfies Record<string, { name: string; plan: PlanId }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;

/** Support levels are promises of the support team, not switches of the software. */
const SUPPORT: Record<PlanId, string> = { starter: "Email support", professional: "Priority support", enterprise: "24/7 emergency support" };

const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

export function planHasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return rank(plan) >= rank(PLAN_FEATURES[feature].plan);
}

function featureList(plan: PlanId, limits: string[]): string[] {
  const features = (Object.keys(PLAN_FEATURES) as PlanFeature[]).filter((f) => planHasFeature(plan, f)).map((f) => PLAN_FEATURES[f].name);
  return [...limits, ...features, SUPPORT[plan]];
}

/** The three plans of spec §9. Starter is the 99-a-month plan of the Settings default and carries the default contract limit of 50 a month. */
export const PLANS: Record<PlanId, PlanDefinition> = {
  starter: {
    id: "starter",
    name: "Starter",
    price: 9900,
    contractLimit: 50,
    teamMemberLimit: 5,
    popular: false,
    features: featureList("starter", ["50 contracts per month", "Up to 5 team members"]),
  },
  professional: {
    id: "professional",
    name: "Professional",
    price: 29900,
    contractLimit: 200,
    teamMemberLimit: 25,
    popular: true,
    features: featureList("professional", ["200 contracts per month", "Up to 25 team members"]),
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    price: 79900,
    contractLimit: UNLIMITED,
    teamMemberLimit: UNLIMITED,
    popular: false,
    features: featureList("enterprise", ["Unlimited contracts", "Unlimited team members"]),
  },
};

/** The 403 message of a feature the company's plan lacks: what it is, which plan has it, where to upgrade. */
export function planUpgradeMessage(feature: PlanFeature, current: PlanId): string {
  const needed = PLANS[PLAN_FEATURES[feature].plan].name;
  return `${PLAN_FEATURES[feature].name} is part of the ${needed} plan; your company is on the ${PLANS[current].name} plan. An administrator can upgrade in Settings › Billing and Subscription.`;
}

export const planOf = (id: string): PlanDefinition => PLANS[(PLAN_IDS as readonly string[]).includes(id) ? (id as PlanId) : "starter"];

/** True when `used` is above 80 % of a finite limit (spec §9); never for unlimited. */
export function isApproachingLimit(used: number, limit: number): boolean {
  return limit !== UNLIMITED && limit > 0 && used > limit * APPROACHING_LIMIT_RATIO;
}

/** GET /api/subscription-plans (spec §3 "Subscription plan", plus the limits the cards show). */
export const subscriptionPlan = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number().int(),
  features: z.array(z.string()),
  contractLimit: z.number().int(),
  teamMemberLimit: z.number().int(),
  popular: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

/** GET /api/usage (spec §3 "Usage"); teamMembers and approachingLimit are ours. */
export const usageResponse = z.object({
  currentPlan: z.enum(PLAN_IDS),
  contractsThisMonth: z.number().int(),
  contractLimit: z.number().int(),
  teamMembers: z.number().int(),
  teamMemberLimit: z.number().int(),
  features: z.array(z.string()),
  approachingLimit: z.boolean(),
});
export type UsageResponse = z.infer<typeof usageResponse>;

/** "incomplete": a Stripe subscription waiting for its first payment. */
export const BILLING_SUBSCRIPTION_STATUSES = [...SUBSCRIPTION_STATUSES, "incomplete"] as const;
export type BillingSubscriptionStatus = (typeof BILLING_SUBSCRIPTION_STATUSES)[number];

export const BILLING_MODES = ["manual", "stripe"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * GET /api/subscription (spec §3 "Subscription (billing)", snake_case as the spec names it; periods in
 * unix seconds), plus the Settings view (planName, amount) and what the page needs to take a card.
 */
export const subscriptionResponse = z.object({
  plan: z.enum(PLAN_IDS),
  planName: z.string(),
  /** Monthly price of the plan in cents. */
  amount: z.number().int(),
  status: z.enum(BILLING_SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  /** manual: plans switch without payment (no payment provider configured). */
  billingMode: z.enum(BILLING_MODES),
  /** Stripe.js public key; null in manual mode. */
  publishableKey: z.string().nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** POST /api/create-subscription */
export const createSubscriptionRequest = z.object({
  planId: z.enum(PLAN_IDS, { error: "Please choose a plan: starter, professional or enterprise." }),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequest>;

/**
 * The answer of POST /api/create-subscription. In Stripe mode a non-null clientSecret means the card
 * form must confirm the first payment (Stripe.js `confirmPayment` with the publishable key).
 */
export const createSubscriptionResponse = z.object({
  subscription: subscriptionResponse,
  billingMode: z.enum(BILLING_MODES),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

export const paymentMethodSummary = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type PaymentMethodSummary = z.infer<typeof paymentMethodSummary>;

export const billingHistoryEntry = z.object({
  id: z.string(),
  /** Underscored words, e.g. payment_received, payment_failed, plan_changed. */
  eventType: z.string(),
  description: z.string(),
  /** Cents, or null for events without money. */
  amount: z.number().int().nullable(),
  createdAt: z.string(),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntry>;

/** GET /api/billing/summary: Settings › Billing from real records (DESIGN.md §6). */
export const billingSummaryResponse = z.object({
  plan: z.enum(PLAN_IDS),
  planName: z.string(),
  amount: z.number().int(),
  currency: z.literal("CAD"),
  status: z.enum(BILLING_SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  billingMode: z.enum(BILLING_MODES),
  paymentMethod: paymentMethodSummary.nullable(),
  history: z.array(billingHistoryEntry),
});
export type BillingSummaryResponse = z.infer<typeof billingSummaryResponse>;

/** Spec §2, §8: the exact texts of the subscription screens. */
export const BILLING_MESSAGES = {
  accessRestricted: "Only administrators can access billing and subscription management.",
  subscriptionCreated: "Subscription Created",
  subscriptionFailed: "Subscription Failed",
  subscriptionCanceled: "Subscription Canceled",
  cancellationFailed: "Cancellation Failed",
  paymentSystemError: "Payment System Error",
  approachingLimit: "Approaching limit",
} as const;
