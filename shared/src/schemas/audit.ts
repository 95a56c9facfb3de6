import { z } from "zod";
import { blankToUndefined } from "./upload";

/**
 * Every kind of audit event the product records ("<entity>.<verb>", api/src/commands/audit.ts), with
 * the words the Audit Log shows for it, grouped as its action filter lists them. A kind missing
 * here still shows, under a label made from its code (auditActionLabel).
 */
export const AUDIT_ACTION_GROUPS = [
  {
    group: "Contracts",
    actions: {
      "contract.upload": "Uploaded a contract",
      "contract.perspective": "Changed whose side a contract is read from",
      "document.save": "Saved a contract's document",
      "version.create": "Saved a version",
      "version.restore": "Restored a version",
      "contract.submit": "Submitted a contract for approval",
      "approval_step.decide": "Decided an approval step",
      "contract.approve": "Approved a contract",
      "contract.reject": "Rejected a contract",
      "contract.reopen": "Reopened a contract",
      "contract.reopen_for_changes": "Reopened an approved contract for changes",
      "document.redline_import": "Imported a counterparty's Word redline",
      "contract.delete": "Deleted a contract",
      "contract.erase_retention": "Erased a contract (retention period)",
      "question.ask": "Asked a question about a contract",
    },
  },
  {
    group: "Changes, markups and exhibits",
    actions: {
      "change.propose": "Proposed a change",
      "change.approve": "Approved a proposed change",
      "change.reject": "Rejected a proposed change",
      "change.comment": "Commented on a proposed change",
      "markup.create": "Added a markup",
      "exhibit.create": "Added an exhibit",
      "exhibit.review": "Reviewed an exhibit",
      "exhibit.delete": "Deleted an exhibit",
    },
  },
  {
    group: "Team and access",
    actions: {
      "invitation.create": "Invited a member",
      "invitation.resend": "Resent an invitation",
      "invitation.withdraw": "Withdrew an invitation",
      "invitation.accept": "Accepted an invitation",
      "user.change_role": "Changed a member's role",
      "user.deactivate": "Deactivated a member",
      "user.reactivate": "Reactivated a member",
      "contract_access.grant": "Granted contract access",
      "contract_access.revoke": "Revoked contract access",
    },
  },
  {
    group: "Sign-in and security",
    actions: {
      "auth.signup": "Signed up",
      "auth.login": "Signed in",
      "auth.second_factor": "Completed two-factor sign-in",
      "auth.logout": "Signed out",
      "auth.verify_email": "Verified their email address",
      "auth.resend_verification": "Asked for a new verification email",
      "auth.request_password_reset": "Asked for a password reset",
      "auth.reset_password": "Reset their password",
      "auth.confirm_email_change": "Changed their sign-in email",
      "auth.undo_email_change": "Undid an email change",
      "user.change_password": "Changed their password",
      "user.enable_two_factor": "Turned on two-factor sign-in",
      "user.disable_two_factor": "Turned off two-factor sign-in",
      "user.regenerate_recovery_codes": "Made new recovery codes",
      "user.revoke_session": "Signed out a session",
      "user.revoke_other_sessions": "Signed out all other sessions",
      "api_key.create": "Created an API key",
      "api_key.revoke": "Revoked an API key",
      "user.update_profile": "Updated their profile",
      "user.update_notification_settings": "Updated notification settings",
      "user.delete_account": "Deleted their account",
    },
  },
  {
    group: "Company, billing and support",
    actions: {
      "company.update_settings": "Updated company settings",
      "company.retention": "Changed the contract retention period",
      "company.approval_settings": "Changed who may approve a contract alone",
      "subscription.create": "Changed the subscription plan",
      "subscription.cancel": "Cancelled the subscription",
      "subscription.end": "Subscription ended at the end of its period",
      "company.record_payment": "Recorded a payment",
      "company.mark_overdue": "Marked the account overdue",
      "company.suspend": "Suspended the company account",
      "company.reactivate": "Reactivated the company account",
      "support_ticket.create": "Raised a support ticket",
      "support_ticket.reply": "Replied on a support ticket",
      "support_ticket.status": "Changed a support ticket's status",
      "support_contact.update": "Updated the support contact details",
    },
  },
] as const satisfies readonly { group: string; actions: Record<string, string> }[];

