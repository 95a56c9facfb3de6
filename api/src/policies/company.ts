import type { CompanyRow } from "../auth/sessions";
import { hasRole, sameCompany, type Actor } from "./actor";

type Company = Pick<CompanyRow, "id">;

const own = (actor: Actor, company: Company) => sameCompany(actor, { companyId: company.id });

/** Every active member reads their company's settings (the Settings page shows them to all). */
export function canViewCompanySettings(actor: Actor, company: Company): boolean {
  return own(actor, company);
}

/** Company name, industry, size, address, website: admin only (DESIGN.md §3). */
export function canEditCompanySettings(actor: Actor, company: Company): boolean {
  return own(actor, company) && hasRole(actor, "admin");
}

/** The company-wide AI Contract Analysis switch is visible to and changed by admins only. */
export function canToggleAiReview(actor: Actor, company: Company): boolean {
  return own(actor, company) && hasRole(actor, "admin");
}

/** Analytics: admin and approver (billing-team-admin §6). */
export function canViewAnalytics(actor: Actor, company: Company): boolean {
  return own(actor, company) && hasRole(actor, "admin", "approver");
}
