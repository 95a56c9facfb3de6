import { eq } from "drizzle-orm";
import { dashboardOverview, dateOnlyIn, type DashboardOverview } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createContract, createTeam } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function overview(token: string) {
  const client = t.client();
  client.useSession(token);
  const res = await client.get<DashboardOverview>("/api/dashboard/overview");
  expect(res.status, res.text).toBe(200);
  return dashboardOverview.strict().parse(res.body);
}

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
/** The date-only value of the day an instant falls on in Toronto (the test company's zone). */
const day = (ms: number) => dateOnlyIn("America/Toronto", new Date(ms));

describe("GET /api/dashboard/overview", () => {
  it("lists my reviews, approvals I may give, deadlines this week and recent changes", async () => {
    const team = await createTeam(t.deps.db);
    const db = t.deps.db;
    const companyId = team.company.id;
    const now = Date.now();
    const set = async (title: string, status: string, values: Partial<typeof contracts.$inferInsert>) => {
      const row = await createContract(db, { companyId, title, status });
      await db.update(contracts).set(values).where(eq(contracts.id, row.id));
      return row;
    };
    await set("Mine, due in 2 days", "under_review", { reviewerId: team.reviewer.user.id, reviewDeadline: day(now + 2 * DAY), updatedAt: new Date(now - 5 * DAY) });
    await set("Mine, overdue", "under_review", { reviewerId: team.reviewer.user.id, reviewDeadline: day(now - DAY), updatedAt: new Date(now - 4 * DAY) });
    await set("Someone else's review", "under_review", { reviewerId: team.approver.user.id, reviewDeadline: day(now + 30 * DAY), updatedAt: new Date(now - 3 * DAY) });
    await set("Awaiting approval", "pending_approval", { approvalDeadline: day(now + 6 * DAY), updatedAt: new Date(now - 2 * DAY) });
    const restricted = await set("Approval the approver may not give", "pending_approval", { updatedAt: new Date(now - DAY) });
    await grantContractAccess(db, { companyId, contractId: restricted.id, userId: team.approver.user.id, accessLevel: "read" });
    await set("Approved long ago", "approved", { reviewDeadline: day(now + DAY), updatedAt: new Date(now) });

    const reviewer = await overview(team.reviewer.token);
    expect(titles(reviewer.reviews)).toEqual(["Mine, overdue", "Mine, due in 2 days"]);
    // Reviewers approve nothing (wrong role: no approvals).
    expect(reviewer.approvals).toEqual([]);
    // Open deadlines only: a decided contract's old review deadline is not one.
    expect(titles(reviewer.deadlines)).toEqual(["Mine, overdue", "Mine, due in 2 days", "Awaiting approval"]);
    expect(titles(reviewer.recent)).toEqual([
      "Approved long ago",
      "Approval the approver may not give",
      "Awaiting approval",
      "Someone else's review",
      "Mine, overdue",
    ]);

    const approver = await overview(team.approver.token);
    expect(titles(approver.reviews)).toEqual(["Someone else's review"]);
    expect(titles(approver.approvals)).toEqual(["Awaiting approval"]);
    const admin = await overview(team.admin.token);
    expect(titles(admin.approvals)).toEqual(["Awaiting approval", "Approval the approver may not give"]);
    expect(admin.reviews).toEqual([]);
  });

  it("never shows another company's contracts", async () => {
    const mine = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    const foreign = await createContract(t.deps.db, { companyId: theirs.company.id, title: "Their contract", status: "pending_approval" });
    await t.deps.db.update(contracts).set({ reviewerId: mine.reviewer.user.id, approvalDeadline: day(Date.now() + DAY) }).where(eq(contracts.id, foreign.id));
    for (const token of [mine.admin.token, mine.reviewer.token]) {
      const body = await overview(token);
      expect([...body.reviews, ...body.approvals, ...body.deadlines, ...body.recent]).toEqual([]);
    }
  });

  it("keeps each list short", async () => {
    const team = await createTeam(t.deps.db);
    for (let i = 0; i < 8; i++) await createContract(t.deps.db, { companyId: team.company.id, status: "pending_approval" });
    const body = await overview(team.approver.token);
    expect(body.approvals).toHaveLength(5);
    expect(body.recent).toHaveLength(5);
  });

  it("is for members only, and ignores what it does not read", async () => {
    expect((await t.client().get("/api/dashboard/overview")).status).toBe(401);
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.reviewer.token);
    const res = await client.get("/api/dashboard/overview?companyId=00000000-0000-4000-8000-000000000000&limit=9999");
    expect(res.status).toBe(200);
  });
});
