import { eq } from "drizzle-orm";
import { PRIORITIES, SUPPORT_DESK_MESSAGES, type TicketSide, type TicketStatus } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { consumeLimit, throttles } from "../../auth/throttle";
import type { AppDeps } from "../../context";
import { companies, supportTicketReplies, supportTickets, users } from "../../db/schema";
import { requesterReplyTemplate, supportReplyTemplate } from "../../email/templates/support-conversation";
import { conflict } from "../../http/errors";
import { displayName } from "../../presenters/approval-step";
import type { ReplyRow, TicketRow } from "../../support/tickets";
import { recordAudit } from "../audit";

/**
 * What a reply does to the status: support answering takes a ticket in hand (in progress); the
 * requester answering a resolved ticket reopens it. A closed ticket takes no replies.
 */
function statusAfterReply(status: TicketStatus, side: TicketSide): TicketStatus {
  if (side === "support") return status === "open" || status === "resolved" ? "in_progress" : status;
  return status === "resolved" ? "open" : status;
}

/**
 * Adds a reply to a ticket, on the requester's side or on support's, and mails it to the other side
 * after the commit: support's replies to the requester, the requester's to SUPPORT_EMAIL.
 */
export async function replyToTicket(deps: AppDeps, input: { ticket: TicketRow; author: UserRow; side: TicketSide; body: string }): Promise<ReplyRow> {
  const { ticket, author, side, body } = input;
  const now = deps.now();
  if (side === "requester") await consumeLimit(deps.db, throttles.supportReplyPerUser, author.id, now);
  const { reply, current } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.id)).for("update");
    if (!locked || locked.status === "closed") throw conflict(SUPPORT_DESK_MESSAGES.closed);
    const [row] = await tx.insert(supportTicketReplies).values({ ticketId: locked.id, companyId: locked.companyId, authorId: author.id, side, body, createdAt: now }).returning();
    const status = statusAfterReply(locked.status as TicketStatus, side);
    const [updated] = await tx
      .update(supportTickets)
      .set({ status, updatedAt: now, ...(status !== "resolved" ? { resolvedAt: null } : {}) })
      .where(eq(supportTickets.id, locked.id))
      .returning();
    await recordAudit(tx, {
      companyId: locked.companyId,
      userId: author.id,
      action: "support_ticket.reply",
      entityType: "support_ticket",
      entityId: locked.id,
      now,
      data: { side, from: locked.status, to: status },
    });
    return { reply: row!, current: updated! };
  });
  await mailOtherSide(deps, { ticket: current, author, side, body });
  return reply;
}

async function mailOtherSide(deps: AppDeps, input: { ticket: TicketRow; author: UserRow; side: TicketSide; body: string }): Promise<void> {
  const { ticket, author, side, body } = input;
  const { appUrl, supportEmail } = deps.config;
  const ref = { id: ticket.id, subject: ticket.subject, priority: PRIORITIES.find((p) => p === ticket.priority) ?? "medium" };
  if (side === "support") {
    const [requester] = await deps.db.select().from(users).where(eq(users.id, ticket.userId));
    if (!requester) return;
    const mail = supportReplyTemplate({ ticket: ref, name: displayName(requester), body, appUrl, supportEmail });
    await deps.mailer.send(deps.db, { to: requester.email, companyId: ticket.companyId, ...mail });
    return;
  }
  const [company] = await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, ticket.companyId));
  const mail = requesterReplyTemplate({ ticket: ref, requester: { name: displayName(author), email: author.email }, companyName: company?.name ?? "", body, appUrl, supportEmail });
  await deps.mailer.send(deps.db, { to: supportEmail, companyId: ticket.companyId, ...mail });
}
