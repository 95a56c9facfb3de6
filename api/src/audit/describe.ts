import {
  ACCESS_LEVELS,
  APPROVAL_STAGE_LABELS,
  CONTRACT_STATUS_LABELS,
  ROLES,
  TICKET_STATUS_LABELS,
  type ApprovalStage,
  type ContractStatus,
  type TicketStatus,
} from "@clausewise/shared";

/** What describeAuditEvent reads: the event and the names of the members it mentions. */
export interface DescribedEvent {
  action: string;
  userId: string | null;
  entityType: string;
  entityId: string | null;
  data: Record<string, unknown> | null;
}

export type MemberNames = ReadonlyMap<string, string>;

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const EXCERPT = 160;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null);
const excerpt = (value: unknown): string | null => {
  const t = text(value);
  return t && t.length > EXCERPT ? `${t.slice(0, EXCERPT - 1)}…` : t;
};
const capital = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, " ");
const known = <T extends string>(values: readonly T[], value: unknown): T | null => values.find((v) => v === value) ?? null;
const statusLabel = (value: unknown) => (typeof value === "string" && value in CONTRACT_STATUS_LABELS ? CONTRACT_STATUS_LABELS[value as ContractStatus] : text(value));
const roleLabel = (value: unknown) => {
  const role = known(ROLES, value);
  return role ? capital(role) : text(value);
};
const ticketStatus = (value: unknown) => (typeof value === "string" && value in TICKET_STATUS_LABELS ? TICKET_STATUS_LABELS[value as TicketStatus] : text(value));
const arrow = (from: string | null, to: string | null) => (from && to ? `${from} → ${to}` : (to ?? from));
const join = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => typeof p === "string" && p !== "").join("; ");

/** The member an event is about (the target of a role change, a grant's holder), by name. */
function subjectName(event: DescribedEvent, names: MemberNames): string | null {
  const id = mentionedMemberId(event);
  return id ? (names.get(id) ?? "a former member") : null;
}

type Describer = (d: Record<string, unknown>, subject: string | null) => string;

/**
 * One line per kind of event, from the whitelisted fields of its data only: what `recordAudit` keeps
 * may hold more (hashes of nothing secret, but internal ids) than a company admin needs to read.
 */
