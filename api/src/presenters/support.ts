import { PRIORITIES, TICKET_CATEGORIES, TICKET_STATUSES, type KnowledgeBaseArticle, type SupportTicket } from "@clausewise/shared";
import type { ArticleRow } from "../support/articles";
import type { TicketRow } from "../support/tickets";

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
