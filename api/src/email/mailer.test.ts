import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset } from "../commands/auth/password-reset";
import { emailOutbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { capturingLogger } from "../test/logs";
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from "../test/smtp";
import { createMailer, redactLinkTokens } from "./mailer";

/*
 * A mailed link is a credential (reset, verification, invitation). It is written to the log only in
 * development without SMTP, where the log line is how a developer follows it (issue 12, item 8).
 */

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const TOKEN = "Zr4Tq9_sEcReT-tOkEn-0123456789abcdefghijkl";
const message = (to: string) => ({
  to,
  subject: "Reset your ClauseWise password",
  text: `Reset it here: https://clausewise.example/reset-password?token=${TOKEN}\nThe link works for an hour.`,
  html: `<a href="https://clausewise.example/reset-password?token=${TOKEN}">Reset</a>`,
});

describe("the mailer and the log", () => {
  it("keeps links out of the log outside development (no SMTP): the outbox alone holds the mail", async () => {
    const log = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: "no-reply@clausewise.local", logger: log.logger, logBodies: false });
    const sent = await mailer.send(t.deps.db, message("prod@example.test"));
    expect(sent.status).toBe("logged");
    expect(log.text()).toContain("email kept in the outbox");
    expect(log.text()).not.toContain(TOKEN);
    expect(log.text()).not.toContain("reset-password");
    const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.id));
    expect(row!.text).toContain(TOKEN);
  });

  it("writes the link to the log in development without SMTP, for the developer to follow", async () => {
    const log = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: "no-reply@clausewise.local", logger: log.logger, logBodies: true });
    await mailer.send(t.deps.db, message("dev@example.test"));
    expect(log.text()).toContain(TOKEN);
  });

  it("never logs the link when SMTP delivers it, and the outbox keeps only a redacted copy", async () => {
    const log = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "no-reply@clausewise.local", logger: log.logger, logBodies: true });
    try {
      const sent = await mailer.send(t.deps.db, message("smtp@example.test"));
      expect(sent.status).toBe("sent");
      expect(decodeQuotedPrintable(smtp.inbox.find((m) => m.to.includes("smtp@example.test"))!.raw)).toContain(`reset-password?token=${TOKEN}`);
      expect(log.text()).not.toContain(TOKEN);
      const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.id));
      expect(`${row!.text} ${row!.html}`).not.toContain(TOKEN);
      expect(row!.text).toContain("reset-password?token=[redacted]");
    } finally {
      mailer.close();
    }
  });

  it("keeps a password-reset link out of the log of a server that is not in development", async () => {
    const team = await createTeam(t.deps.db);
    const log = capturingLogger();
    const previous = t.deps.mailer;
    t.deps.mailer = createMailer({ smtpUrl: undefined, from: "no-reply@clausewise.local", logger: log.logger, logBodies: t.deps.config.nodeEnv === "development" });
    try {
      const token = await requestPasswordReset(t.deps, { email: team.reviewer.user.email });
      expect(token).toBeTruthy();
      expect(log.text()).not.toContain(token!);
      expect(log.text()).toContain("email kept in the outbox");
    } finally {
      t.deps.mailer = previous;
    }
  });

  it("redacts every token in links, and nothing else", () => {
    expect(redactLinkTokens("a https://x.test/invite?token=abc%2Bdef b https://x.test/p?x=1&token=zz c")).toBe("a https://x.test/invite?token=[redacted] b https://x.test/p?x=1&token=[redacted] c");
    expect(redactLinkTokens("no links here, token=plain")).toBe("no links here, token=plain");
  });
});
