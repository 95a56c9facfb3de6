import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_EVENTS, type Notification } from "@clausewise/shared";
import { notify } from "../commands/notifications/notify";
import type { DomainEvent } from "../events/bus";
import { createTestApp, type TestApp } from "../test/app";
import { createNotifications, createTeam } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Notifications one minute apart, newest last, so list order is deterministic. */
const seedNotifications = (companyId: string, userId: string, count: number, read: boolean) => createNotifications(t.deps.db, { companyId, userId, count, read });

describe("notifications", () => {
  it("lists all unread and at most 10 read, and counts unread", async () => {
    const team = await createTeam(t.deps.db);
    await seedNotifications(team.company.id, team.reviewer.user.id, 12, true);
    await seedNotifications(team.company.id, team.reviewer.user.id, 3, false);
    const client = t.client();
    client.useSession(team.reviewer.token);
    const list = await client.get<Notification[]>("/api/notifications");
    expect(list.status).toBe(200);
    expect(list.body.filter((n) => !n.read)).toHaveLength(3);
    expect(list.body.filter((n) => n.read)).toHaveLength(10);
    expect(list.body[0]).toMatchObject({ type: "markup_added", actionUrl: "/contracts/x" });
    const count = await client.get("/api/notifications/unread-count");
    expect(count.body).toEqual({ count: 3 });
  });

  it("marks one as read, then all as read", async () => {
    const team = await createTeam(t.deps.db);
    await seedNotifications(team.company.id, team.approver.user.id, 2, false);
    const client = t.client();
    client.useSession(team.approver.token);
    const [first] = (await client.get<Notification[]>("/api/notifications")).body;
    const read = await client.post<Notification>(`/api/notifications/${first!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.read).toBe(true);
    expect((await client.get("/api/notifications/unread-count")).body).toEqual({ count: 1 });
    const all = await client.post("/api/notifications/mark-all-read");
    expect(all.body).toEqual({ updated: 1 });
    expect((await client.get("/api/notifications/unread-count")).body).toEqual({ count: 0 });
  });

  it("answers 401 when signed out", async () => {
    const client = t.client();
    expect((await client.get("/api/notifications")).status).toBe(401);
    expect((await client.get("/api/notifications/unread-count")).status).toBe(401);
    expect((await client.post("/api/notifications/mark-all-read")).status).toBe(401);
  });

  it("treats another user's notification, in the same or another company, as missing", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const { rows } = await notify(t.deps.db, { companyId: team.company.id, userIds: [team.admin.user.id], type: "other", title: "Private", message: "For the admin" });
    const id = rows[0]!.id;
    for (const token of [team.reviewer.token, other.admin.token]) {
      const client = t.client();
      client.useSession(token);
      const res = await client.post(`/api/notifications/${id}/read`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "Notification not found." });
      expect((await client.get<Notification[]>("/api/notifications")).body.map((n) => n.id)).not.toContain(id);
    }
    const owner = t.client();
    owner.useSession(team.admin.token);
    expect((await owner.get("/api/notifications/unread-count")).body).toEqual({ count: 1 });
  });

  it("answers 404 for a malformed id and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    await seedNotifications(team.company.id, team.reviewer.user.id, 1, false);
    const client = t.client();
    client.useSession(team.reviewer.token);
    expect((await client.post("/api/notifications/not-a-uuid/read")).status).toBe(404);
    expect((await client.get("/api/notifications/unread-count")).body).toEqual({ count: 1 });
  });

  it("publishes notification:new for each recipient", async () => {
    const team = await createTeam(t.deps.db);
    const events: DomainEvent[] = [];
    const stop = t.deps.bus.subscribe((e) => events.push(e));
    const result = await notify(t.deps.db, {
      companyId: team.company.id,
      userIds: [team.admin.user.id, team.approver.user.id, team.admin.user.id],
      type: "approval_required",
      title: "Approval required",
      message: "A change awaits you",
    });
    await result.publish(t.deps);
    stop();
    expect(result.rows).toHaveLength(2);
    expect(events.map((e) => [e.type, e.userIds])).toEqual([
      [PUSH_EVENTS.notificationNew, [result.rows[0]!.userId]],
      [PUSH_EVENTS.notificationNew, [result.rows[1]!.userId]],
    ]);
  });
});
