import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsResponse, trendTexts, type AnalyticsResponse, type RiskLevel } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { analyses, companies, contractApprovalSteps, contracts, documentChanges, markups, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createContract, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

const DAY = 86_400_000;
const HOUR = 3_600_000;
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

type Db = TestApp["deps"]["db"];

async function contractAt(db: Db, input: { companyId: string; createdAt: Date; status?: string; completedAt?: Date }) {
  const row = await createContract(db, { companyId: input.companyId, status: input.status ?? "under_review" });
  await db.update(contracts).set({ createdAt: input.createdAt, completedAt: input.completedAt ?? null }).where(eq(contracts.id, row.id));
  return row;
}

const GOVERNED = (province: string) => `This Agreement shall be governed by the laws of the Province of ${province} and the federal laws of Canada applicable therein.`;

async function analysed(db: Db, input: { companyId: string; contractId: string; overallRisk: RiskLevel; risks: RiskLevel[]; governingLaw?: string; status?: "done" | "queued" }) {
  const clauses = input.governingLaw
    ? [{ code: "governing_law", section: "20", heading: "Governing Law", excerpt: input.governingLaw, start: 0, end: input.governingLaw.length }]
    : [];
  const riskItems = input.risks.map((riskLevel, i) => ({ title: `Risk ${i}`, description: "", category: "general", riskLevel, section: null, excerpt: "", start: 0, end: 0 }));
  await db.insert(analyses).values({
    companyId: input.companyId,
    contractId: input.contractId,
    status: input.status ?? "done",
    overallRisk: input.overallRisk,
    result: { overallRisk: input.overallRisk, riskItems, clauses, advantages: [], recommendations: [] },
  });
}

async function change(db: Db, input: { companyId: string; contractId: string; userId: string; createdAt: Date; status?: "approved" | "rejected"; decidedBy?: string; decidedAt?: Date }) {
  await db.insert(documentChanges).values({
    companyId: input.companyId,
    contractId: input.contractId,
    userId: input.userId,
    changeType: "replace",
    originalText: "a",
    newText: "b",
    position: JSON.stringify({ start: 0, end: 1 }),
    status: input.status ?? "pending",
    decidedBy: input.decidedBy ?? null,
    decidedAt: input.decidedAt ?? null,
    createdAt: input.createdAt,
  });
}

/**
 * Company A, period 30d. Current period: c1 approved after 48 h (high, Alberta, complexity 6.7), c2
 * rejected after 24 h (critical, Ontario, complexity 8.75), c3 under review (medium, Alberta, 3.75), c4
 * pending approval (analysis still queued). Previous period: p1 approved after 120 h, p2 and p3 open.
 */
async function seedCompanyA() {
  const db = t.deps.db;
  const team = await createTeam(db);
  const companyId = team.company.id;
  await db.update(users).set({ firstName: "Riley", lastName: "Reviewer" }).where(eq(users.id, team.reviewer.user.id));
  await db.update(users).set({ firstName: "Avery", lastName: "Approver" }).where(eq(users.id, team.approver.user.id));
  // Counted as a member but not active in 30 days; an inactive member is not counted at all.
  await createUser(db, { companyId });
  await createUser(db, { companyId, isActive: false });

  const c1 = await contractAt(db, { companyId, createdAt: ago(10), status: "approved", completedAt: ago(8) });
  const c2 = await contractAt(db, { companyId, createdAt: ago(5), status: "rejected" });
  await db.insert(contractApprovalSteps).values([
    { companyId, contractId: c2.id, stage: "legal", position: 1, status: "rejected", decidedBy: team.approver.user.id, decidedAt: ago(4) },
    { companyId, contractId: c2.id, stage: "finance", position: 2, status: "waiting" },
  ]);
  const c3 = await contractAt(db, { companyId, createdAt: ago(2) });
  const c4 = await contractAt(db, { companyId, createdAt: ago(1), status: "pending_approval" });
  await analysed(db, { companyId, contractId: c1.id, overallRisk: "high", risks: ["high", "high", "medium"], governingLaw: GOVERNED("Alberta") });
  await analysed(db, { companyId, contractId: c2.id, overallRisk: "critical", risks: ["critical", "critical", "high", "high"], governingLaw: GOVERNED("Ontario") });
  await analysed(db, { companyId, contractId: c3.id, overallRisk: "medium", risks: ["medium", "low"], governingLaw: GOVERNED("Alberta") });
  await analysed(db, { companyId, contractId: c4.id, overallRisk: "low", risks: [], status: "queued" });

  const p1 = await contractAt(db, { companyId, createdAt: ago(40), status: "approved", completedAt: new Date(ago(40).getTime() + 120 * HOUR) });
  await contractAt(db, { companyId, createdAt: ago(45) });
  await contractAt(db, { companyId, createdAt: ago(50) });
  await analysed(db, { companyId, contractId: p1.id, overallRisk: "low", risks: ["low"], governingLaw: GOVERNED("Quebec") });

  const reviewer = team.reviewer.user.id;
  const approver = team.approver.user.id;
  await db.insert(markups).values({ companyId, contractId: c1.id, userId: reviewer, type: "comment", content: "Check cap", position: { paragraph: 0 }, createdAt: new Date(ago(9).getTime() - HOUR) });
  // Reviewer: c1 last at 9 d ago (24 h after creation), c2 at 4.5 d (12 h), c3 at 1 d (24 h) → 20 h.
  // Approver: c1 at 8.5 d (36 h), c2 step at 4 d (24 h), c3 at 0.5 d (36 h) → 32 h.
  await change(db, { companyId, contractId: c1.id, userId: reviewer, createdAt: ago(9), status: "approved", decidedBy: approver, decidedAt: ago(8.5) });
  await change(db, { companyId, contractId: c2.id, userId: reviewer, createdAt: ago(4.5), status: "rejected", decidedBy: approver, decidedAt: ago(4.2) });
  await change(db, { companyId, contractId: c3.id, userId: reviewer, createdAt: ago(1), status: "approved", decidedBy: approver, decidedAt: ago(0.5) });
  // Decided in the previous period: not part of this period's accuracy or reviews.
  await change(db, { companyId, contractId: p1.id, userId: reviewer, createdAt: ago(39), status: "rejected", decidedBy: approver, decidedAt: ago(38) });
  return { team, created: [ago(10), ago(5), ago(2), ago(1)] };
}

/** Company B: its own contracts, analyses and changes in the same window. */
async function seedCompanyB() {
  const db = t.deps.db;
  const team = await createTeam(db);
  const companyId = team.company.id;
  const b1 = await contractAt(db, { companyId, createdAt: ago(3), status: "approved", completedAt: ago(2) });
  await analysed(db, { companyId, contractId: b1.id, overallRisk: "low", risks: ["low"], governingLaw: GOVERNED("Ontario") });
  await change(db, { companyId, contractId: b1.id, userId: team.reviewer.user.id, createdAt: ago(2.5), status: "rejected", decidedBy: team.approver.user.id, decidedAt: ago(2.2) });
  return team;
}

let A: Awaited<ReturnType<typeof seedCompanyA>>;
let B: Awaited<ReturnType<typeof seedCompanyB>>;
beforeAll(async () => {
  A = await seedCompanyA();
  B = await seedCompanyB();
});

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

describe("GET /api/analytics", () => {
  it("computes every figure of the company from its rows, against the previous period", async () => {
    const res = await signedIn(t, A.team.admin.token).get<AnalyticsResponse>("/api/analytics?period=30d");
    expect(res.status).toBe(200);
    const body = analyticsResponse.parse(res.body);
    expect(body.period).toBe("30d");
    expect(body.range).toEqual({ from: ago(30).toISOString(), to: NOW.toISOString(), previousFrom: ago(60).toISOString() });
    expect(body.overview).toEqual({ totalContracts: 4, activeReviews: 2, completedReviews: 2, averageReviewTime: 36 });
    expect(body.previousOverview).toEqual({ totalContracts: 3, activeReviews: 2, completedReviews: 1, averageReviewTime: 120 });
    expect(body.riskDistribution).toEqual({ high: 2, medium: 1, low: 0 });
    expect(body.jurisdictionalBreakdown).toEqual([
      { jurisdiction: "Alberta", count: 2, avgComplexity: 5.2 },
      { jurisdiction: "Ontario", count: 1, avgComplexity: 8.8 },
    ]);
    expect(body.teamPerformance).toEqual([
      { userId: A.team.approver.user.id, name: "Avery Approver", reviewsCompleted: 3, avgReviewTime: 32, accuracy: null },
      { userId: A.team.reviewer.user.id, name: "Riley Reviewer", reviewsCompleted: 3, avgReviewTime: 20, accuracy: 67 },
    ]);
    expect(body.trends).toEqual({
      totalContracts: { current: 4, previous: 3, changePercent: 33 },
      completionRate: { current: 50, previous: 33.3, changePercent: 17 },
      averageReviewTime: { current: 36, previous: 120, changePercent: -70 },
    });
    expect(trendTexts(body.trends)).toEqual({
      totalContracts: "+33% from last period",
      completionRate: "+17% completion rate",
      averageReviewTime: "-70% faster",
    });

    // Months the period touches, newest first, with the contracts created in each.
    expect(body.monthlyStats[0]!.month).toBe(monthKey(NOW));
    expect(body.monthlyStats.at(-1)!.month).toBe(monthKey(ago(30)));
    for (const stat of body.monthlyStats) expect(stat.contracts).toBe(A.created.filter((d) => monthKey(d) === stat.month).length);
    expect(body.monthlyStats.reduce((sum, s) => sum + s.contracts, 0)).toBe(4);

    // A company sees its own figures: 4 active members, 3 of them seen in 30 days (sessions).
    const monthStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), 1));
    const thisMonth = [...A.created, ago(40), ago(45), ago(50)].filter((d) => d >= monthStart).length;
    expect(body.platformMetrics).toEqual({ scope: "company", totalUsers: 4, totalCompanies: 1, activeUsers30d: 3, contractsThisMonth: thisMonth, averageCompanySize: 4 });
  });

  it("answers the approver too, and the default period is 30d", async () => {
    const res = await signedIn(t, A.team.approver.token).get<AnalyticsResponse>("/api/analytics");
    expect(res.status).toBe(200);
    expect(res.body.period).toBe("30d");
    expect(res.body.overview.totalContracts).toBe(4);
  });

  it("compares a 7-day period with the 7 days before it (query value or path segment)", async () => {
    for (const path of ["/api/analytics?period=7d", "/api/analytics/7d"]) {
      const res = await signedIn(t, A.team.admin.token).get<AnalyticsResponse>(path);
      expect(res.status).toBe(200);
      expect(res.body.period).toBe("7d");
      // c2, c3, c4 now; c1 (10 days ago) in the 7 days before.
      expect(res.body.overview).toEqual({ totalContracts: 3, activeReviews: 2, completedReviews: 1, averageReviewTime: 24 });
      // c1 was created 10 days ago but finished 8 days ago: a review completed in the previous week.
      expect(res.body.previousOverview).toEqual({ totalContracts: 1, activeReviews: 0, completedReviews: 1, averageReviewTime: 48 });
      expect(res.body.trends.totalContracts).toEqual({ current: 3, previous: 1, changePercent: 200 });
      expect(res.body.trends.averageReviewTime.changePercent).toBe(-50);
      expect(res.body.jurisdictionalBreakdown).toEqual([
        { jurisdiction: "Alberta", count: 1, avgComplexity: 3.8 },
        { jurisdiction: "Ontario", count: 1, avgComplexity: 8.8 },
      ]);
    }
  });

  it("keeps companies apart: each sees only its own rows", async () => {
    const res = await signedIn(t, B.admin.token).get<AnalyticsResponse>("/api/analytics?period=30d");
    expect(res.status).toBe(200);
    expect(res.body.overview).toEqual({ totalContracts: 1, activeReviews: 0, completedReviews: 1, averageReviewTime: 24 });
    expect(res.body.previousOverview).toEqual({ totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null });
    expect(res.body.riskDistribution).toEqual({ high: 0, medium: 0, low: 1 });
    expect(res.body.jurisdictionalBreakdown).toEqual([{ jurisdiction: "Ontario", count: 1, avgComplexity: 2.5 }]);
    expect(res.body.teamPerformance.map((m) => m.userId).sort()).toEqual([B.approver.user.id, B.reviewer.user.id].sort());
    expect(res.body.teamPerformance.find((m) => m.userId === B.reviewer.user.id)!.accuracy).toBe(0);
    expect(res.body.platformMetrics).toMatchObject({ scope: "company", totalUsers: 3, totalCompanies: 1 });
    expect(trendTexts(res.body.trends)).toEqual({
      totalContracts: "New since last period",
      completionRate: "No completion rate to compare yet",
      averageReviewTime: "No review time to compare yet",
    });
  });

  it("shows an empty company zeros and empty lists", async () => {
    const company = await createCompany(t.deps.db);
    const admin = await createUser(t.deps.db, { companyId: company.id, role: "admin" });
    const res = await signedIn(t, await createSession(t.deps.db, admin.id)).get<AnalyticsResponse>("/api/analytics?period=1y");
    expect(res.status).toBe(200);
    expect(res.body.overview).toEqual({ totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null });
    expect(res.body.teamPerformance).toEqual([]);
    expect(res.body.jurisdictionalBreakdown).toEqual([]);
    expect(res.body.monthlyStats.length).toBeGreaterThanOrEqual(12);
    expect(res.body.monthlyStats.every((s) => s.contracts === 0)).toBe(true);
  });

  it("gives platform operators platform-wide metrics, still with their own company's figures", async () => {
    const home = await createCompany(t.deps.db, { name: "ClauseWise Operations" });
    const operator = await createUser(t.deps.db, { companyId: home.id, role: "admin", email: OPS_EMAIL });
    const res = await signedIn(t, await createSession(t.deps.db, operator.id)).get<AnalyticsResponse>("/api/analytics");
    expect(res.status).toBe(200);
    const [counted] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    const [members] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isActive, true));
    expect(res.body.platformMetrics).toMatchObject({ scope: "platform", totalCompanies: counted!.n, totalUsers: members!.n });
    expect(res.body.platformMetrics.totalCompanies).toBeGreaterThanOrEqual(3);
    // Contracts this month across the platform include company A's and B's.
    expect(res.body.platformMetrics.contractsThisMonth).toBeGreaterThanOrEqual(1);
    expect(res.body.overview.totalContracts).toBe(0);
  });

  it("refuses a reviewer (403) and a signed-out caller (401)", async () => {
    const res = await signedIn(t, A.team.reviewer.token).get("/api/analytics?period=30d");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only administrators and approvers can access analytics." });
    const anonymous = await t.client().get("/api/analytics");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toHaveProperty("error", "unauthorized");
  });

  it("rejects an unknown period with 400 and a message", async () => {
    for (const path of ["/api/analytics?period=2w", "/api/analytics/forever"]) {
      const res = await signedIn(t, A.team.admin.token).get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: "period: period must be one of 7d, 30d, 90d, 1y" });
    }
  });
});
