import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@clausewise/shared";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { createContractWithSteps, notificationsOf, signedIn } from "../test/lifecycle-factories";
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from "../test/smtp";
import { createNotificationRunner } from "./jobs";

/**
 * Issue 16, items 1 and 2, end to end: the switches saved through the Notification Preferences route
 * decide what a real workflow step delivers over SMTP and in the app, and the approval request it
 * raises goes out at once under the default daily digest.
 */
let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const received = (email: string) => smtp.inbox.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

async function submittedFor(prefs: Partial<typeof DEFAULT_NOTIFICATION_PREFERENCES>) {
  const team = await createTeam(t.deps.db);
  const saved = await signedIn(t, team.approver.token).request("PUT", "/api/notification-preferences", { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs });
  expect(saved.status).toBe(200);
  const contract = await createContractWithSteps(t.deps.db, { companyId: team.company.id, status: "under_review", createdBy: team.admin.user.id, reviewerId: team.reviewer.user.id });
  const res = await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/submit`, { comment: "Ready for legal" });
  expect(res.status).toBe(200);
  await createNotificationRunner(t.deps).drain();
  return { team, contract };
}

describe("Contract Assignments switches over SMTP", () => {
  it("on (the defaults, daily digest): the approval request is mailed at once and shown in the app", async () => {
    const { team, contract } = await submittedFor({});
    const [mail, ...more] = received(team.approver.user.email);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Approval required/m);
    expect(mail).toContain(`/contracts/${contract.id}`);
    expect((await notificationsOf(t.deps.db, team.approver.user.id)).map((n) => n.type)).toEqual(["approval_required"]);
  });

  it("off by e-mail and in the app: nothing is mailed and no notice appears, while a colleague with them on gets both", async () => {
    const { team } = await submittedFor({ emailContractAssigned: false, inAppContractAssigned: false });
    expect(received(team.approver.user.email)).toEqual([]);
    expect(await notificationsOf(t.deps.db, team.approver.user.id)).toEqual([]);
    expect(received(team.admin.user.email).join("\n")).toMatch(/^Subject: Approval required/m);
    expect((await notificationsOf(t.deps.db, team.admin.user.id)).map((n) => n.type)).toEqual(["approval_required"]);
  });

  it("off by e-mail only: the notice appears in the app and nothing is mailed", async () => {
    const { team } = await submittedFor({ emailContractAssigned: false });
    expect(received(team.approver.user.email)).toEqual([]);
    expect((await notificationsOf(t.deps.db, team.approver.user.id)).map((n) => n.type)).toEqual(["approval_required"]);
  });
});
