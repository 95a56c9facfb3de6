import type { ApprovalSettings } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { companySettings } from "../../db/schema";
import { recordAudit } from "../audit";
import { allowsSingleApprover } from "../workflow/run";

/** The company's approval settings (company_settings; defaults when the row does not exist yet). */
export async function approvalSettingsOf(deps: Pick<AppDeps, "db">, companyId: string): Promise<ApprovalSettings> {
  return { allowSingleApprover: await allowsSingleApprover(deps.db, companyId) };
}

/** Admins change it (the route authorizes); the change is audited. */
export async function setApprovalSettings(deps: AppDeps, input: { actor: UserRow; settings: ApprovalSettings }): Promise<ApprovalSettings> {
  const now = deps.now();
  const { actor, settings } = input;
  await deps.db.transaction(async (tx) => {
    const from = await allowsSingleApprover(tx, actor.companyId);
    await tx
      .insert(companySettings)
      .values({ companyId: actor.companyId, allowSingleApprover: settings.allowSingleApprover, updatedAt: now })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { allowSingleApprover: settings.allowSingleApprover, updatedAt: now } });
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "company.approval_settings",
      entityType: "company",
      entityId: actor.companyId,
      now,
      data: { from, to: settings.allowSingleApprover },
    });
  });
  return settings;
}
