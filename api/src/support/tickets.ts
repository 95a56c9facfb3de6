import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { supportTickets } from "../db/schema";
import { notFound } from "../http/errors";

export type TicketRow = typeof supportTickets.$inferSelect;

/** "My Tickets": the caller's own tickets, newest first. */
export async function listTicketsOfUser(db: Db, user: { id: string; companyId: string }): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.companyId, user.companyId), eq(supportTickets.userId, user.id)))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
}

/** Fetch-or-throw, scoped to the company: another company's ticket answers like a missing one. */
export async function getTicketInCompany(db: Db, where: { id: string; companyId: string }): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, where.id), eq(supportTickets.companyId, where.companyId)))
    .limit(1);
  if (!row) throw notFound("No such support ticket.");
  return row;
}
