import { INVITATION_TTL_MS, type Role } from "@clausewise/shared";
import { button, escapeHtml, layout, type RenderedEmail } from "./layout";

export interface InvitationEmailData {
  inviterName: string;
  companyName: string;
  role: Role;
  /** The full link, `${appUrl}/invite?token=...`. */
  link: string;
  supportEmail: string;
}

const DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** The invitation to join a company's ClauseWise workspace; names come from users and are escaped. */
export function invitationTemplate(data: InvitationEmailData): RenderedEmail {
  const subject = `${data.inviterName} invited you to ${data.companyName} on ClauseWise`.replace(/[\r\n]+/g, " ");
  const intro = `${data.inviterName} invited you to join ${data.companyName} on ClauseWise as ${data.role === "admin" ? "an" : "a"} ${data.role}.`;
  const text = [
    "Hi,",
    "",
    intro,
    "",
    "Open this link to set your name and password and join the team:",
    data.link,
    "",
    `The link works once and expires in ${DAYS} days. If you were not expecting this invitation, you can ignore this email.`,
    "",
    `Questions? Write to ${data.supportEmail}.`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      '<p style="margin:0 0 16px">Hi,</p>',
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
      button(data.link, "Accept Invitation"),
      '<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br>' +
        `<a href="${escapeHtml(data.link)}" style="color:#1e40af;word-break:break-all">${escapeHtml(data.link)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">The link works once and expires in ${DAYS} days. ` +
        "If you were not expecting this invitation, you can ignore this email.</p>",
    ].join("\n"),
  });
  return { subject, text, html };
}
