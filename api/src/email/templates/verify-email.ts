import { VERIFICATION_TOKEN_TTL_MS } from "@clausewise/shared";
import { button, escapeHtml, layout, type RenderedEmail } from "./layout";

export interface VerifyEmailData {
  firstName: string | null;
  /** The full link, `${appUrl}/verify-email?token=...`. */
  link: string;
  supportEmail: string;
}

const HOURS = Math.round(VERIFICATION_TOKEN_TTL_MS / 3_600_000);

export function verifyEmailTemplate(data: VerifyEmailData): RenderedEmail {
  const greeting = data.firstName ? `Hi ${data.firstName},` : "Hi,";
  const subject = "Verify your ClauseWise email address";
  const text = [
    greeting,
    "",
    "Please confirm your email address by opening this link:",
    data.link,
    "",
    `The link expires in ${HOURS} hours. If it has expired, sign in and choose Resend Verification Email.`,
    "",
    "If you did not create a ClauseWise account, you can ignore this email.",
    "",
    `Questions? Write to ${data.supportEmail}.`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: data.supportEmail,
    body: [
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
      '<p style="margin:0 0 16px">Please confirm your email address to finish setting up your ClauseWise account.</p>',
      button(data.link, "Verify Email Address"),
      '<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br>' +
        `<a href="${escapeHtml(data.link)}" style="color:#1e40af;word-break:break-all">${escapeHtml(data.link)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">The link expires in ${HOURS} hours. ` +
        "If you did not create a ClauseWise account, you can ignore this email.</p>",
    ].join("\n"),
  });
  return { subject, text, html };
}
