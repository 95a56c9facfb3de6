import { PASSWORD_RESET_TTL_MS } from "@clausewise/shared";
import { button, escapeHtml, layout, type RenderedEmail } from "./layout";

export interface ResetPasswordData {
  firstName: string | null;
  /** The full link, `${appUrl}/reset-password?token=...`. */
  link: string;
  supportEmail: string;
}

const MINUTES = Math.round(PASSWORD_RESET_TTL_MS / 60_000);

export function resetPasswordTemplate(data: ResetPasswordData): RenderedEmail {
  const greeting = data.firstName ? `Hi ${data.firstName},` : "Hi,";
  const subject = "Reset your ClauseWise password";
  const text = [
    greeting,
    "",
    "Someone asked to reset the password of your ClauseWise account. To choose a new one, open this link:",
    data.link,
    "",
    `The link works once and expires in ${MINUTES} minutes. Resetting signs you out everywhere.`,
    "",
    "If you did not ask for this, you can ignore this email: your password stays as it is.",
    "",
    `Questions? Write to ${data.supportEmail}.`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
      '<p style="margin:0 0 16px">Someone asked to reset the password of your ClauseWise account. To choose a new one:</p>',
      button(data.link, "Reset Password"),
      '<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br>' +
        `<a href="${escapeHtml(data.link)}" style="color:#1e40af;word-break:break-all">${escapeHtml(data.link)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">The link works once and expires in ${MINUTES} minutes. Resetting signs you out everywhere. ` +
        "If you did not ask for this, you can ignore this email: your password stays as it is.</p>",
    ].join("\n"),
  });
  return { subject, text, html };
}
