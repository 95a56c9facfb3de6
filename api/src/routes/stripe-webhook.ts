import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";
import { receiveStripeWebhook } from "../billing/webhook";
import { payloadTooLarge } from "../http/validate";

const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/webhooks/stripe: authenticated by Stripe's signature over the exact bytes received, so the
 * body is read as text and never re-serialised; exempt from the Origin check (http/security.ts).
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post(
  "/webhooks/stripe",
  bodyLimit({
    maxSize: MAX_WEBHOOK_BYTES,
    onError: () => {
      throw payloadTooLarge("The webhook payload is too large.");
    },
  }),
  async (c) => {
    const outcome = await receiveStripeWebhook(c.get("deps"), await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true, outcome });
  },
);
