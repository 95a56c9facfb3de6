import type { CompanyRow } from "../auth/sessions";
import { activeRole, hasRole, type Actor } from "./actor";

export interface PlatformContext {
  /** From auth/platform-admin.ts: a verified address listed in PLATFORM_ADMIN_EMAILS. */
  isPlatformAdmin: boolean;
}

/** Plans, subscribing and cancelling: the company admin (billing-team-admin §6). */
export function canManageSubscription(actor: Actor, company: Pick<CompanyRow, "id">): boolean {
  return hasRole(actor, "admin") && actor.companyId === company.id;
}

/**
 * Billing Administration: platform operators see every company; a company admin sees only their own
 * company there (DESIGN.md §3). Null means the page is closed to the actor.
 */
export function billingAdminScope(actor: Actor, ctx: PlatformContext): "platform" | "company" | null {
  if (activeRole(actor) === null) return null;
  if (ctx.isPlatformAdmin) return "platform";
  return hasRole(actor, "admin") ? "company" : null;
}

export function canViewCompanyBilling(actor: Actor, ctx: PlatformContext, company: Pick<CompanyRow, "id">): boolean {
  const scope = billingAdminScope(actor, ctx);
  return scope === "platform" || (scope === "company" && actor.companyId === company.id);
}

/**
 * Suspend, reactivate, record a payment, process overdue accounts: platform operators only. A company
 * admin recording payments for, or reactivating, their own company would defeat the point.
 */
export function canManageAccountStatus(actor: Actor, ctx: PlatformContext): boolean {
  return billingAdminScope(actor, ctx) === "platform";
}
