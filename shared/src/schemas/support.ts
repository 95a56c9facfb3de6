import { z } from "zod";
import { PRIORITIES, TICKET_CATEGORIES, TICKET_STATUSES, type Priority } from "../enums";

export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SUBJECT_MIN_LENGTH = 5;
export const TICKET_SUBJECT_MAX_LENGTH = 200;
export const TICKET_DESCRIPTION_MIN_LENGTH = 20;
export const TICKET_DESCRIPTION_MAX_LENGTH = 10_000;
export const KNOWLEDGE_BASE_SEARCH_MAX_LENGTH = 200;
/** Billing spec §9: after 'Authentication Required' the ticket form goes to sign-in after 1 second. */
export const TICKET_LOGIN_REDIRECT_MS = 1000;

/** Billing spec §5 and §8, word for word. */
export const SUPPORT_MESSAGES = {
  subjectTooShort: "Subject must be at least 5 characters",
  descriptionTooShort: "Description must be at least 20 characters",
  categoryRequired: "Please select a category",
  priorityRequired: "Please select a priority level",
  subjectTooLong: `The subject can be at most ${TICKET_SUBJECT_MAX_LENGTH} characters.`,
  descriptionTooLong: `The description can be at most ${TICKET_DESCRIPTION_MAX_LENGTH} characters.`,
  searchTooLong: `The search can be at most ${KNOWLEDGE_BASE_SEARCH_MAX_LENGTH} characters.`,
  loginRequired: "Please log in to view and create support tickets.",
  noTickets: "No support tickets found. Create your first ticket above!",
  noMatchingArticles: "No articles found matching your search.",
  noArticles: "No help articles available.",
  created: "Your support ticket has been submitted. We'll respond within 24 hours.",
  authRequired: "Please log in to create a support ticket.",
  createFailed: "Failed to create support ticket. Please try again.",
} as const;

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  general: "General",
  technical: "Technical",
  billing: "Billing",
  account: "Account",
  feature: "Feature Request",
};

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const TICKET_PRIORITY_LABELS: Record<Priority, string> = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" };

/** Billing spec §9: first response targets by priority. */
export const TICKET_RESPONSE_TARGETS: Record<Priority, string> = {
  urgent: "within 2 hours",
  high: "within 8 hours",
  medium: "within 24 hours",
  low: "within 48 hours",
};

export const SUPPORT_BUSINESS_HOURS = "Monday to Friday, 8:00 AM to 6:00 PM MST";
export const SUPPORT_EMERGENCY = "24/7 emergency support for Enterprise customers";

/** Billing spec §2: a ticket id is displayed as its last 8 characters. */
export function shortTicketId(id: string): string {
  return id.slice(-8);
}

/** Strings trimmed; a missing field reads as "" so the spec's message is the one reported. */
const text = (min: number, tooShort: string, max: number, tooLong: string) =>
  z.preprocess((value) => value ?? "", z.string({ message: tooShort }).trim().min(min, tooShort).max(max, tooLong));

/** POST /api/support/tickets. */
export const createTicketRequest = z.object({
  subject: text(TICKET_SUBJECT_MIN_LENGTH, SUPPORT_MESSAGES.subjectTooShort, TICKET_SUBJECT_MAX_LENGTH, SUPPORT_MESSAGES.subjectTooLong),
  description: text(
    TICKET_DESCRIPTION_MIN_LENGTH,
    SUPPORT_MESSAGES.descriptionTooShort,
    TICKET_DESCRIPTION_MAX_LENGTH,
    SUPPORT_MESSAGES.descriptionTooLong,
  ),
  category: z.enum(TICKET_CATEGORIES, { message: SUPPORT_MESSAGES.categoryRequired }),
  priority: z.enum(PRIORITIES, { message: SUPPORT_MESSAGES.priorityRequired }),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequest>;

export const supportTicket = z.object({
  id: z.string(),
  subject: z.string(),
  description: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicket>;

/** GET /api/support/knowledge-base?search=…: matches title or content, case-insensitively. */
export const knowledgeBaseQuery = z.object({
  search: z.string().trim().max(KNOWLEDGE_BASE_SEARCH_MAX_LENGTH, SUPPORT_MESSAGES.searchTooLong).optional(),
});
export type KnowledgeBaseQuery = z.infer<typeof knowledgeBaseQuery>;

export const knowledgeBaseArticle = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines, list items start with "- ". */
  content: z.string(),
  category: z.string(),
  viewCount: z.number().int(),
  tags: z.array(z.string()),
});
export type KnowledgeBaseArticle = z.infer<typeof knowledgeBaseArticle>;

/** GET /api/support/contact: where enquiries go (the deployment's SUPPORT_EMAIL) and the postal address. */
export const supportContact = z.object({
  emails: z.object({ general: z.string(), technical: z.string(), billing: z.string(), sales: z.string() }),
  postalAddress: z.array(z.string()),
});
export type SupportContact = z.infer<typeof supportContact>;
