import { z } from "zod";
import { ACCOUNT_STATUSES, PLAN_IDS } from "../enums";

/** Spec §8: the exact toast titles of Billing Administration. */
export const BILLING_ADMIN_MESSAGES = {
  accessDenied: "Admin access is needed to view billing management.",
  operatorsOnly: "Only platform administrators can change a company's account status or record payments.",
  suspended: "Company account suspended successfully",
  reactivated: "Company account reactivated successfully",
  paymentRecorded: "Payment recorded successfully",
  overdueProcessed: "Overdue accounts processed successfully",
  noEvents: "No billing events recorded",
  reasonRequired: "A reason is required to suspend an account.",
  amountPositive: "Amount must be a number above 0.",
  amountStep: "Amount must be in whole cents (steps of 0.01).",
} as const;

/** Days after the payment due date at which "Process Overdue Accounts" suspends a company. */
export const OVERDUE_SUSPENSION_DAYS = 30;
/** The largest single payment an operator may record, in dollars (a typo guard, not a business rule). */
export const MAX_RECORDED_PAYMENT = 1_000_000;

const notes = z.string().trim().max(2000, "Notes must be at most 2000 characters.").optional();

/** POST /api/admin/companies/{companyId}/suspend (spec §5: reason required; notes optional). */
export const suspendCompanyRequest = z.object({
  reason: z
    .string({ error: BILLING_ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, BILLING_ADMIN_MESSAGES.reasonRequired)
    .max(500, "The reason must be at most 500 characters."),
  notes,
});
export type SuspendCompanyRequest = z.infer<typeof suspendCompanyRequest>;

/** POST /api/admin/companies/{companyId}/reactivate (notes optional). */
export const reactivateCompanyRequest = z.object({ notes });
export type ReactivateCompanyRequest = z.infer<typeof reactivateCompanyRequest>;

/** Whole cents, tolerant of binary floating point (0.1 + 0.2). */
export const isWholeCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** POST /api/admin/companies/{companyId}/record-payment: amount in dollars (CAD), above 0, step 0.01. */
export const recordPaymentRequest = z.object({
  amount: z
    .number({ error: BILLING_ADMIN_MESSAGES.amountPositive })
    .finite(BILLING_ADMIN_MESSAGES.amountPositive)
    .gt(0, BILLING_ADMIN_MESSAGES.amountPositive)
    .max(MAX_RECORDED_PAYMENT, `Amount must be at most ${MAX_RECORDED_PAYMENT.toLocaleString("en-CA")}.`)
    .refine(isWholeCents, BILLING_ADMIN_MESSAGES.amountStep),
  notes,
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequest>;

export const adminCompanyAbilities = z.object({
  suspend: z.boolean(),
  reactivate: z.boolean(),
  recordPayment: z.boolean(),
});

/** Spec §3 "Company (admin view)". Dates are ISO strings. */
export const adminCompany = z.object({
  id: z.string(),
  name: z.string(),
  subscriptionPlan: z.enum(PLAN_IDS),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  suspendedReason: z.string().nullable(),
  paymentOverdueDays: z.number().int(),
  createdAt: z.string(),
  lastPaymentDate: z.string().nullable(),
  nextPaymentDue: z.string().nullable(),
  adminNotes: z.string().nullable(),
  abilities: adminCompanyAbilities,
});
export type AdminCompany = z.infer<typeof adminCompany>;

/** Spec §3 "Billing event": eventType in underscored words, amount in cents. */
export const adminBillingEvent = z.object({
  id: z.string(),
  eventType: z.string(),
  createdAt: z.string(),
  amount: z.number().int().nullable(),
  adminNotes: z.string().nullable(),
  emailSent: z.boolean(),
});
export type AdminBillingEvent = z.infer<typeof adminBillingEvent>;

/** GET /api/admin/companies/{id}: company, its admin user (with email) and its billing events. */
export const adminCompanyDetail = z.object({
  company: adminCompany,
  adminUser: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }).nullable(),
  billingEvents: z.array(adminBillingEvent),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetail>;

/** POST /api/admin/process-overdue: what the run did. */
export const processOverdueResponse = z.object({
  checked: z.number().int(),
  markedOverdue: z.number().int(),
  suspended: z.number().int(),
});
export type ProcessOverdueResponse = z.infer<typeof processOverdueResponse>;
