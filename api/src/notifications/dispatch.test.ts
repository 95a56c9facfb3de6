import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, PREFERENCE_KINDS, type NotificationPreferences, type PreferenceKind } from "@clausewise/shared";
import { notify, type NotifyInput } from "../commands/notifications/notify";
import { emailOutbox, jobs, notifications } from "../db/schema";
import type { JobRunner } from "../jobs/queue";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { NOTIFICATION_DIGEST_JOB } from "./digest";
import { createNotificationRunner } from "./jobs";
import { NOTIFICATION_MAIL_JOB } from "./mail";
import { savePreferences } from "./preferences";

let t: TestApp;
let runner: JobRunner;
beforeAll(async () => {
  t = await createTestApp();
  runner = createNotificationRunner(t.deps);
});
afterAll(() => t.close());

// Dates lie ahead of the real clock: jobs queued inside notify() are due from the real "now".
const at = (iso: string) => new Date(iso);

async function userWith(prefs: Partial<NotificationPreferences>) {
  const team = await createTeam(t.deps.db);
  await savePreferences(t.deps.db, team.reviewer.user.id, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs }, new Date());
  return team;
}

async function send(team: Awaited<ReturnType<typeof createTeam>>, input: Partial<NotifyInput> = {}) {
  return notify(t.deps.db, {
    companyId: team.company.id,
    userIds: [team.reviewer.user.id],
    type: "contract_assigned",
    title: "Contract assigned",
    message: "Pipeline EPC is yours to review.",
    actionUrl: "/contracts/abc",
    ...input,
  });
}

const approved: Partial<NotifyInput> = { type: "contract_completed", title: "Contract approved", message: "Pipeline EPC has been approved." };

const mailTo = (email: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

describe("e-mail switches", () => {
  it("mails a kind whose e-mail switch is on, right away when the digest is off", async () => {
    const team = await userWith({ digestFrequency: "never" });
    t.setNow(at("2030-01-15T15:00:00Z"));
    await send(team);
    await runner.drain();
    const mails = await mailTo(team.reviewer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Contract assigned");
    expect(mails[0]!.text).toContain("Pipeline EPC is yours to review.");
    expect(mails[0]!.text).toContain("/contracts/abc");
  });

  it("mails nothing for a kind switched off by e-mail, and still mails when only in-app is off", async () => {
    const team = await userWith({ digestFrequency: "never", emailContractRejected: false, inAppContractAssigned: false });
    t.setNow(at("2030-01-15T15:00:00Z"));
    const rejected = await send(team, { type: "other", title: "Contract rejected", message: "Rejected at Legal." });
    expect(rejected.rows).toHaveLength(1);
    const assigned = await send(team);
    expect(assigned.rows).toHaveLength(0);
    await runner.drain();
    expect((await mailTo(team.reviewer.user.email)).map((m) => m.subject)).toEqual(["Contract assigned"]);
    // Comments stay in the app by default (emailNewComments off).
    await send(team, { type: "markup_added", title: "New comment on Pipeline EPC" });
    const queued = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, NOTIFICATION_MAIL_JOB), eq(jobs.status, "queued")));
    expect(queued.filter((j) => j.payload.userId === team.reviewer.user.id)).toEqual([]);
  });

  it("drops a queued mail whose switch was turned off before it went", async () => {
    const team = await userWith({ digestFrequency: "never" });
    await send(team);
    await savePreferences(t.deps.db, team.reviewer.user.id, { ...DEFAULT_NOTIFICATION_PREFERENCES, digestFrequency: "never", emailContractAssigned: false }, new Date());
    t.setNow(at("2030-01-15T15:00:00Z"));
    await runner.drain();
    expect(await mailTo(team.reviewer.user.email)).toEqual([]);
  });
});

describe("quiet hours", () => {
  it("holds mail until the window ends on the user's clock, then sends it", async () => {
    const team = await userWith({ digestFrequency: "never", quietHours: true, quietStart: "22:00", quietEnd: "08:00", timezone: "America/Toronto" });
    t.setNow(at("2030-01-15T03:30:00Z")); // 22:30 in Toronto
    await send(team);
    await runner.drain();
    expect(await mailTo(team.reviewer.user.email)).toEqual([]);
    const held = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, NOTIFICATION_MAIL_JOB), eq(jobs.status, "queued")));
    expect(held.filter((j) => j.payload.userId === team.reviewer.user.id).map((j) => j.runAt.toISOString())).toEqual(["2030-01-15T13:00:00.000Z"]);
    t.setNow(at("2030-01-15T12:59:00Z"));
    await runner.drain();
    expect(await mailTo(team.reviewer.user.email)).toEqual([]);
    t.setNow(at("2030-01-15T13:00:00Z"));
    await runner.drain();
    expect((await mailTo(team.reviewer.user.email)).map((m) => m.subject)).toEqual(["Contract assigned"]);
  });

  it("does not hold in-app notifications", async () => {
    const team = await userWith({ quietHours: true });
    t.setNow(at("2030-01-15T03:30:00Z"));
    await send(team);
    expect(await t.deps.db.select().from(notifications).where(eq(notifications.userId, team.reviewer.user.id))).toHaveLength(1);
  });
});

