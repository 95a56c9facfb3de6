import type { CreateTicketRequest } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { supportTickets } from "../../db/schema";
import { ticketAcknowledgementTemplate } from "../../email/templates/support-conversation";
import { supportTicketTemplate } from "../../email/templates/support-ticket";
import { displayName } from "../../presenters/approval-step";
import type { TicketRow } from "../../support/tickets";
import { recordAudit } from "../audit";

export interface CreateTicketInput {
  actor: UserRow;
  company: Pick<CompanyRow, "id" | "name">;
  ticket: CreateTicketRequest;
}

/**
 * Records the ticket, e-mails it to the support address (SUPPORT_EMAIL) and acknowledges it to the
 * requester. The mails go out after the commit: a ticket is never lost to a mail problem, and the
 * outbox row records a failed delivery.
 */
export async function createTicket(deps: AppDeps, input: CreateTicketInput): Promise<TicketRow> {
  const { actor, company, ticket } = input;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(supportTickets)
      .values({ companyId: actor.companyId, userId: actor.id, ...ticket, status: "open", createdAt: now, updatedAt: now })
      .returning();
    const created = inserted!;
    await recordAudit(tx, {
      companyId: created.companyId,
      userId: actor.id,
      action: "support_ticket.create",
      entityType: "support_ticket",
      entityId: created.id,
      now,
      data: { category: created.category, priority: created.priority },
    });
    return created;
  });

  const mail = supportTicketTemplate({
    ticket: { ...ticket, id: row.id },
    reporter: { name: displayName(actor), email: actor.email, role: actor.role },
    companyName: company.name,
    supportEmail: deps.config.supportEmail,
  });
  await deps.mailer.send(deps.db, { to: deps.config.supportEmail, companyId: row.companyId, ...mail });
  const ack = ticketAcknowledgementTemplate({ ticket: { ...ticket, id: row.id }, name: displayName(actor), appUrl: deps.config.appUrl, supportEmail: deps.config.supportEmail });
  await deps.mailer.send(deps.db, { to: actor.email, companyId: row.companyId, ...ack });
  return row;
}
