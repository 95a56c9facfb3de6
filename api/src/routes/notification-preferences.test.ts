import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, notificationPreferences as preferencesSchema } from "@clausewise/shared";
import { notify } from "../commands/notifications/notify";
import { notificationPreferences, notifications } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHANGED = {
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  emailNewComments: true,
  inAppNewComments: false,
  digestFrequency: "weekly",
  reminderTiming: "72h",
  quietHours: true,
  quietStart: "21:30",
  quietEnd: "07:00",
  timezone: "America/Edmonton",
} as const;

describe("GET/PUT /api/notification-preferences", () => {
  it("answers the defaults until saved, then what was saved, for every role", async () => {
    const team = await createTeam(t.deps.db);
    for (const member of [team.admin, team.approver, team.reviewer]) {
      const client = signedIn(t, member.token);
      const before = await client.get("/api/notification-preferences");
      expect(before.status).toBe(200);
      expect(preferencesSchema.parse(before.body)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      const saved = await client.request("PUT", "/api/notification-preferences", CHANGED);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(CHANGED);
      expect((await client.get("/api/notification-preferences")).body).toEqual(CHANGED);
    }
  });

  it("is each user's own: saving changes nobody else's, in this company or another", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, team.reviewer.token).request("PUT", "/api/notification-preferences", CHANGED);
    expect((await signedIn(t, team.admin.token).get("/api/notification-preferences")).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await signedIn(t, other.reviewer.token).get("/api/notification-preferences")).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("refuses an incomplete or invalid object with 400 and a message, and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.approver.token);
    const { quietEnd: _quietEnd, ...incomplete } = CHANGED;
    const bad: [unknown, RegExp][] = [
      [incomplete, /quietEnd/],
      [{ ...CHANGED, quietStart: "25:00" }, /quietStart must be a time of day/],
      [{ ...CHANGED, timezone: "Europe/Paris" }, /Canadian time zone/],
      [{ ...CHANGED, digestFrequency: "hourly" }, /digestFrequency must be one of daily, weekly, never/],
      [{ ...CHANGED, inAppNewComments: "no" }, /inAppNewComments must be true or false/],
      [{ ...CHANGED, __proto__: { admin: true }, extra: 1 }, /extra|Unrecognized/i],
      [["not", "an", "object"], /./],
      [42, /./],
    ];
    for (const [body, message] of bad) {
      const res = await client.request("PUT", "/api/notification-preferences", body);
      expect(res.status).toBe(400);
      expect(["validation_failed", "bad_request"]).toContain(res.body.error);
      expect(res.body.message).toMatch(message);
    }
    const rows = await t.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, team.approver.user.id));
    expect(rows).toEqual([]);
  });

  it("needs sign-in", async () => {
    expect((await t.client().get("/api/notification-preferences")).status).toBe(401);
    expect((await t.client().request("PUT", "/api/notification-preferences", CHANGED)).status).toBe(401);
  });
});

describe("the dispatcher honours the in-app switches", () => {
  it("creates no in-app notification of a kind the user switched off, and still creates it for the others", async () => {
    const team = await createTeam(t.deps.db);
    await signedIn(t, team.reviewer.token).request("PUT", "/api/notification-preferences", { ...DEFAULT_NOTIFICATION_PREFERENCES, inAppNewComments: false });
    const userIds = [team.reviewer.user.id, team.approver.user.id];
    const comment = await notify(t.deps.db, { companyId: team.company.id, userIds, type: "markup_added", title: "New comment", message: "A comment was added." });
    expect(comment.rows.map((r) => r.userId)).toEqual([team.approver.user.id]);
    // Another kind still reaches both.
    const assigned = await notify(t.deps.db, { companyId: team.company.id, userIds, type: "contract_assigned", title: "Assigned", message: "A contract was assigned." });
    expect(assigned.rows.map((r) => r.userId).sort()).toEqual([...userIds].sort());
    const stored = await t.deps.db.select().from(notifications).where(eq(notifications.userId, team.reviewer.user.id));
    expect(stored.map((n) => n.type)).toEqual(["contract_assigned"]);
  });
});
