import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "@clausewise/shared";
import { notify } from "../commands/notifications/notify";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from "../test/smtp";
import { createNotificationRunner } from "./jobs";
import { savePreferences } from "./preferences";

/** The dispatcher's mail leaves through a real SMTP server, at the moment the preferences say. */
let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, appUrl: "https://clausewise.example" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function reviewerWith(prefs: Partial<NotificationPreferences>) {
  const team = await createTeam(t.deps.db);
  await savePreferences(t.deps.db, team.reviewer.user.id, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs }, new Date());
  return team;
}

const received = (email: string) => smtp.inbox.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

describe("notification mail over SMTP", () => {
  it("holds a notice through quiet hours and delivers it by SMTP when they end", async () => {
    const team = await reviewerWith({ digestFrequency: "never", quietHours: true, quietStart: "22:00", quietEnd: "07:00", timezone: "America/Vancouver" });
    const runner = createNotificationRunner(t.deps);
    t.setNow(new Date("2030-03-05T07:00:00Z")); // 23:00 in Vancouver
    await notify(t.deps.db, {
      companyId: team.company.id,
      userIds: [team.reviewer.user.id],
      type: "approval_required",
      title: "Approval requested: Site C Substation EPC",
      message: "Legal Review is waiting for you.",
      actionUrl: "/contracts/site-c",
    });
    await runner.drain();
    expect(received(team.reviewer.user.email)).toEqual([]);

    t.setNow(new Date("2030-03-05T15:00:00Z")); // 07:00 in Vancouver
    await runner.drain();
    const [mail, ...more] = received(team.reviewer.user.email);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Approval requested: Site C Substation EPC/m);
    expect(mail).toContain("Legal Review is waiting for you.");
    expect(mail).toContain("https://clausewise.example/contracts/site-c");
  });

  it("delivers a daily digest by SMTP with every collected notice", async () => {
    const team = await reviewerWith({ digestFrequency: "daily", timezone: "America/Halifax" });
    const runner = createNotificationRunner(t.deps);
    t.setNow(new Date("2030-03-05T16:00:00Z")); // 12:00 in Halifax
    for (const title of ["Contract approved: Muskrat Falls Transmission", "Change approved on Muskrat Falls Transmission"]) {
      await notify(t.deps.db, { companyId: team.company.id, userIds: [team.reviewer.user.id], type: "other", title, message: title, actionUrl: null });
    }
    await runner.drain();
    expect(received(team.reviewer.user.email)).toEqual([]);

    t.setNow(new Date("2030-03-06T12:00:00Z")); // 08:00 in Halifax the next day
    await runner.drain();
    const [digest, ...more] = received(team.reviewer.user.email);
    expect(more).toEqual([]);
    expect(digest).toMatch(/^Subject: Your daily ClauseWise digest: 2 notifications/m);
    expect(digest).toContain("Contract approved: Muskrat Falls Transmission");
    expect(digest).toContain("Change approved on Muskrat Falls Transmission");
  });
});
