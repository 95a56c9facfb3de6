import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { supportTicketReplies, supportTickets, users } from "../db/schema";
import { notFound } from "../http/errors";
import type { Actor } from "../policies/actor";
import { canReadTicket } from "./policy";

export type TicketRow = typeof supportTickets.$inferSelect;

/** "My Tickets": the caller's own tickets, newest first. */
export async function listTicketsOfUser(db: Db, user: { id: string; companyId: string }): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.companyId, user.companyId), eq(supportTickets.userId, user.id)))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
}

export const ticketNotFound = () => notFound("No such support ticket.");

/**
 * Fetch-or-throw for the caller. A ticket is personal: another company's ticket, and a colleague's
 * ticket the caller may not read (canReadTicket), answer exactly like a missing one, as
 * notifications, sessions and API keys do (docs/DECISIONS.md, "Personal rows are 404").
 */
export async function getTicketForUser(db: Db, user: Actor, id: string): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.companyId, user.companyId)))
    .limit(1);
  if (!row || !canReadTicket(user, row)) throw ticketNotFound();
  return row;
}

export type ReplyRow = typeof supportTicketReplies.$inferSelect;

/** A reply with its author, as the conversation shows it. */
export interface ReplyWithAuthor {
  reply: ReplyRow;
  author: { firstName: string | null; lastName: string | null; email: string } | null;
}

/** The conversation on one ticket, oldest first. */
export async function listReplies(db: Db, ticket: Pick<TicketRow, "id" | "companyId">): Promise<ReplyWithAuthor[]> {
  return db
    .select({ reply: supportTicketReplies, author: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(supportTicketReplies)
    .leftJoin(users, eq(users.id, supportTicketReplies.authorId))
    .where(and(eq(supportTicketReplies.ticketId, ticket.id), eq(supportTicketReplies.companyId, ticket.companyId)))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
}
