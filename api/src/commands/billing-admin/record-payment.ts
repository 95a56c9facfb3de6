import { eq } from "drizzle-orm";
import { planOf, type RecordPaymentRequest } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import { issueInvoice, payInvoices } from "../../billing/invoices";
import { addMonth, daysBetween } from "../../billing/state";
import type { AppDeps } from "../../context";
import { companies, subscriptions } from "../../db/schema";
import { recordAudit } from "../audit";
import { paymentDue, renews, subscriptionOf } from "./due";
import { mailCompanyAdmin } from "./emails";
import { companyAdmin } from "./load";
import { recordAdminBillingEvent } from "./record-event";

export interface RecordPaymentInput {
  actor: UserRow;
  company: CompanyRow;
  request: RecordPaymentRequest;
}

/**
 * A payment received outside the product (cheque, wire). It pays the period that was due: the due date
 * moves on one month from the old due date (not from today), so a company two months behind that pays
 * once is still overdue. A manual subscription follows; a Stripe one is left to Stripe.
 * Reactivating a suspended account stays a separate, explicit step.
 */
export async function recordPayment(deps: AppDeps, input: RecordPaymentInput): Promise<CompanyRow> {
  const { actor, company, request } = input;
  const now = deps.now();
  const amountCents = Math.round(request.amount * 100);
  const sub = await subscriptionOf(deps.db, company.id);
  const due = paymentDue(company, sub);
  const nextDue = due ? addMonth(due) : null;
  const overdueDays = nextDue && nextDue.getTime() < now.getTime() ? Math.max(1, daysBetween(nextDue, now)) : 0;
  const admin = await companyAdmin(deps.db, company.id);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({
        lastPaymentDate: now,
        nextPaymentDue: nextDue,
        paymentOverdueDays: overdueDays,
        ...(request.notes ? { adminNotes: request.notes } : {}),
        updatedAt: now,
      })
      .where(eq(companies.id, company.id))
      .returning();
    if (renews(sub) && sub.provider === "manual" && due && nextDue) {
      await tx
        .update(subscriptions)
        .set({ currentPeriodStart: due, currentPeriodEnd: nextDue, status: overdueDays > 0 ? "past_due" : "active", updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      await issueInvoice(tx, { companyId: company.id, plan: planOf(sub.plan).id, periodStart: due, periodEnd: nextDue, now });
    }
    // The payment settles unpaid invoices oldest first, each one it covers in full (their receipts).
    await payInvoices(tx, { companyId: company.id, amountCents, note: request.notes ?? null, now });
    await recordAdminBillingEvent(tx, {
      companyId: company.id,
      eventType: "payment_received",
      amount: amountCents,
      notes: request.notes ?? null,
      emailSent: admin !== null,
      createdBy: actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor.id,
      action: "company.record_payment",
      entityType: "company",
      entityId: company.id,
      data: { amount: amountCents, currency: "CAD" },
      now,
    });
    return row!;
  });
  await mailCompanyAdmin(deps, admin, company, { kind: "payment_received", amountCents, nextPaymentDue: nextDue });
  return updated;
}