const DESCRIBERS: Record<string, Describer> = {
  "contract.upload": (d) => join(text(d.kind)?.toUpperCase(), text(d.priority) && `${capital(String(d.priority))} priority`, d.storageConsent === true && "original stored"),
  "contract.perspective": (d) => arrow(text(d.from), text(d.to)) ?? "",
  "document.save": (d) => join(text(d.titleFrom) && text(d.titleTo) && `Renamed "${String(d.titleFrom)}" → "${String(d.titleTo)}"`, d.textChanged === true && "text changed"),
  "version.create": (d) => (text(d.versionNumber) ? `Version ${text(d.versionNumber)}` : ""),
  "version.restore": (d) => (text(d.versionNumber) ? `Version ${text(d.versionNumber)}` : ""),
  "approval_step.decide": (d) =>
    join(
      text(d.stage) && `${APPROVAL_STAGE_LABELS[d.stage as ApprovalStage] ?? capital(String(d.stage))} ${text(d.decision) ?? "decided"}`,
      arrow(statusLabel(d.from), statusLabel(d.to)),
      excerpt(d.comment) && `“${excerpt(d.comment)}”`,
    ),
  "contract.submit": (d) => arrow(statusLabel(d.from), statusLabel(d.to)) ?? "",
  "contract.approve": (d) => arrow(statusLabel(d.from), statusLabel(d.to)) ?? "",
  "contract.reject": (d) => join(arrow(statusLabel(d.from), statusLabel(d.to)), excerpt(d.comment) && `“${excerpt(d.comment)}”`),
  "contract.reopen": (d) => arrow(statusLabel(d.from), statusLabel(d.to)) ?? "",
  "contract.reopen_for_changes": (d) => join(arrow(statusLabel(d.from), statusLabel(d.to)), excerpt(d.comment) && `“${excerpt(d.comment)}”`),
  "document.redline_import": (d) =>
    join(text(d.fileName), typeof d.suggestions === "number" && `${d.suggestions} suggestion${d.suggestions === 1 ? "" : "s"}`, typeof d.comments === "number" && `${d.comments} comment${d.comments === 1 ? "" : "s"}`),
  "change.propose": (d) => (text(d.changeType) ? capital(String(d.changeType)) : ""),
  "change.reject": (d) => (excerpt(d.comment) ? `“${excerpt(d.comment)}”` : ""),
  "markup.create": (d) => (text(d.type) ? capital(String(d.type)) : ""),
  "exhibit.create": (d) => text(d.title) ?? "",
  "exhibit.review": (d) => join(text(d.title), arrow(text(d.from) && capital(String(d.from)), text(d.to) && capital(String(d.to)))),
  "exhibit.delete": (d) => text(d.title) ?? "",
  "invitation.create": (d) => join(text(d.email), roleLabel(d.role) && `as ${roleLabel(d.role)}`),
  "invitation.resend": (d) => text(d.email) ?? "",
  "invitation.withdraw": (d) => text(d.email) ?? "",
  "invitation.accept": (d) => join(text(d.email), roleLabel(d.role) && `as ${roleLabel(d.role)}`),
  "user.change_role": (d, subject) => join(subject, arrow(roleLabel(d.from), roleLabel(d.to))),
  "user.deactivate": (_d, subject) => subject ?? "",
  "user.reactivate": (_d, subject) => subject ?? "",
  "contract_access.grant": (d, subject) => join(subject, known(ACCESS_LEVELS, d.accessLevel) && `${capital(String(d.accessLevel))} access`),
  "contract_access.revoke": (d, subject) => join(subject, known(ACCESS_LEVELS, d.accessLevel) && `${capital(String(d.accessLevel))} access`),
  "auth.login": (d) => join(d.method === "sso" ? "Single sign-on" : d.method === "password" ? "Password" : null, text(d.ip) && `IP ${String(d.ip)}`),
  "auth.second_factor": (d) => join(text(d.method) && capital(String(d.method)), text(d.ip) && `IP ${String(d.ip)}`),
  "auth.confirm_email_change": (d) => arrow(text(d.from), text(d.to)) ?? "",
  "auth.undo_email_change": (d) => (text(d.restored) ? `Restored ${String(d.restored)}` : ""),
  "user.revoke_other_sessions": (d) => (typeof d.count === "number" ? `${d.count} session${d.count === 1 ? "" : "s"}` : ""),
  "api_key.create": (d) => join(text(d.name) && `"${String(d.name)}"`, text(d.scope) && `scope ${String(d.scope)}`),
  "company.retention": (d) => arrow(typeof d.from === "number" ? `${d.from} days` : "never", typeof d.to === "number" ? `${d.to} days` : "never") ?? "",
  "company.approval_settings": (d) =>
    arrow(typeof d.from === "boolean" ? (d.from ? "one person may approve alone" : "two people needed") : null, typeof d.to === "boolean" ? (d.to ? "one person may approve alone" : "two people needed") : null) ?? "",
  "subscription.create": (d) => arrow(text(d.from) && capital(String(d.from)), (text(d.to) ?? text(d.plan)) && capital(String(d.to ?? d.plan))) ?? "",
  "subscription.cancel": (d) => (text(d.plan) ? `${capital(String(d.plan))} plan` : ""),
  "subscription.end": (d) => (text(d.plan) ? `${capital(String(d.plan))} plan` : ""),
  "company.record_payment": (d) => (typeof d.amount === "number" ? cad.format(d.amount / 100) : ""),
  "company.mark_overdue": (d) => (typeof d.overdueDays === "number" ? `${d.overdueDays} days overdue` : ""),
  "company.suspend": (d) => join(excerpt(d.reason) && `Reason: ${excerpt(d.reason)}`, typeof d.overdueDays === "number" && `${d.overdueDays} days overdue`),
  "support_ticket.reply": (d) => join(d.side === "support" ? "From ClauseWise support" : "From the requester", arrow(ticketStatus(d.from), ticketStatus(d.to))),
  "support_ticket.status": (d) => arrow(ticketStatus(d.from), ticketStatus(d.to)) ?? "",
  "support_ticket.create": (d) => join(text(d.category) && capital(String(d.category)), text(d.priority) && `${capital(String(d.priority))} priority`),
};

/** The Details column of the Audit Log. An erased contract's events keep who and when, not what. */
export function describeAuditEvent(event: DescribedEvent, names: MemberNames): string {
  const data = event.data ?? {};
  if (data.erased === true) return "Contract erased; details removed";
  const describe = DESCRIBERS[event.action];
  return describe ? describe(data, subjectName(event, names)) : (subjectName(event, names) ?? "");
}

/** Members an event mentions besides its actor, whose names the Details column needs. */
export function mentionedMemberId(event: DescribedEvent): string | null {
  if (event.entityType === "user" && event.entityId && event.entityId !== event.userId) return event.entityId;
  return text(event.data?.userId);
}
