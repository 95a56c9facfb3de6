import { eq } from "drizzle-orm";
import { OVERDUE_SUSPENSION_DAYS, type ProcessOverdueResponse } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import { daysBetween } from "../../billing/state";
import type { AppDeps } from "../../context";
import { companies, subscriptions } from "../../db/schema";
import { recordAudit } from "../audit";
import { paymentDue, renews, subscriptionOf } from "./due";
import { mailCompanyAdmin, type AccountNotice } from "./emails";
import { companyAdmin } from "./load";
import { recordAdminBillingEvent } from "./record-event";
import { publishCompanySuspended } from "../team/events";
import { markSuspended } from "./suspend";

/**
 * POST /api/admin/process-overdue, across all companies. An active company whose payment due date has
 * passed gets its overdue days counted, a manual subscription goes to past_due, and its admin is mailed
 * once when it first becomes overdue; past OVERDUE_SUSPENSION_DAYS the account is suspended (with a
 * mail). Running it twice changes nothing more: events are recorded on transitions only.
 */
export async function processOverdueAccounts(deps: AppDeps, input: { actor: UserRow }): Promise<ProcessOverdueResponse> {
  const now = deps.now();
  const active = await deps.db.select().from(companies).where(eq(companies.accountStatus, "active"));
  let markedOverdue = 0;
  let suspended = 0;
  for (const company of active) {
    const outcome = await processCompany(deps, company, input.actor, now);
    if (outcome === "overdue") markedOverdue++;
    if (outcome === "suspended") suspended++;
  }
  return { checked: active.length, markedOverdue, suspended };
}

async function processCompany(deps: AppDeps, company: CompanyRow, actor: UserRow, now: Date): Promise<"none" | "overdue" | "suspended"> {
  const sub = await subscriptionOf(deps.db, company.id);
  const due = paymentDue(company, sub);
  if (!due || due.getTime() >= now.getTime()) return "none";
  const days = Math.max(1, daysBetween(due, now));
  const firstTime = company.paymentOverdueDays === 0;
  // The operator's own company is never suspended by the run: that would lock them out of this screen.
  const suspend = days > OVERDUE_SUSPENSION_DAYS && company.id !== actor.companyId;
  if (!firstTime && !suspend && company.paymentOverdueDays === days) return "none";
  const admin = await companyAdmin(deps.db, company.id);
  const notices: AccountNotice[] = [];
  await deps.db.transaction(async (tx) => {
    await tx.update(companies).set({ paymentOverdueDays: days, updatedAt: now }).where(eq(companies.id, company.id));
    if (renews(sub) && sub.provider === "manual" && sub.status !== "past_due") {
      await tx.update(subscriptions).set({ status: "past_due", updatedAt: now }).where(eq(subscriptions.id, sub.id));
    }
    if (firstTime) {
      await recordAdminBillingEvent(tx, {
        companyId: company.id,
        eventType: "payment_overdue",
        notes: `Payment ${days} ${days === 1 ? "day" : "days"} overdue.`,
        emailSent: admin !== null,
        createdBy: actor.id,
        now,
      });
      notices.push({ kind: "payment_overdue", days, suspendAfterDays: OVERDUE_SUSPENSION_DAYS });
    }
    if (suspend) {
      const reason = `Payment overdue by ${days} days.`;
      await markSuspended(tx, company.id, reason, null, now);
      await recordAdminBillingEvent(tx, { companyId: company.id, eventType: "account_suspended", notes: reason, emailSent: admin !== null, createdBy: actor.id, now });
      notices.push({ kind: "suspended", reason });
    }
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor.id,
      action: suspend ? "company.suspend" : "company.mark_overdue",
      entityType: "company",
      entityId: company.id,
      data: { overdueDays: days, automatic: true },
      now,
    });
  });
  if (suspend) await publishCompanySuspended(deps, company.id);
  for (const notice of notices) await mailCompanyAdmin(deps, admin, company, notice);
  return suspend ? "suspended" : firstTime ? "overdue" : "none";
}
