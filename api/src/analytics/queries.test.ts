import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { recordAudit } from "../commands/audit";
import type { Database } from "../db/client";
import { analyses, contractApprovalSteps, contracts, documentChanges, exhibits, markups, users } from "../db/schema";
import { createTestDatabase } from "../test/db";
import { createCompany, createContract, createTeam, createUser } from "../test/factories";
import { analyticsDashboard } from "./dashboard";
import { overdueWorkOf } from "./overdue";
import { completedReviewsOf, overviewFigures } from "./overview";
import { stageCycleTimesOf } from "./pipeline";
import { teamPerformanceOf } from "./team";
import { timelineOf } from "./timeline";
import { periodWindows } from "./window";

/*
 * The analytics queries on a company whose right answers are known: every row below is dated, and
 * every expected figure is worked out by hand in the comments. NOW is 15 March 2026, 12:00 UTC; the
 * 30-day period is [13 Feb 12:00, 15 Mar 12:00), the one before it [14 Jan 12:00, 13 Feb 12:00).
 */

const NOW = new Date("2026-03-15T12:00:00Z");
const at = (iso: string) => new Date(`${iso}Z`);
const { current, previous } = periodWindows("30d", NOW);

let database: Database;
const db = () => database.db;

async function contract(companyId: string, title: string, fields: Partial<typeof contracts.$inferInsert> & { createdAt: Date }) {
  const row = await createContract(db(), { companyId, title, status: fields.status ?? "under_review" });
  await db().update(contracts).set(fields).where(eq(contracts.id, row.id));
  return row.id;
}

type StepStatus = "approved" | "rejected" | "pending" | "waiting";
async function steps(companyId: string, contractId: string, decided: [StepStatus, string | null, Date | null][]) {
  const stages = ["legal", "finance", "final"];
  await db()
    .insert(contractApprovalSteps)
    .values(decided.map(([status, decidedBy, decidedAt], i) => ({ companyId, contractId, stage: stages[i]!, position: i + 1, status, decidedBy, decidedAt })));
}

async function submitted(companyId: string, userId: string, contractId: string, when: Date) {
  await recordAudit(db(), { companyId, userId, action: "contract.submit", entityType: "contract", entityId: contractId, now: when, data: { from: "under_review", to: "pending_approval" } });
}

async function change(companyId: string, contractId: string, userId: string, createdAt: Date, decision?: { status: "approved" | "rejected"; by: string; at: Date }) {
  await db()
    .insert(documentChanges)
    .values({ companyId, contractId, userId, changeType: "replace", originalText: "a", newText: "b", position: '{"start":0,"end":1}', createdAt, status: decision?.status ?? "pending", decidedBy: decision?.by ?? null, decidedAt: decision?.at ?? null });
}

