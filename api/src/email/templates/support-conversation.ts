import { TICKET_RESPONSE_TARGETS, shortTicketId, type Priority } from "@clausewise/shared";
import { button, escapeHtml, layout, type RenderedEmail } from "./layout";

interface TicketRef {
  id: string;
  subject: string;
  priority: Priority;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

function render(options: { subject: string; paragraphs: string[]; quote?: string; link: { href: string; label: string }; supportEmail: string }): RenderedEmail {
  const subject = oneLine(options.subject);
  const text = [...options.paragraphs, ...(options.quote ? ["", options.quote] : []), "", `${options.link.label}: ${options.link.href}`].join("\n");
  const html = layout({
    title: subject,
    supportEmail: options.supportEmail,
    body: [
      ...options.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
      ...(options.quote ? [`<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;white-space:pre-wrap">${escapeHtml(options.quote)}</blockquote>`] : []),
      button(options.link.href, options.link.label),
    ].join("\n"),
  });
  return { subject, text, html };
}

/** To the requester, as soon as a ticket is recorded: what was received and when to expect an answer. */
export function ticketAcknowledgementTemplate(data: { ticket: TicketRef; name: string; appUrl: string; supportEmail: string }): RenderedEmail {
  const ref = `#${shortTicketId(data.ticket.id)}`;
  return render({
    subject: `We received your support ticket ${ref}: ${data.ticket.subject}`,
    paragraphs: [
      `Hello ${data.name},`,
      `Thank you for contacting ClauseWise support. Your ticket ${ref} ("${oneLine(data.ticket.subject)}") has been received.`,
      `For its priority we aim to respond ${TICKET_RESPONSE_TARGETS[data.ticket.priority]}. You can follow it and reply under My Tickets.`,
    ],
    link: { href: `${data.appUrl}/support?ticket=${data.ticket.id}`, label: "View your ticket" },
    supportEmail: data.supportEmail,
  });
}

/** A reply from support, to the requester. */
export function supportReplyTemplate(data: { ticket: TicketRef; name: string; body: string; appUrl: string; supportEmail: string }): RenderedEmail {
  const ref = `#${shortTicketId(data.ticket.id)}`;
  return render({
    subject: `Reply on your support ticket ${ref}: ${data.ticket.subject}`,
    paragraphs: [`Hello ${data.name},`, `ClauseWise support replied on your ticket ${ref}:`],
    quote: data.body,
    link: { href: `${data.appUrl}/support?ticket=${data.ticket.id}`, label: "Reply on your ticket" },
    supportEmail: data.supportEmail,
  });
}

/** A reply from the requester, to the support address. */
export function requesterReplyTemplate(data: { ticket: TicketRef; requester: { name: string; email: string }; companyName: string; body: string; appUrl: string; supportEmail: string }): RenderedEmail {
  const ref = `#${shortTicketId(data.ticket.id)}`;
  return render({
    subject: `Requester replied on ticket ${ref}: ${data.ticket.subject}`,
    paragraphs: [`${data.requester.name} <${data.requester.email}> of ${data.companyName} replied on ticket ${ref} (${data.ticket.id}):`],
    quote: data.body,
    link: { href: `${data.appUrl}/support?tab=inbox&ticket=${data.ticket.id}`, label: "Open the support inbox" },
    supportEmail: data.supportEmail,
  });
}
