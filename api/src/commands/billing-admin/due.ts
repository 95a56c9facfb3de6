import { eq } from "drizzle-orm";
import type { CompanyRow } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionOf(db: Db, companyId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return row ?? null;
}

/** A subscription that renews, and so owes its next payment at the end of the period. */
export const renews = (sub: SubscriptionRow | null): sub is SubscriptionRow =>
  sub !== null && (sub.status === "active" || sub.status === "past_due") && !sub.cancelAtPeriodEnd;

/**
 * When the next payment is due. A renewing subscription's period end is kept current by both manual
 * billing and the Stripe webhook, so it wins; otherwise the company's own nextPaymentDue. A subscription
 * that was cancelled (or ends at period end) owes nothing further.
 */
export function paymentDue(company: Pick<CompanyRow, "nextPaymentDue">, sub: SubscriptionRow | null): Date | null {
  if (renews(sub) && sub.currentPeriodEnd) return sub.currentPeriodEnd;
  if (sub && !renews(sub)) return null;
  return company.nextPaymentDue;
}
