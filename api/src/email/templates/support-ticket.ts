import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS, TICKET_RESPONSE_TARGETS, shortTicketId, type CreateTicketRequest } from "@clausewise/shared";
import { escapeHtml, layout, type RenderedEmail } from "./layout";

export interface SupportTicketEmailData {
  ticket: CreateTicketRequest & { id: string };
  reporter: { name: string; email: string; role: string };
  companyName: string;
  supportEmail: string;
}

/** The notice the support team receives for a new ticket; everything the user typed is escaped. */
export function supportTicketTemplate(data: SupportTicketEmailData): RenderedEmail {
  const { ticket, reporter } = data;
  const priority = TICKET_PRIORITY_LABELS[ticket.priority];
  const category = TICKET_CATEGORY_LABELS[ticket.category];
  const target = TICKET_RESPONSE_TARGETS[ticket.priority];
  const subject = `[${priority}] Support ticket #${shortTicketId(ticket.id)}: ${ticket.subject}`.replace(/[\r\n]+/g, " ");
  const facts: [string, string][] = [
    ["Ticket", `#${shortTicketId(ticket.id)} (${ticket.id})`],
    ["From", `${reporter.name} <${reporter.email}>, ${reporter.role}`],
    ["Company", data.companyName],
    ["Category", category],
    ["Priority", `${priority} (respond ${target})`],
  ];
  const text = [
    "A new support ticket was submitted.",
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `Subject: ${ticket.subject}`,
    "",
    ticket.description,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      '<p style="margin:0 0 16px">A new support ticket was submitted.</p>',
      '<table style="border-collapse:collapse;font-size:14px;margin:0 0 16px">',
      ...facts.map(
        ([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(k)}</td><td style="padding:2px 0">${escapeHtml(v)}</td></tr>`,
      ),
      "</table>",
      `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(ticket.subject)}</p>`,
      `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(ticket.description)}</p>`,
    ].join("\n"),
  });
  return { subject, text, html };
}
