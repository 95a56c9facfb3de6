import type { Db } from "../db/client";
import { billingEvents } from "../db/schema";

export interface BillingEventInput {
  companyId: string;
  /** Underscored words (spec §3 "Billing event"). */
  eventType: string;
  amount?: number | null;
  notes?: string | null;
  createdBy?: string | null;
  now: Date;
}

/** One line of a company's billing history (Billing Administration, Settings › Billing). */
export async function recordBillingEvent(tx: Db, input: BillingEventInput): Promise<void> {
  await tx.insert(billingEvents).values({
    companyId: input.companyId,
    eventType: input.eventType,
    amount: input.amount ?? null,
    adminNotes: input.notes ?? null,
    createdBy: input.createdBy ?? null,
    createdAt: input.now,
  });
}
