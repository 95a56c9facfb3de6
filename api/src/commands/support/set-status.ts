import { eq } from "drizzle-orm";
import type { TicketStatus } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { supportTickets } from "../../db/schema";
import type { TicketRow } from "../../support/tickets";
import { recordAudit } from "../audit";

/** Support moves a ticket between open, in progress, resolved and closed; resolvedAt follows "resolved". */
export async function setTicketStatus(deps: AppDeps, input: { ticket: TicketRow; actor: UserRow; status: TicketStatus }): Promise<TicketRow> {
  const { ticket, actor, status } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportTickets)
      .set({ status, updatedAt: now, resolvedAt: status === "resolved" ? now : null })
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    await recordAudit(tx, {
      companyId: ticket.companyId,
      userId: actor.id,
      action: "support_ticket.status",
      entityType: "support_ticket",
      entityId: ticket.id,
      now,
      data: { from: ticket.status, to: status },
    });
    return row!;
  });
}
