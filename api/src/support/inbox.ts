import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ACTIVE_TICKET_STATUSES, type InboxQuery } from "@clausewise/shared";
import type { Db } from "../db/client";
import { companies, supportTicketReplies, supportTickets, users } from "../db/schema";
import { ticketNotFound, type TicketRow } from "./tickets";

/** The most tickets one inbox page lists, newest activity first. */
const INBOX_LIMIT = 200;

export interface InboxRow {
  ticket: TicketRow;
  companyName: string;
  requester: { firstName: string | null; lastName: string | null; email: string };
  replyCount: number;
  lastReplyAt: Date | string | null;
  lastSide: string | null;
}

const replies = (ticketId: typeof supportTickets.id) => sql`from ${supportTicketReplies} r where r.ticket_id = ${ticketId}`;

function inboxSelect(db: Db) {
  return db
    .select({
      ticket: supportTickets,
      companyName: companies.name,
      requester: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      replyCount: sql<number>`(select count(*) ${replies(supportTickets.id)})::int`,
      lastReplyAt: sql<Date | string | null>`(select max(r.created_at) ${replies(supportTickets.id)})`,
      lastSide: sql<string | null>`(select r.side ${replies(supportTickets.id)} order by r.created_at desc, r.id desc limit 1)`,
    })
    .from(supportTickets)
    .innerJoin(companies, eq(companies.id, supportTickets.companyId))
    .innerJoin(users, eq(users.id, supportTickets.userId));
}

/**
 * The support inbox of platform operators: every company's tickets (support is the platform's, not a
 * company's), "active" meaning open or in progress.
 */
export async function listInbox(db: Db, query: InboxQuery): Promise<InboxRow[]> {
  const statuses = query.status === "active" ? [...ACTIVE_TICKET_STATUSES] : [query.status];
  return inboxSelect(db)
    .where(inArray(supportTickets.status, statuses))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(INBOX_LIMIT);
}

/**
 * One ticket for support, whichever company raised it. `companyId` narrows it for callers who are not
 * operators, so another company's ticket is the same 404 to them as a missing one.
 */
export async function getInboxTicket(db: Db, id: string, companyId: string | null): Promise<InboxRow> {
  const where = companyId ? and(eq(supportTickets.id, id), eq(supportTickets.companyId, companyId)) : eq(supportTickets.id, id);
  const [row] = await inboxSelect(db).where(where).limit(1);
  if (!row) throw ticketNotFound();
  return row;
}
