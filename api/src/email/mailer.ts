import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  companyId?: string | null;
  /** Hold the mail until then (quiet hours). */
  sendAfter?: Date;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it (SMTP) or logs it (no SMTP configured). */
  send(db: Db, message: MailMessage): Promise<{ id: string; status: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  /**
   * Write the text of unsent mail (sign-in, reset and invitation links) to the log. Development only
   * (NODE_ENV=development) and only without SMTP: anywhere else a link in the log is a credential in
   * the log (issue 12).
   */
  logBodies?: boolean;
}

/** `?token=…` and `&token=…` in a link: what makes a mailed link a credential. */
const TOKEN_IN_LINK = /([?&]token=)[^&\s"'<>]+/g;

/** The mail's text with every link token replaced: what the outbox keeps once SMTP delivers the real one. */
export function redactLinkTokens(text: string): string {
  return text.replace(TOKEN_IN_LINK, "$1[redacted]");
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first mail sent over SMTP, not at start-up (DECISIONS.md "Fresh RSS").
  let opened: Promise<Transporter> | null = null;
  const transport = smtpUrl ? () => (opened ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))) : null;
  // With SMTP the outbox is a record, not the delivery: it keeps no usable link.
  const stored = (text: string) => (transport ? redactLinkTokens(text) : text);
  return {
    async send(db, message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          companyId: message.companyId ?? null,
          toAddress: message.to,
          subject: message.subject,
          text: stored(message.text),
          html: message.html === undefined ? null : stored(message.html),
          status: "queued",
          sendAfter: message.sendAfter ?? null,
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;
      if (message.sendAfter && message.sendAfter.getTime() > Date.now()) return { id, status: "queued" };
      if (!transport) {
        // Embedded default: the outbox row is the delivery; in development the log line carries any link.
        if (options.logBodies) options.logger.info({ mailId: id, to: message.to, subject: message.subject, text: message.text }, "email (no SMTP_URL configured)");
        else options.logger.info({ mailId: id, subject: message.subject }, "email kept in the outbox (no SMTP_URL configured)");
        await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, id));
        return { id, status: "logged" };
      }
      try {
        await (await transport()).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, id));
        return { id, status: "sent" };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.logger.error({ mailId: id, err: reason }, "email delivery failed");
        await db.update(emailOutbox).set({ status: "failed", error: reason.slice(0, 1000) }).where(eq(emailOutbox.id, id));
        return { id, status: "failed" };
      }
    },
    close() {
      void opened?.then(
        (t) => t.close(),
        () => undefined, // never opened: nothing to close
      );
    },
  };
}
