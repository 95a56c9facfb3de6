import type { Db } from "../../db/client";
import { billingEvents } from "../../db/schema";

export interface AdminBillingEventInput {
  companyId: string;
  /** Underscored words (spec §3 "Billing event"). */
  eventType: string;
  amount?: number | null;
  notes?: string | null;
  /** True when the company admin is mailed about it (the mail goes out after the commit, via the outbox). */
  emailSent: boolean;
  createdBy: string | null;
  now: Date;
}

/** Like billing/events.ts, plus `emailSent`, which the admin screen shows per event. */
export async function recordAdminBillingEvent(tx: Db, input: AdminBillingEventInput): Promise<void> {
  await tx.insert(billingEvents).values({
    companyId: input.companyId,
    eventType: input.eventType,
    amount: input.amount ?? null,
    adminNotes: input.notes ?? null,
    emailSent: input.emailSent,
    createdBy: input.createdBy,
    createdAt: input.now,
  });
}

/** "reason" and optional operator notes as one line of the billing history. */
export function joinNotes(...parts: (string | undefined | null)[]): string | null {
  const text = parts.filter((p): p is string => Boolean(p && p.trim())).join(" — ");
  return text === "" ? null : text;
}
