import { EMAIL_CHANGE_UNDO_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from "@clausewise/shared";
import { button, escapeHtml, layout, type RenderedEmail } from "./layout";

export interface EmailChangeData {
  firstName: string | null;
  oldEmail: string;
  newEmail: string;
  /** The full link: `/confirm-email?token=…` for the new address, `/undo-email-change?token=…` for the old one. */
  link: string;
  supportEmail: string;
}

const CONFIRM_HOURS = Math.round(VERIFICATION_TOKEN_TTL_MS / 3_600_000);
const UNDO_DAYS = Math.round(EMAIL_CHANGE_UNDO_TTL_MS / 86_400_000);

const greetingOf = (data: EmailChangeData) => (data.firstName ? `Hi ${data.firstName},` : "Hi,");
const small = (html: string) => `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${html}</p>`;
const pasteLink = (link: string) =>
  small(`Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:#1e40af;word-break:break-all">${escapeHtml(link)}</a>`);

/** To the new address: the change takes effect only when this link is followed. */
export function confirmEmailChangeTemplate(data: EmailChangeData): RenderedEmail {
  const greeting = greetingOf(data);
  const subject = "Confirm your new ClauseWise email address";
  const text = [
    greeting,
    "",
    `To use ${data.newEmail} to sign in to ClauseWise instead of ${data.oldEmail}, open this link:`,
    data.link,
    "",
    `The link works once and expires in ${CONFIRM_HOURS} hours. Until you open it, your email address stays ${data.oldEmail}.`,
    "",
    "If you did not ask for this, you can ignore this email.",
    "",
    `Questions? Write to ${data.supportEmail}.`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px">To use <strong>${escapeHtml(data.newEmail)}</strong> to sign in to ClauseWise instead of ${escapeHtml(data.oldEmail)}, confirm this address:</p>`,
      button(data.link, "Confirm Email Address"),
      pasteLink(data.link),
      small(`The link works once and expires in ${CONFIRM_HOURS} hours. Until you open it, your email address stays as it is. If you did not ask for this, you can ignore this email.`),
    ].join("\n"),
  });
  return { subject, text, html };
}

/** To the old address: a notice of the change with a link that undoes it and signs everyone out. */
export function emailChangeNoticeTemplate(data: EmailChangeData): RenderedEmail {
  const greeting = greetingOf(data);
  const subject = "Your ClauseWise email address is being changed";
  const text = [
    greeting,
    "",
    `Someone signed in to your ClauseWise account asked to change its email address from ${data.oldEmail} to ${data.newEmail}.`,
    "The change takes effect when the new address is confirmed.",
    "",
    "If this was not you, undo it with this link:",
    data.link,
    "",
    `It works for ${UNDO_DAYS} days, also after the change took effect: it restores ${data.oldEmail}, signs the account out everywhere and revokes its API keys. Then reset your password.`,
    "",
    "If it was you, there is nothing to do.",
    "",
    `Questions? Write to ${data.supportEmail}.`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px">Someone signed in to your ClauseWise account asked to change its email address from ${escapeHtml(data.oldEmail)} to <strong>${escapeHtml(data.newEmail)}</strong>. ` +
        "The change takes effect when the new address is confirmed.</p>",
      '<p style="margin:0 0 16px">If this was not you, undo it:</p>',
      button(data.link, "Undo This Change"),
      pasteLink(data.link),
      small(
        `The link works for ${UNDO_DAYS} days, also after the change took effect: it restores ${escapeHtml(data.oldEmail)}, signs the account out everywhere and revokes its API keys. ` +
          "Then reset your password. If it was you, there is nothing to do.",
      ),
    ].join("\n"),
  });
  return { subject, text, html };
}