describe("digests", () => {
  it("collects a day's mail into one digest at 08:00 the next morning", async () => {
    const team = await userWith({ digestFrequency: "daily", emailNewComments: true, timezone: "America/Edmonton" });
    t.setNow(at("2030-01-15T17:00:00Z")); // 10:00 in Edmonton
    await send(team, approved);
    await send(team, { type: "markup_added", title: "New comment on Pipeline EPC", message: "Check clause 4." });
    await runner.drain();
    expect(await mailTo(team.reviewer.user.email)).toEqual([]);
    const [digest] = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, NOTIFICATION_DIGEST_JOB), eq(jobs.dedupeKey, `notification-digest:${team.reviewer.user.id}`)));
    expect(digest!.runAt.toISOString()).toBe("2030-01-16T15:00:00.000Z");
    expect((digest!.payload.items as unknown[]).length).toBe(2);
    t.setNow(at("2030-01-16T15:00:00Z"));
    await runner.drain();
    const mails = await mailTo(team.reviewer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your daily ClauseWise digest: 2 notifications");
    expect(mails[0]!.text).toContain("Contract approved");
    expect(mails[0]!.text).toContain("Check clause 4.");
    // The next notice starts a new digest.
    await send(team, approved);
    await runner.drain();
    const next = await t.deps.db.select().from(jobs).where(and(eq(jobs.dedupeKey, `notification-digest:${team.reviewer.user.id}`), eq(jobs.status, "queued")));
    expect(next.map((j) => j.runAt.toISOString())).toEqual(["2030-01-17T15:00:00.000Z"]);
  });

  it("sends a weekly digest on Monday morning, after quiet hours that cover it", async () => {
    const team = await userWith({ digestFrequency: "weekly", quietHours: true, quietStart: "22:00", quietEnd: "09:30", timezone: "America/Toronto" });
    t.setNow(at("2030-01-15T15:00:00Z")); // Tuesday
    await send(team, approved);
    await runner.drain();
    const [digest] = await t.deps.db.select().from(jobs).where(eq(jobs.dedupeKey, `notification-digest:${team.reviewer.user.id}`));
    expect(digest!.runAt.toISOString()).toBe("2030-01-21T14:30:00.000Z"); // Monday 09:30 EST
    t.setNow(at("2030-01-21T14:30:00Z"));
    await runner.drain();
    expect((await mailTo(team.reviewer.user.email)).map((m) => m.subject)).toEqual(["Your weekly ClauseWise digest: 1 notification"]);
  });
});

describe("every switch governs delivery (issue 16)", () => {
  const notices: Record<PreferenceKind, Partial<NotifyInput>> = {
    ContractAssigned: { type: "contract_assigned", title: "Contract assigned" },
    DeadlineReminders: { type: "other", title: "Review deadline tomorrow", kind: "DeadlineReminders" },
    ContractApproved: { type: "contract_completed", title: "Contract approved" },
    ContractRejected: { type: "other", title: "Contract rejected" },
    NewComments: { type: "markup_added", title: "New comment on Pipeline EPC" },
    SystemUpdates: { type: "other", title: "Scheduled maintenance" },
  };

  it.each(PREFERENCE_KINDS)("%s: e-mail and in-app each follow their own switch", async (kind) => {
    const on = await userWith({ digestFrequency: "never", [`email${kind}`]: true, [`inApp${kind}`]: true });
    const emailOff = await userWith({ digestFrequency: "never", [`email${kind}`]: false, [`inApp${kind}`]: true });
    const inAppOff = await userWith({ digestFrequency: "never", [`email${kind}`]: true, [`inApp${kind}`]: false });
    t.setNow(at("2030-01-15T15:00:00Z"));
    const sent = await Promise.all([on, emailOff, inAppOff].map((team) => send(team, notices[kind])));
    await runner.drain();
    expect(sent.map((r) => r.rows.length)).toEqual([1, 1, 0]);
    const delivered = await Promise.all([on, emailOff, inAppOff].map(async (team) => (await mailTo(team.reviewer.user.email)).length));
    expect(delivered).toEqual([1, 0, 1]);
  });
});

describe("action-required mail goes at once; the digest batches the rest (issue 16)", () => {
  it("with the default daily digest, mails assignments, approval requests and deadline reminders at once and holds an approval notice for the digest", async () => {
    const team = await userWith({});
    expect(DEFAULT_NOTIFICATION_PREFERENCES.digestFrequency).toBe("daily");
    t.setNow(at("2030-01-15T15:00:00Z"));
    await send(team);
    await send(team, { type: "approval_required", title: "Approval required", message: "Legal Review is waiting for your decision." });
    await send(team, { type: "other", title: "Approval deadline tomorrow", kind: "DeadlineReminders" });
    await send(team, approved);
    await runner.drain();
    expect((await mailTo(team.reviewer.user.email)).map((m) => m.subject).sort()).toEqual(["Approval deadline tomorrow", "Approval required", "Contract assigned"]);
    const [digest] = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, NOTIFICATION_DIGEST_JOB), eq(jobs.dedupeKey, `notification-digest:${team.reviewer.user.id}`)));
    expect((digest!.payload.items as { title: string }[]).map((i) => i.title)).toEqual(["Contract approved"]);
  });
});
