import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { PlanId } from "@clausewise/shared";
import type { Config } from "../env";
import { AppError } from "../http/errors";

export type StripeConfig = NonNullable<Config["stripe"]>;

const clients = new WeakMap<StripeConfig, Stripe>();

// The SDK is loaded on first use (~18 MB of a fresh server's RSS, issue 15), synchronously: only
// deployments that bill through Stripe ever load it. Only this file loads the SDK's code (the other
// billing files import its types), so there is one copy of its classes (StripeError below).
const load = createRequire(import.meta.url);
let sdk: typeof Stripe | null = null;
const stripeSdk = (): typeof Stripe => (sdk ??= load("stripe") as typeof Stripe);

/**
 * The Stripe SDK for this deployment, or null in manual billing mode (no STRIPE_SECRET_KEY).
 * STRIPE_API_BASE points the SDK at another host (tests: a local server speaking Stripe's API).
 */
export function stripeClient(config: Config): Stripe | null {
  const stripe = config.stripe;
  if (!stripe) return null;
  let client = clients.get(stripe);
  if (!client) {
    const base = stripe.apiBase ? new URL(stripe.apiBase) : null;
    const StripeSdk = stripeSdk();
    client = new StripeSdk(stripe.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "http:" ? 80 : 443),
            protocol: base.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
    clients.set(stripe, client);
  }
  return client;
}

export function stripePriceFor(config: StripeConfig, plan: PlanId): string {
  const price = config.prices?.[plan];
  if (!price) {
    throw new AppError("unavailable", `The ${plan} plan cannot be bought online yet: its Stripe price is not configured (STRIPE_PRICE_${plan.toUpperCase()}).`);
  }
  return price;
}

/** The plan a Stripe price id stands for, if it is one of ours. */
export function planForPrice(config: StripeConfig, priceId: string | null | undefined): PlanId | null {
  if (!priceId) return null;
  const entry = Object.entries(config.prices ?? {}).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PlanId) : null;
}

/** A Stripe failure becomes a clear 503 the page shows as 'Subscription Failed'; its text never leaks keys. */
export function stripeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // No SDK loaded: the error cannot be one of its.
  const message = sdk !== null && error instanceof sdk.errors.StripeError && error.type === "StripeCardError" ? error.message : "The payment provider did not answer. Please try again in a moment.";
  return new AppError("unavailable", message);
}
