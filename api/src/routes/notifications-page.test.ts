import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "@clausewise/shared";
import { createTestApp, type TestApp } from "../test/app";
import { createNotifications, createTeam } from "../test/factories";

/* GET /api/notifications?limit=&cursor= (issue 15 "Lists without limits"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `count` notifications, three to a created time (ties), newest last. */
const seed = (companyId: string, userId: string, count: number, read: boolean) =>
  createNotifications(t.deps.db, { companyId, userId, count, read, perMinute: 3, title: (i) => `${read ? "R" : "U"}${i}` });

const nextLink = (headers: Headers): string | null => /^<([^>]+)>; rel="next"$/.exec(headers.get("link") ?? "")?.[1] ?? null;

describe("GET /api/notifications pages", () => {
  it("pages through the panel's list (all unread, the 10 newest read) without duplicates or gaps", async () => {
    const team = await createTeam(t.deps.db);
    await seed(team.company.id, team.reviewer.user.id, 12, true);
    await seed(team.company.id, team.reviewer.user.id, 7, false);
    const other = await createTeam(t.deps.db);
    await seed(other.company.id, other.reviewer.user.id, 5, false);
    const client = t.client();
    client.useSession(team.reviewer.token);

    const whole = await client.get<Notification[]>("/api/notifications");
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(17);
    expect(whole.headers.get("x-total-count")).toBe("17");

    for (const limit of [1, 3, 4, 7, 10, 17, 50]) {
      const ids: string[] = [];
      let url: string | null = `/api/notifications?limit=${limit}`;
      let pages = 0;
      while (url) {
        const res = await client.get<Notification[]>(url);
        expect(res.status, res.text).toBe(200);
        expect(res.body.length).toBeLessThanOrEqual(limit);
        expect(res.headers.get("x-total-count")).toBe("17");
        ids.push(...res.body.map((n) => n.id));
        url = nextLink(res.headers);
        if (++pages > 40) throw new Error("Link headers never ended");
      }
      expect(ids, `limit ${limit}`).toEqual(whole.body.map((n) => n.id));
      expect(pages).toBe(Math.ceil(17 / limit));
    }
  });

  it("answers only the caller's own notifications", async () => {
    const team = await createTeam(t.deps.db);
    await seed(team.company.id, team.admin.user.id, 4, false);
    const client = t.client();
    client.useSession(team.approver.token);
    const res = await client.get<Notification[]>("/api/notifications?limit=10");
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
    expect(res.headers.get("link")).toBeNull();
  });

  it("is for members only", async () => {
    expect((await t.client().get("/api/notifications?limit=5")).status).toBe(401);
  });

  it("refuses bad limits and cursors with 400 {error, message}", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.reviewer.token);
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const query of ["limit=0", "limit=201", "limit=x", "cursor=nope", `cursor=${forge(["r", 11])}`, `cursor=${forge(["u", "1e5", "x"])}`, `cursor=${forge(["u", "1", "not-a-uuid"])}`]) {
      const res = await client.get<{ error: string; message: string }>(`/api/notifications?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe("validation_failed");
      expect(res.body.message).toBeTruthy();
    }
  });
});
