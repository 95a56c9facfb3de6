import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
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

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(db, message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          companyId: message.companyId ?? null,
          toAddress: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          status: "queued",
          sendAfter: message.sendAfter ?? null,
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;
      if (message.sendAfter && message.sendAfter.getTime() > Date.now()) return { id, status: "queued" };
      if (!transport) {
        // Embedded default: the outbox row is the delivery; the log line carries any link for the developer.
        options.logger.info({ mailId: id, to: message.to, subject: message.subject, text: message.text }, "email (no SMTP_URL configured)");
        await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, id));
        return { id, status: "logged" };
      }
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
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
      transport?.close();
    },
  };
}
