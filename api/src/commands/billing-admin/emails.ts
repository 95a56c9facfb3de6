import { endSentence } from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { escapeHtml, layout, type RenderedEmail } from "../../email/templates/layout";

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export type AccountNotice =
  | { kind: "suspended"; reason: string }
  | { kind: "reactivated" }
  | { kind: "payment_received"; amountCents: number; nextPaymentDue: Date | null }
  | { kind: "payment_overdue"; days: number; suspendAfterDays: number };

function lines(notice: AccountNotice, companyName: string): { subject: string; paragraphs: string[] } {
  switch (notice.kind) {
    case "suspended":
      return {
        subject: `Your ClauseWise account for ${companyName} is suspended`,
        paragraphs: [
          `The ClauseWise account of ${companyName} has been suspended. Nobody in your company can sign in until it is reactivated.`,
          `Reason: ${notice.reason}`,
          "Please contact ClauseWise support to resolve this.",
        ],
      };
    case "reactivated":
      return {
        subject: `Your ClauseWise account for ${companyName} is active again`,
        paragraphs: [`The ClauseWise account of ${companyName} has been reactivated. Everyone in your company can sign in again.`],
      };
    case "payment_received":
      return {
        subject: `Payment received for ${companyName}`,
        paragraphs: [
          `${endSentence(`We recorded a payment of ${cad.format(notice.amountCents / 100)} for ${companyName}`)} Thank you.`,
          ...(notice.nextPaymentDue ? [`Your next payment is due on ${day.format(notice.nextPaymentDue)}.`] : []),
        ],
      };
    case "payment_overdue":
      return {
        subject: `Payment overdue for ${companyName}`,
        paragraphs: [
          `The ClauseWise subscription payment of ${companyName} is ${notice.days} ${notice.days === 1 ? "day" : "days"} overdue.`,
          `Accounts more than ${notice.suspendAfterDays} days overdue are suspended. Please arrange payment or contact ClauseWise support.`,
        ],
      };
  }
}

export function accountNoticeTemplate(notice: AccountNotice, companyName: string, supportEmail: string): RenderedEmail {
  const { subject, paragraphs } = lines(notice, companyName);
  const safeSubject = subject.replace(/[\r\n]+/g, " ");
  return {
    subject: safeSubject,
    text: paragraphs.join("\n\n"),
    html: layout({
      title: safeSubject,
      supportEmail,
      body: paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n"),
    }),
  };
}

/** Mails the company admin after the commit; the outbox row records a failed delivery. */
export async function mailCompanyAdmin(deps: AppDeps, admin: UserRow | null, company: Pick<CompanyRow, "id" | "name">, notice: AccountNotice): Promise<void> {
  if (!admin) return;
  const mail = accountNoticeTemplate(notice, company.name, deps.config.supportEmail);
  await deps.mailer.send(deps.db, { to: admin.email, companyId: company.id, ...mail });
}
