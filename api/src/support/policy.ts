import { activeRole, hasRole, type Actor } from "../policies/actor";
import type { PlatformContext } from "../policies/billing";
import type { TicketRow } from "./tickets";

/** Every active member may raise a ticket (billing spec §6: Support is open to all three roles). */
export function canCreateTicket(actor: Actor): boolean {
  return activeRole(actor) !== null;
}

/** A ticket is its author's; the company's admins may read their team's tickets too. */
export function canReadTicket(actor: Actor, ticket: Pick<TicketRow, "userId" | "companyId">): boolean {
  if (activeRole(actor) === null || actor.companyId !== ticket.companyId) return false;
  return actor.id === ticket.userId || hasRole(actor, "admin");
}

/** Replying as the requester: the ticket's author only (an admin who reads a colleague's ticket does not answer for them). */
export function canReplyAsRequester(actor: Actor, ticket: Pick<TicketRow, "userId" | "companyId">): boolean {
  return activeRole(actor) !== null && actor.companyId === ticket.companyId && actor.id === ticket.userId;
}

/** Support is the platform's operators (PLATFORM_ADMIN_EMAILS): the inbox, replies as support, statuses, contact details. */
export function canActAsSupport(actor: Actor, ctx: PlatformContext): boolean {
  return activeRole(actor) !== null && ctx.isPlatformAdmin;
}
