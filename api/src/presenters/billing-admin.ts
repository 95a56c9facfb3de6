import { ACCOUNT_STATUSES, PLAN_IDS, type AdminBillingEvent, type AdminCompany, type AdminCompanyDetail } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../auth/sessions";
import type { BillingEventRow } from "../commands/billing-admin/load";

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `canManage`: the caller is a platform operator (policies/billing.ts canManageAccountStatus). */
export function presentAdminCompany(row: CompanyRow, options: { canManage: boolean; actorCompanyId: string }): AdminCompany {
  const accountStatus = oneOf(ACCOUNT_STATUSES, row.accountStatus, "active");
  return {
    id: row.id,
    name: row.name,
    subscriptionPlan: oneOf(PLAN_IDS, row.subscriptionPlan, "starter"),
    accountStatus,
    suspendedReason: row.suspendedReason,
    paymentOverdueDays: row.paymentOverdueDays,
    createdAt: row.createdAt.toISOString(),
    lastPaymentDate: iso(row.lastPaymentDate),
    nextPaymentDue: iso(row.nextPaymentDue),
    adminNotes: row.adminNotes,
    abilities: {
      suspend: options.canManage && accountStatus === "active" && row.id !== options.actorCompanyId,
      reactivate: options.canManage && accountStatus !== "active",
      recordPayment: options.canManage,
    },
  };
}

export function presentAdminBillingEvent(row: BillingEventRow): AdminBillingEvent {
  return {
    id: row.id,
    eventType: row.eventType,
    createdAt: row.createdAt.toISOString(),
    amount: row.amount,
    adminNotes: row.adminNotes,
    emailSent: row.emailSent,
  };
}

export function presentAdminCompanyDetail(
  company: CompanyRow,
  admin: UserRow | null,
  events: BillingEventRow[],
  options: { canManage: boolean; actorCompanyId: string },
): AdminCompanyDetail {
  return {
    company: presentAdminCompany(company, options),
    adminUser: admin ? { id: admin.id, firstName: admin.firstName, lastName: admin.lastName, email: admin.email } : null,
    billingEvents: events.map(presentAdminBillingEvent),
  };
}
