import { eq } from "drizzle-orm";
import type { ReactivateCompanyRequest } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { companies } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { mailCompanyAdmin } from "./emails";
import { companyAdmin } from "./load";
import { recordAdminBillingEvent } from "./record-event";

export interface ReactivateInput {
  actor: UserRow;
  company: CompanyRow;
  request: ReactivateCompanyRequest;
}

/** Spec §4: a non-active company (suspended or cancelled) can be reactivated; its users can sign in again. */
export async function reactivateCompany(deps: AppDeps, input: ReactivateInput): Promise<CompanyRow> {
  const { actor, company, request } = input;
  if (company.accountStatus === "active") throw conflict("This company's account is already active.");
  const now = deps.now();
  const admin = await companyAdmin(deps.db, company.id);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ accountStatus: "active", suspendedReason: null, ...(request.notes ? { adminNotes: request.notes } : {}), updatedAt: now })
      .where(eq(companies.id, company.id))
      .returning();
    await recordAdminBillingEvent(tx, {
      companyId: company.id,
      eventType: "account_reactivated",
      notes: request.notes ?? null,
      emailSent: admin !== null,
      createdBy: actor.id,
      now,
    });
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor.id,
      action: "company.reactivate",
      entityType: "company",
      entityId: company.id,
      data: { from: company.accountStatus },
      now,
    });
    return row!;
  });
  await mailCompanyAdmin(deps, admin, company, { kind: "reactivated" });
  return updated;
}
