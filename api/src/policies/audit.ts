import type { CompanyRow } from "../auth/sessions";
import { hasRole, sameCompany, type Actor } from "./actor";
import { billingAdminScope, type PlatformContext } from "./billing";

/** The Audit Log of one's own company: admins only (it shows every member's actions, sign-ins included). */
export function canViewAuditLog(actor: Actor, company: Pick<CompanyRow, "id">): boolean {
  return sameCompany(actor, { companyId: company.id }) && hasRole(actor, "admin");
}

/** Another company's log, from Billing Administration: platform operators only. */
export function canViewCompanyAuditLog(actor: Actor, ctx: PlatformContext): boolean {
  return billingAdminScope(actor, ctx) === "platform";
}
