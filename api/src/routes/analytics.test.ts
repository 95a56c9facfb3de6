import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsResponse, dateOnlyIn, type AnalyticsResponse } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { companies, contracts, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createContract, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

/*
 * GET /api/analytics as a route: who may call it, the period, tenancy, the platform scope. The figures
 * themselves are checked on a company with known answers in analytics/queries.test.ts.
 */

const DAY = 86_400_000;
const OPS_EMAIL = "analytics-ops@clausewise.test";
let t: TestApp;
let NOW: Date;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

beforeAll(async () => {
  t = await createTestApp({ platformAdminEmails: [OPS_EMAIL] });
  // Frozen clock: the periods the route computes end exactly here.
  NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
  t.setNow(NOW);
});
afterAll(() => t.close());

async function contractAt(companyId: string, createdAt: Date, fields: Partial<typeof contracts.$inferInsert> = {}) {
  const row = await createContract(t.deps.db, { companyId, status: fields.status ?? "under_review" });
  await t.deps.db.update(contracts).set({ createdAt, ...fields }).where(eq(contracts.id, row.id));
  return row.id;
}

let A: Awaited<ReturnType<typeof createTeam>>;
let B: Awaited<ReturnType<typeof createTeam>>;
beforeAll(async () => {
  A = await createTeam(t.deps.db, { plan: "professional" });
  B = await createTeam(t.deps.db, { plan: "professional" });
  // A: three uploads 2, 5 and 10 days ago (one approved after 48 h); B: one, approved after 24 h.
  await contractAt(A.company.id, ago(2));
  await contractAt(A.company.id, ago(5), { reviewDeadline: dateOnlyIn("America/Toronto", ago(1)) });
  await contractAt(A.company.id, ago(10), { status: "approved", completedAt: ago(8) });
  await contractAt(B.company.id, ago(3), { status: "approved", completedAt: ago(2) });
});

describe("GET /api/analytics", () => {
  it("answers an admin with every figure of their company, in the shared schema", async () => {
    const res = await signedIn(t, A.admin.token).get<AnalyticsResponse>("/api/analytics?period=30d");
    expect(res.status).toBe(200);
    const body = analyticsResponse.parse(res.body);
    expect(body.range).toEqual({ from: ago(30).toISOString(), to: NOW.toISOString(), previousFrom: ago(60).toISOString() });
    expect(body.overview).toEqual({ totalContracts: 3, activeReviews: 2, completedReviews: 1, averageReviewTime: 48, uploadsFinished: 1 });
    expect(body.completedReviews.map((r) => r.hours)).toEqual([48]);
    expect(body.overdue.counts).toEqual({ review: 1, approval: 0, exhibit: 0 });
    expect(body.timeline.bucket).toBe("day");
    expect(body.timeline.points.reduce((n, p) => n + p.uploaded, 0)).toBe(3);
    expect(body.platformMetrics).toMatchObject({ scope: "company", totalUsers: 3, totalCompanies: null, averageCompanySize: null });
  });

  it("answers the approver too; the default period is 30d, and the period may be a path segment", async () => {
    const res = await signedIn(t, A.approver.token).get<AnalyticsResponse>("/api/analytics");
    expect(res.status).toBe(200);
    expect(res.body.period).toBe("30d");
    const week = await signedIn(t, A.admin.token).get<AnalyticsResponse>("/api/analytics/7d");
    expect(week.body.period).toBe("7d");
    expect(week.body.overview.totalContracts).toBe(2);
    expect(week.body.previousOverview.totalContracts).toBe(1);
  });

  it("keeps companies apart: each sees only its own rows", async () => {
    const res = await signedIn(t, B.admin.token).get<AnalyticsResponse>("/api/analytics?period=30d");
    expect(res.body.overview).toEqual({ totalContracts: 1, activeReviews: 0, completedReviews: 1, averageReviewTime: 24, uploadsFinished: 1 });
    expect(res.body.overdue.counts).toEqual({ review: 0, approval: 0, exhibit: 0 });
  });

  it("gives platform operators platform-wide metrics, still with their own company's figures", async () => {
    const home = await createCompany(t.deps.db, { name: "ClauseWise Operations", subscriptionPlan: "professional" });
    const operator = await createUser(t.deps.db, { companyId: home.id, role: "admin", email: OPS_EMAIL });
    const res = await signedIn(t, await createSession(t.deps.db, operator.id)).get<AnalyticsResponse>("/api/analytics");
    expect(res.status).toBe(200);
    const [counted] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    const [members] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isActive, true));
    expect(res.body.platformMetrics).toMatchObject({ scope: "platform", totalCompanies: counted!.n, totalUsers: members!.n });
    expect(res.body.overview.totalContracts).toBe(0);
  });

  it("refuses a reviewer (403) and a signed-out caller (401)", async () => {
    const res = await signedIn(t, A.reviewer.token).get("/api/analytics?period=30d");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only administrators and approvers can access analytics." });
    const anonymous = await t.client().get("/api/analytics");
    expect(anonymous.status).toBe(401);
  });

  it("rejects an unknown period with 400 and a message", async () => {
    for (const path of ["/api/analytics?period=2w", "/api/analytics/forever"]) {
      const res = await signedIn(t, A.admin.token).get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: "period: period must be one of 7d, 30d, 90d, 1y" });
    }
  });
});