async function seed() {
  const team = await createTeam(db());
  const companyId = team.company.id;
  const riley = team.reviewer.user.id;
  const avery = team.approver.user.id;
  const ada = team.admin.user.id;
  const rowan = (await createUser(db(), { companyId, role: "reviewer", firstName: "Rowan", lastName: "Reviewer" })).id;
  await db().update(users).set({ firstName: "Riley", lastName: "Reviewer" }).where(eq(users.id, riley));
  await db().update(users).set({ firstName: "Avery", lastName: "Approver" }).where(eq(users.id, avery));
  await db().update(users).set({ firstName: "Ada", lastName: "Admin" }).where(eq(users.id, ada));

  // c1: uploaded 1 Mar, submitted by Riley 3 Mar (48 h), legal by Avery 4 Mar (24 h), finance by Ada 4 Mar 12:00 (12 h),
  // final by Avery 6 Mar 12:00 (48 h): approved; upload → finish 132 h.
  const c1 = await contract(companyId, "C1 Gas plant", { createdAt: at("2026-03-01T00:00"), status: "approved", submittedAt: at("2026-03-03T00:00"), completedAt: at("2026-03-06T12:00") });
  await steps(companyId, c1, [["approved", avery, at("2026-03-04T00:00")], ["approved", ada, at("2026-03-04T12:00")], ["approved", avery, at("2026-03-06T12:00")]]);
  await submitted(companyId, riley, c1, at("2026-03-03T00:00"));
  // c2: uploaded 5 Mar, submitted by Rowan 6 Mar (24 h), legal rejected by Avery 8 Mar (48 h); upload → finish 72 h.
  const c2 = await contract(companyId, "C2 Pipeline", { createdAt: at("2026-03-05T00:00"), status: "rejected", submittedAt: at("2026-03-06T00:00") });
  await steps(companyId, c2, [["rejected", avery, at("2026-03-08T00:00")], ["waiting", null, null], ["waiting", null, null]]);
  await submitted(companyId, rowan, c2, at("2026-03-06T00:00"));
  // c3: under review since 10 Mar, review deadline 12 Mar: 3.5 days late.
  const c3 = await contract(companyId, "C3 Substation", { createdAt: at("2026-03-10T00:00"), reviewDeadline: "2026-03-12" });
  // c4: uploaded 12 Mar, submitted by Riley 13 Mar (24 h) and again at 06:00 (one review, timed to the first),
  // approval deadline 14 Mar 12:00: 1 day late.
  const c4 = await contract(companyId, "C4 Pump station", { createdAt: at("2026-03-12T00:00"), status: "pending_approval", submittedAt: at("2026-03-13T00:00"), approvalDeadline: "2026-03-14" });
  await steps(companyId, c4, [["pending", null, null], ["waiting", null, null], ["waiting", null, null]]);
  await submitted(companyId, riley, c4, at("2026-03-13T00:00"));
  await submitted(companyId, riley, c4, at("2026-03-13T06:00"));
  // c5: under review since 20 Feb, deadline 25 Feb: 18.5 days late.
  await contract(companyId, "C5 Tank farm", { createdAt: at("2026-02-20T00:00"), reviewDeadline: "2026-02-25" });
  // p1 (previous period): uploaded 20 Jan, submitted 22 Jan, approved 25 Jan: 120 h. p2: open, no deadline.
  const p1 = await contract(companyId, "P1 Boiler", { createdAt: at("2026-01-20T00:00"), status: "approved", submittedAt: at("2026-01-22T00:00"), completedAt: at("2026-01-25T00:00") });
  await steps(companyId, p1, [["approved", avery, at("2026-01-23T00:00")], ["approved", ada, at("2026-01-24T00:00")], ["approved", avery, at("2026-01-25T00:00")]]);
  await submitted(companyId, riley, p1, at("2026-01-22T00:00"));
  await contract(companyId, "P2 Cooling tower", { createdAt: at("2026-01-25T00:00") });
  // o1: long ago, review deadline 1 Dec 2025: 104.5 days late.
  await contract(companyId, "O1 Old refinery", { createdAt: at("2025-11-01T00:00"), reviewDeadline: "2025-12-01" });

  // Exhibits: e1 due 10 Mar, pending (5.5 days late); e2 due in April; e3 approved; e4 planned, due 1 Jan (73.5 days late).
  await db().insert(exhibits).values([
    { companyId, contractId: c1, title: "E1 Performance bond", status: "pending", expectedDate: "2026-03-10" },
    { companyId, contractId: c3, title: "E2 Schedule", status: "pending", expectedDate: "2026-04-01" },
    { companyId, contractId: c1, title: "E3 Insurance", status: "approved", expectedDate: "2026-03-01" },
    { companyId, contractId: c2, title: "E4 Drawings", status: "planned", expectedDate: "2026-01-01" },
  ]);
  // Riley comments twice in the period; Rowan once before it.
  await db().insert(markups).values([
    { companyId, contractId: c1, userId: riley, type: "comment", content: "Cap?", position: { paragraph: 0 }, createdAt: at("2026-03-02T00:00") },
    { companyId, contractId: c3, userId: riley, type: "flag", content: "LDs", position: { paragraph: 1 }, createdAt: at("2026-03-11T00:00") },
    { companyId, contractId: p1, userId: rowan, type: "comment", content: "Old", position: { paragraph: 0 }, createdAt: at("2026-01-21T00:00") },
  ]);
  // Riley proposes three (one approved, one rejected, one pending); Rowan's proposal of 1 Feb is approved on 14 Feb.
  await change(companyId, c1, riley, at("2026-03-02T00:00"), { status: "approved", by: avery, at: at("2026-03-02T12:00") });
  await change(companyId, c1, riley, at("2026-03-02T01:00"), { status: "rejected", by: avery, at: at("2026-03-03T00:00") });
  await change(companyId, c3, riley, at("2026-03-11T00:00"));
  await change(companyId, p1, rowan, at("2026-02-01T00:00"), { status: "approved", by: avery, at: at("2026-02-14T00:00") });

  await db().insert(analyses).values([
    { companyId, contractId: c1, status: "done", overallRisk: "high", result: { riskItems: [], clauses: [] } },
    { companyId, contractId: c2, status: "done", overallRisk: "critical", result: { riskItems: [], clauses: [] } },
    { companyId, contractId: c3, status: "done", overallRisk: "medium", result: { riskItems: [], clauses: [] } },
  ]);
  return { companyId, riley, avery, ada, rowan, c1, c2, c3, c4 };
}

