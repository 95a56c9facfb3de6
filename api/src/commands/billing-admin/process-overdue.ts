import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { OVERDUE_SUSPENSION_DAYS, type ProcessOverdueResponse } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import { daysBetween } from "../../billing/state";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { companies, subscriptions, users } from "../../db/schema";
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
export async function processOverdueAccounts(deps: AppDeps, input: { actor: UserRow | null }): Promise<ProcessOverdueResponse> {
  const now = deps.now();
  const active = await deps.db.select().from(companies).where(eq(companies.accountStatus, "active"));
  const spared = await operatorCompanies(deps.db, deps.config.platformAdminEmails);
  if (input.actor) spared.add(input.actor.companyId);
  let markedOverdue = 0;
  let suspended = 0;
  for (const company of active) {
    const outcome = await processCompany(deps, company, input.actor, spared, now);
    if (outcome === "overdue") markedOverdue++;
    if (outcome === "suspended") suspended++;
  }
  return { checked: active.length, markedOverdue, suspended };
}

/**
 * The platform operators' own companies are never suspended by a run: that would lock the operators
 * out of Billing Administration (the daily job has no actor, so they are found by PLATFORM_ADMIN_EMAILS).
 */
async function operatorCompanies(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ companyId: users.companyId })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), isNotNull(users.emailVerifiedAt)));
  return new Set(rows.map((r) => r.companyId));
}

/** `actor` null: the daily billing job (billing/jobs.ts), which acts as nobody. */
async function processCompany(deps: AppDeps, company: CompanyRow, actor: UserRow | null, spared: Set<string>, now: Date): Promise<"none" | "overdue" | "suspended"> {
  const sub = await subscriptionOf(deps.db, company.id);
  const due = paymentDue(company, sub);
  if (!due || due.getTime() >= now.getTime()) return "none";
  const days = Math.max(1, daysBetween(due, now));
  const firstTime = company.paymentOverdueDays === 0;
  const suspend = days > OVERDUE_SUSPENSION_DAYS && !spared.has(company.id);
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
        createdBy: actor?.id ?? null,
        now,
      });
      notices.push({ kind: "payment_overdue", days, suspendAfterDays: OVERDUE_SUSPENSION_DAYS });
    }
    if (suspend) {
      const reason = `Payment overdue by ${days} days.`;
      await markSuspended(tx, company.id, reason, null, now);
      await recordAdminBillingEvent(tx, { companyId: company.id, eventType: "account_suspended", notes: reason, emailSent: admin !== null, createdBy: actor?.id ?? null, now });
      notices.push({ kind: "suspended", reason });
    }
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor?.id ?? null,
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
