import { z } from "zod";
import { TICKET_STATUSES } from "../enums";
import { emailSchema } from "./auth";
import { supportTicket, type TicketStatus } from "./support";
import { blankToUndefined } from "./upload";

/*
 * The conversation on a support ticket (issue 16): the requester and support (platform operators,
 * PLATFORM_ADMIN_EMAILS) reply to each other, each reply mailed to the other side; and the contact
 * details of the Contact Info tab, kept by operators.
 */

export const TICKET_REPLY_MAX_LENGTH = 10_000;
export const TICKET_SIDES = ["requester", "support"] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];

export const SUPPORT_DESK_MESSAGES = {
  replyEmpty: "Please write a reply.",
  replyTooLong: `A reply can be at most ${TICKET_REPLY_MAX_LENGTH} characters.`,
  closed: "This ticket is closed. Please open a new ticket.",
  operatorsOnly: "Only ClauseWise support can do this.",
  requesterOnly: "Only the person who raised this ticket can reply on it.",
  replySent: "Reply sent",
  replyFailed: "Reply failed",
  statusUpdated: "Ticket updated",
  statusFailed: "Update failed",
  contactSaved: "Contact details saved",
  contactFailed: "Update failed",
  noInbox: "No tickets with this status.",
  badStatus: `status must be one of ${TICKET_STATUSES.join(", ")}`,
  badPostalCode: "Enter a Canadian postal code such as T2P 2Z1.",
} as const;

/** POST /api/support/tickets/{id}/replies and /api/admin/support/tickets/{id}/replies. */
export const ticketReplyRequest = z.object({
  body: z.preprocess(
    (value) => value ?? "",
    z.string({ message: SUPPORT_DESK_MESSAGES.replyEmpty }).trim().min(1, SUPPORT_DESK_MESSAGES.replyEmpty).max(TICKET_REPLY_MAX_LENGTH, SUPPORT_DESK_MESSAGES.replyTooLong),
  ),
});
export type TicketReplyRequest = z.infer<typeof ticketReplyRequest>;

export const ticketReply = z.object({
  id: z.string(),
  side: z.enum(TICKET_SIDES),
  /** The requester's name on their side; "ClauseWise Support" (and, to operators, who) on the other. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReply>;

/** A ticket with its conversation, oldest reply first. */
export const supportTicketDetail = supportTicket.extend({ replies: z.array(ticketReply) });
export type SupportTicketDetail = z.infer<typeof supportTicketDetail>;

/** The support inbox (operators): every company's tickets, with who raised them. */
export const inboxTicket = supportTicket.extend({
  companyName: z.string(),
  requester: z.object({ name: z.string(), email: z.string() }),
  replyCount: z.number().int(),
  /** Newest activity: the last reply, or the ticket itself. */
  lastActivityAt: z.string(),
  /** Who spoke last: a requester's last word is what support has to answer. */
  awaiting: z.enum(["support", "requester"]),
});
export type InboxTicket = z.infer<typeof inboxTicket>;
export const inboxTicketDetail = inboxTicket.extend({ replies: z.array(ticketReply) });
export type InboxTicketDetail = z.infer<typeof inboxTicketDetail>;

export const inboxQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum([...TICKET_STATUSES, "active"], { message: `status must be one of active, ${TICKET_STATUSES.join(", ")}` }).default("active")),
});
export type InboxQuery = z.infer<typeof inboxQuery>;
/** "active": open or in progress, what support still owes an answer on. */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ["open", "in_progress"];

/** PATCH /api/admin/support/tickets/{id}/status. */
export const ticketStatusRequest = z.object({ status: z.enum(TICKET_STATUSES, { message: SUPPORT_DESK_MESSAGES.badStatus }) });

// ---- contact details ------------------------------------------------------------------------------

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, `At most ${max} characters.`).optional());
const optionalEmail = z.preprocess(blankToUndefined, emailSchema.optional());
const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/**
 * PUT /api/admin/support/contact. Each kind of enquiry may have its own address; an empty one goes
 * to SUPPORT_EMAIL. The postal address is structured, so it prints like an address.
 */
export const supportContactSettings = z
  .object({
    generalEmail: optionalEmail,
    technicalEmail: optionalEmail,
    billingEmail: optionalEmail,
    salesEmail: optionalEmail,
    organization: optionalText(200),
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    city: optionalText(100),
    province: optionalText(100),
    postalCode: optionalText(20),
    country: optionalText(100),
  })
  .refine((s) => !s.postalCode || (s.country ?? "Canada").toLowerCase() !== "canada" || CANADIAN_POSTAL_CODE.test(s.postalCode), {
    message: SUPPORT_DESK_MESSAGES.badPostalCode,
    path: ["postalCode"],
  });
export type SupportContactSettings = z.infer<typeof supportContactSettings>;

/** Canada Post's order: organisation, street lines, "City Province  POSTAL", country. */
export function postalAddressLines(s: SupportContactSettings): string[] {
  const postal = s.postalCode ? s.postalCode.toUpperCase().replace(/^(\w{3})\s*(\w{3})$/, "$1 $2") : undefined;
  const locality = [[s.city, s.province].filter(Boolean).join(", "), postal].filter(Boolean).join("  ");
  return [s.organization, s.addressLine1, s.addressLine2, locality, s.country].filter((line): line is string => typeof line === "string" && line.trim() !== "");
}
