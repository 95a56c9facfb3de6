import {
  PRIORITIES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  memberDisplayName,
  type InboxTicket,
  type InboxTicketDetail,
  type KnowledgeBaseArticle,
  type SupportTicket,
  type SupportTicketDetail,
  type TicketReply,
} from "@clausewise/shared";
import type { ArticleRow } from "../support/articles";
import type { InboxRow } from "../support/inbox";
import type { ReplyWithAuthor, TicketRow } from "../support/tickets";

/** A stored value outside the list (an old row, a manual edit) reads as the list's default, never as garbage. */
function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

export function presentTicket(row: TicketRow): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    category: oneOf(TICKET_CATEGORIES, row.category, "general"),
    priority: oneOf(PRIORITIES, row.priority, "medium"),
    status: oneOf(TICKET_STATUSES, row.status, "open"),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

export function presentArticle(row: ArticleRow): KnowledgeBaseArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    category: row.category,
    viewCount: row.viewCount,
    tags: Array.isArray(row.tags) ? row.tags.filter((tag): tag is string => typeof tag === "string") : [],
  };
}

/** Support's replies are signed "ClauseWise Support"; operators also see which of them wrote one. */
export function presentReply(row: ReplyWithAuthor, viewer: { support: boolean }): TicketReply {
  const { reply, author } = row;
  const side = reply.side === "support" ? "support" : "requester";
  const name = author ? memberDisplayName(author) : "Former member";
  return {
    id: reply.id,
    side,
    authorName: side === "support" ? (viewer.support && author ? `ClauseWise Support (${name})` : "ClauseWise Support") : name,
    body: reply.body,
    createdAt: reply.createdAt.toISOString(),
  };
}

export function presentTicketDetail(ticket: TicketRow, replies: ReplyWithAuthor[]): SupportTicketDetail {
  return { ...presentTicket(ticket), replies: replies.map((r) => presentReply(r, { support: false })) };
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentInboxTicket(row: InboxRow): InboxTicket {
  return {
    ...presentTicket(row.ticket),
    companyName: row.companyName,
    requester: { name: memberDisplayName(row.requester), email: row.requester.email },
    replyCount: Number(row.replyCount),
    lastActivityAt: iso(row.lastReplyAt ?? row.ticket.createdAt),
    awaiting: row.lastSide === "support" ? "requester" : "support",
  };
}

export function presentInboxTicketDetail(row: InboxRow, replies: ReplyWithAuthor[]): InboxTicketDetail {
  return { ...presentInboxTicket(row), replies: replies.map((r) => presentReply(r, { support: true })) };
}
