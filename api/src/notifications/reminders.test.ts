import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@clausewise/shared";
import { companies, contracts, emailOutbox, jobs, notifications } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { createNotificationRunner, ensureReminderScan } from "./jobs";
import { savePreferences } from "./preferences";
import { REMINDER_SCAN_EVERY_MS, REMINDER_SCAN_JOB, scanDeadlineReminders } from "./reminders";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
// Monday 4 Feb 2030, 10:00 in Toronto. Deadlines are dates (issue 17) and last all of their day in the company's zone.
const start = new Date("2030-02-04T15:00:00Z");
const after = (ms: number) => new Date(start.getTime() + ms);

async function contractWithDeadlines(options: { review?: string; approval?: string; status?: string; timezone?: string } = {}) {
  const team = await createTeam(t.deps.db);
  if (options.timezone) await t.deps.db.update(companies).set({ timezone: options.timezone }).where(eq(companies.id, team.company.id));
  const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id, status: options.status, title: "Refinery EPC" });
  await t.deps.db
    .update(contracts)
    .set({ reviewerId: team.reviewer.user.id, reviewDeadline: options.review ?? null, approvalDeadline: options.approval ?? null })
    .where(eq(contracts.id, contract.id));
  return { team, contract };
}

const inApp = (userId: string) => t.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
const mailTo = (email: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

/**
 * A scan at `when` (tests jump back and forth in time, so the scheduled scan of an earlier test may
 * lie ahead: scan directly), then a fresh runner, as after a restart of the process.
 */
async function runAt(when: Date) {
  t.setNow(when);
  await scanDeadlineReminders(t.deps);
  await createNotificationRunner(t.deps).drain();
}

describe("deadline reminders", () => {
  it("reminds the reviewer 24h before the review deadline, once, in the app and by e-mail", async () => {
    // Tuesday's deadline ends at 23:59 in Toronto, 38 hours after the start.
    const { team, contract } = await contractWithDeadlines({ review: "2030-02-05" });
    await runAt(start);
    expect(await inApp(team.reviewer.user.id)).toEqual([]);
    await runAt(after(14 * HOUR + 15 * 60_000));
    const [notice, ...more] = await inApp(team.reviewer.user.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ type: "other", title: "Review deadline: Refinery EPC", actionUrl: `/contracts/${contract.id}` });
    expect(notice!.message).toBe('The review deadline of "Refinery EPC" is Feb 5, 2030, in 24 hours.');
    // Deadline reminders skip the digest (default daily): they keep their own timing.
    expect((await mailTo(team.reviewer.user.email)).map((m) => m.subject)).toEqual(["Review deadline: Refinery EPC"]);
    // Later scans and restarts never send it again.
    await runAt(after(20 * HOUR));
    await runAt(after(37 * HOUR));
    expect(await inApp(team.reviewer.user.id)).toHaveLength(1);
    expect(await mailTo(team.reviewer.user.email)).toHaveLength(1);
  });

  it("follows each person's timing for the approval deadline, and their switches", async () => {
    // Sunday's deadline ends 158 hours after the start: within a week, not within 72 hours.
    const { team } = await contractWithDeadlines({ approval: "2030-02-10", status: "pending_approval" });
    await savePreferences(t.deps.db, team.approver.user.id, { ...DEFAULT_NOTIFICATION_PREFERENCES, reminderTiming: "week", emailDeadlineReminders: false }, new Date());
    await savePreferences(t.deps.db, team.admin.user.id, { ...DEFAULT_NOTIFICATION_PREFERENCES, reminderTiming: "72h" }, new Date());
    await runAt(start);
    expect((await inApp(team.approver.user.id)).map((n) => n.title)).toEqual(["Approval deadline: Refinery EPC"]);
    expect(await mailTo(team.approver.user.email)).toEqual([]);
    expect(await inApp(team.admin.user.id)).toEqual([]);
    expect(await inApp(team.reviewer.user.id)).toEqual([]);
    await runAt(after(4 * 24 * HOUR));
    expect((await inApp(team.admin.user.id)).map((n) => n.title)).toEqual(["Approval deadline: Refinery EPC"]);
    expect(await inApp(team.approver.user.id)).toHaveLength(1);
  });

  it("reminds again for a moved deadline, and not for a finished contract", async () => {
    const { team, contract } = await contractWithDeadlines({ review: "2030-02-04" });
    await runAt(start);
    expect(await inApp(team.reviewer.user.id)).toHaveLength(1);
    await t.deps.db.update(contracts).set({ reviewDeadline: "2030-02-05" }).where(eq(contracts.id, contract.id));
    await runAt(after(15 * HOUR));
    expect(await inApp(team.reviewer.user.id)).toHaveLength(2);
    const done = await contractWithDeadlines({ review: "2030-02-05", approval: "2030-02-05", status: "approved" });
    await runAt(after(16 * HOUR));
    expect(await inApp(done.team.reviewer.user.id)).toEqual([]);
    expect(await inApp(done.team.approver.user.id)).toEqual([]);
  });

  it("keeps exactly one scan scheduled across restarts, every 15 minutes, and the scan reminds", async () => {
    const { team } = await contractWithDeadlines({ review: "2030-02-07" });
    t.setNow(after(80 * HOUR));
    await ensureReminderScan(t.deps);
    await ensureReminderScan(t.deps);
    const queued = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, REMINDER_SCAN_JOB), eq(jobs.status, "queued")));
    expect(queued).toHaveLength(1);
    const next = Math.max(queued[0]!.runAt.getTime(), after(80 * HOUR).getTime());
    t.setNow(new Date(next));
    await createNotificationRunner(t.deps).drain();
    const following = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, REMINDER_SCAN_JOB), eq(jobs.status, "queued")));
    expect(following.map((j) => j.runAt.getTime())).toEqual([next + REMINDER_SCAN_EVERY_MS]);
    expect((await inApp(team.reviewer.user.id)).map((n) => n.title)).toEqual(["Review deadline: Refinery EPC"]);
  });

  it("ends a deadline at midnight in the company's time zone, not Toronto's", async () => {
    // 06:00 UTC on Tuesday: Tuesday 01:00 in Toronto, still Monday 22:00 in Vancouver.
    const { team } = await contractWithDeadlines({ review: "2030-02-04", timezone: "America/Vancouver" });
    const toronto = await contractWithDeadlines({ review: "2030-02-04" });
    await runAt(after(15 * HOUR));
    expect((await inApp(team.reviewer.user.id)).map((n) => n.message)).toEqual(['The review deadline of "Refinery EPC" is Feb 4, 2030, in 2 hours.']);
    // Over in Toronto: no reminder for a deadline that has passed.
    expect(await inApp(toronto.team.reviewer.user.id)).toEqual([]);
  });
});