export type AuditAction = keyof (typeof AUDIT_ACTION_GROUPS)[number]["actions"];

export const AUDIT_ACTION_LABELS: Record<string, string> = Object.fromEntries(AUDIT_ACTION_GROUPS.flatMap((g) => Object.entries(g.actions)));

/** The label of a kind of event; an unknown code reads as words ("subscription.pause" → "Subscription pause"). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

export const AUDIT_MESSAGES = {
  accessRestricted: "Only administrators can view the audit log.",
  operatorsOnly: "Only platform administrators can read another company's audit log.",
  empty: "No events match these filters.",
  badCursor: "This page link is no longer valid. Start again from the first page.",
  badRange: "The start date must be on or before the end date.",
  badDate: "Dates must be ISO 8601, e.g. 2026-03-01 or 2026-03-01T09:00:00Z.",
  badAction: "Unknown action.",
  exportTooLarge: "Too many events to export at once. Narrow the date range and export again.",
} as const;

/** Page sizes of GET /api/audit-events; an export holds at most AUDIT_EXPORT_MAX_ROWS events. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant: an ISO date-time with its offset, or a date alone (the start of that day in UTC; as the
 * end of a range, the whole day is included, see auditRange).
 */
const instant = z.string().trim().refine(isInstant, AUDIT_MESSAGES.badDate);

/** A real calendar day (no 30 February), alone or starting an ISO date-time with an offset. */
function isInstant(value: string): boolean {
  const day = value.slice(0, 10);
  const midnight = new Date(`${day}T00:00:00Z`);
  if (!DATE_ONLY.test(day) || Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== day) return false;
  return value.length === 10 || z.iso.datetime({ offset: true }).safeParse(value).success;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const PAGE_SIZE = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`;

const filterFields = z.object({
  userId: optional(z.uuid("userId must be a member's id.")),
  action: optional(z.string().trim().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, AUDIT_MESSAGES.badAction)),
  contractId: optional(z.uuid("contractId must be a contract's id.")),
  from: optional(instant),
  to: optional(instant),
});
function rangeInOrder(q: Pick<z.infer<typeof filterFields>, "from" | "to">): boolean {
  const { from, to } = auditRange(q);
  return !from || !to || from.getTime() < to.getTime();
}
const RANGE_ERROR = { message: AUDIT_MESSAGES.badRange, path: ["to"] };

/** The filters of the Audit Log (query string), shared by the page, the export and the operators' view. */
export const auditFilterQuery = filterFields.refine(rangeInOrder, RANGE_ERROR);
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

export const auditPageQuery = filterFields
  .extend({
    cursor: optional(z.string().trim().max(200, AUDIT_MESSAGES.badCursor)),
    limit: z.preprocess(blankToUndefined, z.coerce.number({ error: PAGE_SIZE }).int(PAGE_SIZE).min(1, PAGE_SIZE).max(AUDIT_PAGE_MAX, PAGE_SIZE).default(AUDIT_PAGE_DEFAULT)),
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type AuditPageQuery = z.infer<typeof auditPageQuery>;

/** The half-open range [from, to) of the filters; a date alone as `to` includes that whole day (UTC). */
export function auditRange(q: Pick<AuditFilterQuery, "from" | "to">): { from: Date | null; to: Date | null } {
  const from = q.from ? new Date(DATE_ONLY.test(q.from) ? `${q.from}T00:00:00Z` : q.from) : null;
  const to = q.to ? new Date(DATE_ONLY.test(q.to) ? Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 : Date.parse(q.to)) : null;
  return { from, to };
}

export const auditEvent = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  /** Who did it; id null for a scheduled job, an account deleted since, or (to a company) a platform operator. */
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  /** The contract it concerns; title null once the contract has been erased. */
  contract: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  /** One line in plain words: whom or what it concerns, and the essentials (from → to, amounts). */
  details: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditPage = z.object({ events: z.array(auditEvent), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