let S: Awaited<ReturnType<typeof seed>>;
let other: string;
beforeAll(async () => {
  database = await createTestDatabase(loadConfig().databaseUrl);
  S = await seed();
  // Another company, busy in the same days: none of it may show in S's figures.
  other = (await createCompany(db())).id;
  const noise = await contract(other, "Other company", { createdAt: at("2026-03-02T00:00"), status: "approved", submittedAt: at("2026-03-02T01:00"), completedAt: at("2026-03-03T00:00"), reviewDeadline: "2026-03-01" });
  await db().insert(exhibits).values({ companyId: other, contractId: noise, title: "Other", status: "pending", expectedDate: "2026-03-01" });
});
afterAll(() => database.close());

describe("analytics queries on a company with known answers", () => {
  it("overview: 5 uploaded, 3 open, 2 finished in the period at 102 h on average (132 h and 72 h)", async () => {
    expect(await overviewFigures(db(), S.companyId, current)).toEqual({ totalContracts: 5, activeReviews: 3, uploadsFinished: 2, completedReviews: 2, averageReviewTime: 102 });
    expect(await overviewFigures(db(), S.companyId, previous)).toEqual({ totalContracts: 2, activeReviews: 1, uploadsFinished: 1, completedReviews: 1, averageReviewTime: 120 });
    expect(await completedReviewsOf(db(), S.companyId, current)).toEqual([
      { contractId: S.c2, title: "C2 Pipeline", status: "rejected", uploadedAt: "2026-03-05T00:00:00.000Z", finishedAt: "2026-03-08T00:00:00.000Z", hours: 72 },
      { contractId: S.c1, title: "C1 Gas plant", status: "approved", uploadedAt: "2026-03-01T00:00:00.000Z", finishedAt: "2026-03-06T12:00:00.000Z", hours: 132 },
    ]);
  });

  it("cycle time per stage: review 3 (48, 24, 24 h), legal 2 (24, 48 h), finance 1 (12 h), final 1 (48 h)", async () => {
    expect(await stageCycleTimesOf(db(), S.companyId, current)).toEqual([
      { stage: "review", count: 3, averageHours: 32, medianHours: 24 },
      { stage: "legal", count: 2, averageHours: 36, medianHours: 36 },
      { stage: "finance", count: 1, averageHours: 12, medianHours: 12 },
      { stage: "final", count: 1, averageHours: 48, medianHours: 48 },
    ]);
    // The period before: p1's review (48 h) and its three steps (24 h each).
    expect((await stageCycleTimesOf(db(), S.companyId, previous)).map((s) => [s.stage, s.count, s.averageHours])).toEqual([
      ["review", 1, 48],
      ["legal", 1, 24],
      ["finance", 1, 24],
      ["final", 1, 24],
    ]);
  });

  it("team performance counts what its columns say", async () => {
    expect(await teamPerformanceOf(db(), S.companyId, current)).toEqual([
      // Riley: submitted c1 (48 h) and c4 (24 h; twice, one review); 2 comments; 3 proposals, 1 approved, 1 rejected.
      { userId: S.riley, name: "Riley Reviewer", reviewsCompleted: 2, avgReviewTime: 36, decisions: 0, avgDecisionTime: null, comments: 2, changesProposed: 3, changesApproved: 1, changesRejected: 1 },
      // Rowan: submitted c2 (24 h); their proposal of 1 Feb was approved in the period.
      { userId: S.rowan, name: "Rowan Reviewer", reviewsCompleted: 1, avgReviewTime: 24, decisions: 0, avgDecisionTime: null, comments: 0, changesProposed: 0, changesApproved: 1, changesRejected: 0 },
      // Avery: c1 legal (24 h), c2 legal (48 h), c1 final (48 h).
      { userId: S.avery, name: "Avery Approver", reviewsCompleted: 0, avgReviewTime: null, decisions: 3, avgDecisionTime: 40, comments: 0, changesProposed: 0, changesApproved: 0, changesRejected: 0 },
      // Ada: c1 finance (12 h).
      { userId: S.ada, name: "Ada Admin", reviewsCompleted: 0, avgReviewTime: null, decisions: 1, avgDecisionTime: 12, comments: 0, changesProposed: 0, changesApproved: 0, changesRejected: 0 },
    ]);
  });

  it("overdue work now: 3 reviews, 1 approval, 2 exhibits, by how late, most overdue first", async () => {
    const overdue = await overdueWorkOf(db(), S.companyId, NOW);
    expect(overdue.counts).toEqual({ review: 3, approval: 1, exhibit: 2 });
    expect(overdue.byAge).toEqual([
      { age: "week", review: 1, approval: 1, exhibit: 1 },
      { age: "month", review: 1, approval: 0, exhibit: 0 },
      { age: "quarter", review: 0, approval: 0, exhibit: 1 },
      { age: "older", review: 1, approval: 0, exhibit: 0 },
    ]);
    expect(overdue.items.map((i) => [i.kind, i.contractTitle, i.itemTitle, i.daysOverdue])).toEqual([
      ["review", "O1 Old refinery", null, 104],
      ["exhibit", "C2 Pipeline", "E4 Drawings", 73],
      ["review", "C5 Tank farm", null, 18],
      ["exhibit", "C1 Gas plant", "E1 Performance bond", 5],
      ["review", "C3 Substation", null, 3],
      ["approval", "C4 Pump station", null, 1],
    ]);
  });

  it("contracts over time: one point a day, uploads, approvals and rejections on their days", async () => {
    const timeline = await timelineOf(db(), S.companyId, "30d", current);
    expect(timeline.bucket).toBe("day");
    expect(timeline.points).toHaveLength(31);
    expect(timeline.points[0]!.start).toBe("2026-02-13");
    expect(timeline.points.at(-1)!.start).toBe("2026-03-15");
    const busy = timeline.points.filter((p) => p.uploaded + p.approved + p.rejected > 0);
    expect(busy).toEqual([
      { start: "2026-02-20", uploaded: 1, approved: 0, rejected: 0 },
      { start: "2026-03-01", uploaded: 1, approved: 0, rejected: 0 },
      { start: "2026-03-05", uploaded: 1, approved: 0, rejected: 0 },
      { start: "2026-03-06", uploaded: 0, approved: 1, rejected: 0 },
      { start: "2026-03-08", uploaded: 0, approved: 0, rejected: 1 },
      { start: "2026-03-10", uploaded: 1, approved: 0, rejected: 0 },
      { start: "2026-03-12", uploaded: 1, approved: 0, rejected: 0 },
    ]);
    // A year: months; 90 days: weeks from Monday.
    const year = await timelineOf(db(), S.companyId, "1y", periodWindows("1y", NOW).current);
    expect(year.bucket).toBe("month");
    expect(year.points.find((p) => p.start === "2026-03-01")).toEqual({ start: "2026-03-01", uploaded: 4, approved: 1, rejected: 1 });
    expect(year.points.find((p) => p.start === "2026-01-01")).toEqual({ start: "2026-01-01", uploaded: 2, approved: 1, rejected: 0 });
    const quarter = await timelineOf(db(), S.companyId, "90d", periodWindows("90d", NOW).current);
    expect(quarter.points.find((p) => p.start === "2026-03-09")).toEqual({ start: "2026-03-09", uploaded: 2, approved: 0, rejected: 0 });
  });

  it("the whole dashboard: no trend where a period holds fewer than 5, no company tiles for one company", async () => {
    const dashboard = await analyticsDashboard(db(), { companyId: S.companyId, period: "30d", now: NOW, platformScope: "company" });
    expect(dashboard.trends).toEqual({
      totalContracts: { current: 5, previous: 2, sample: { current: 5, previous: 2 }, change: null },
      completionRate: { current: 40, previous: 50, sample: { current: 5, previous: 2 }, change: null },
      averageReviewTime: { current: 102, previous: 120, sample: { current: 2, previous: 1 }, change: null },
    });
    expect(dashboard.riskDistribution).toEqual({ high: 2, medium: 1, low: 0 });
    expect(dashboard.monthlyStats).toEqual([
      { month: "2026-03", contracts: 4 },
      { month: "2026-02", contracts: 1 },
    ]);
    expect(dashboard.platformMetrics).toMatchObject({ scope: "company", totalUsers: 4, totalCompanies: null, averageCompanySize: null });
  });
});
