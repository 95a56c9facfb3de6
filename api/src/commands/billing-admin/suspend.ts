import { eq, inArray } from "drizzle-orm";
import type { SuspendCompanyRequest } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { companies, sessions, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { publishCompanySuspended } from "../team/events";
import { mailCompanyAdmin } from "./emails";
import { companyAdmin } from "./load";
import { joinNotes, recordAdminBillingEvent } from "./record-event";

export interface SuspendInput {
  actor: UserRow;
  company: CompanyRow;
  request: SuspendCompanyRequest;
}

/**
 * Suspends every user of the company: sign-in (commands/auth/login.ts) and every session and API key
 * (auth/sessions.ts) already refuse a company whose account is not active; the sessions are also
 * deleted, so nothing signed in before the suspension outlives it.
 */
export async function suspendCompany(deps: AppDeps, input: SuspendInput): Promise<CompanyRow> {
  const { actor, company, request } = input;
  if (company.accountStatus !== "active") throw conflict("This company's account is not active, so it cannot be suspended.");
  // An operator suspending their own company would lock themselves out of this screen.
  if (company.id === actor.companyId) throw conflict("You cannot suspend the account of your own company.");
  const now = deps.now();
  const admin = await companyAdmin(deps.db, company.id);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await markSuspended(tx, company.id, request.reason, request.notes ?? null, now);
    await recordAdminBillingEvent(tx, {
      companyId: company.id,
      eventType: "account_suspended",
      notes: joinNotes(request.reason, request.notes),
      emailSent: admin !== null,
      createdBy: actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor.id,
      action: "company.suspend",
      entityType: "company",
      entityId: company.id,
      data: { reason: request.reason },
      now,
    });
    return row;
  });
  await publishCompanySuspended(deps, company.id);
  await mailCompanyAdmin(deps, admin, company, { kind: "suspended", reason: request.reason });
  return updated;
}

/** Shared with process-overdue: the status change and the end of every session of the company. */
export async function markSuspended(tx: Db, companyId: string, reason: string, notes: string | null, now: Date): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ accountStatus: "suspended", suspendedReason: reason, ...(notes ? { adminNotes: notes } : {}), updatedAt: now })
    .where(eq(companies.id, companyId))
    .returning();
  await tx.delete(sessions).where(inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))));
  return row!;
}
