// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AnalyticsResponse } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();
const wait = { timeout: 5000 };
const approver = makeUser({ role: "approver" }, ["analytics.view"]);

const trend = (current: number | null, previous: number | null, sample: [number, number], change: number | null) => ({ current, previous, sample: { current: sample[0], previous: sample[1] }, change });

const FULL: AnalyticsResponse = {
  period: "30d",
  range: { from: "2026-10-23T00:00:00.000Z", to: "2026-11-22T00:00:00.000Z", previousFrom: "2026-09-23T00:00:00.000Z" },
  overview: { totalContracts: 5, activeReviews: 3, completedReviews: 2, averageReviewTime: 102, uploadsFinished: 2 },
  previousOverview: { totalContracts: 2, activeReviews: 1, completedReviews: 1, averageReviewTime: 120, uploadsFinished: 1 },
  platformMetrics: { scope: "company", totalUsers: 4, totalCompanies: null, activeUsers30d: 3, contractsThisMonth: 3, averageCompanySize: null },
  riskDistribution: { high: 2, medium: 1, low: 1 },
  monthlyStats: [
    { month: "2026-11", contracts: 3 },
    { month: "2026-10", contracts: 2 },
  ],
  teamPerformance: [
    { userId: "u-2", name: "Riley Reviewer", reviewsCompleted: 2, avgReviewTime: 36, decisions: 0, avgDecisionTime: null, comments: 2, changesProposed: 3, changesApproved: 1, changesRejected: 1 },
    { userId: "u-3", name: "Avery Approver", reviewsCompleted: 0, avgReviewTime: null, decisions: 3, avgDecisionTime: 40, comments: 0, changesProposed: 0, changesApproved: 0, changesRejected: 0 },
  ],
  jurisdictionalBreakdown: [
    { jurisdiction: "Ontario", count: 2, avgComplexity: 7.5 },
    { jurisdiction: "Alberta", count: 1, avgComplexity: 5 },
    { jurisdiction: "Quebec", count: 1, avgComplexity: 4 },
  ],
  timeline: { bucket: "day", points: [{ start: "2026-11-20", uploaded: 2, approved: 1, rejected: 0 }, { start: "2026-11-21", uploaded: 3, approved: 0, rejected: 1 }] },
  stageCycleTimes: [
    { stage: "review", count: 3, averageHours: 32, medianHours: 24 },
    { stage: "legal", count: 2, averageHours: 36, medianHours: 36 },
    { stage: "finance", count: 1, averageHours: 12, medianHours: 12 },
    { stage: "final", count: 1, averageHours: 48, medianHours: 48 },
  ],
  overdue: {
    counts: { review: 1, approval: 0, exhibit: 1 },
    byAge: [
      { age: "week", review: 1, approval: 0, exhibit: 0 },
      { age: "month", review: 0, approval: 0, exhibit: 1 },
      { age: "quarter", review: 0, approval: 0, exhibit: 0 },
      { age: "older", review: 0, approval: 0, exhibit: 0 },
    ],
    items: [
      { kind: "exhibit", contractId: "c-1", contractTitle: "Gas Plant EPC", itemTitle: "Performance bond", dueAt: "2026-11-01", daysOverdue: 21 },
      { kind: "review", contractId: "c-3", contractTitle: "Substation", itemTitle: null, dueAt: "2026-11-19", daysOverdue: 3 },
    ],
  },
  completedReviews: [
    { contractId: "c-2", title: "Pipeline", status: "rejected", uploadedAt: "2026-11-05T00:00:00.000Z", finishedAt: "2026-11-08T00:00:00.000Z", hours: 72 },
    { contractId: "c-1", title: "Gas Plant EPC", status: "approved", uploadedAt: "2026-11-01T00:00:00.000Z", finishedAt: "2026-11-06T12:00:00.000Z", hours: 132 },
  ],
  trends: {
    totalContracts: trend(5, 2, [5, 2], null),
    completionRate: trend(40, 50, [5, 2], null),
    averageReviewTime: trend(102, 120, [2, 1], null),
  },
};

const EMPTY: AnalyticsResponse = {
  ...FULL,
  period: "7d",
  overview: { totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null, uploadsFinished: 0 },
  previousOverview: { totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null, uploadsFinished: 0 },
  riskDistribution: { high: 0, medium: 0, low: 0 },
  monthlyStats: [{ month: "2026-11", contracts: 0 }],
  teamPerformance: [],
  jurisdictionalBreakdown: [],
  timeline: { bucket: "day", points: [{ start: "2026-11-21", uploaded: 0, approved: 0, rejected: 0 }] },
  stageCycleTimes: FULL.stageCycleTimes.map((s) => ({ ...s, count: 0, averageHours: null, medianHours: null })),
  overdue: { counts: { review: 0, approval: 0, exhibit: 0 }, byAge: FULL.overdue.byAge.map((a) => ({ ...a, review: 0, exhibit: 0 })), items: [] },
  completedReviews: [],
  trends: { totalContracts: trend(0, 0, [0, 0], null), completionRate: trend(null, null, [0, 0], null), averageReviewTime: trend(null, null, [0, 0], null) },
};

const card = (label: string) => screen.getByRole("group", { name: label });

describe("analytics dashboard", () => {
  it("is closed to reviewers with the spec's words and requests nothing", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) } });
    renderApp("/analytics");
    expect(await screen.findByText("Access Restricted", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Only administrators and approvers can access analytics.")).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/analytics"))).toBe(false);
  });

  it("shows the figures in days and hours, no trend over too few, no company tiles, and tables that say what they count", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": { status: 200, body: approver }, "GET /api/analytics": { status: 200, body: FULL } });
    renderApp("/analytics");
    await screen.findByText("Company Overview", undefined, wait);
    expect(calls.find((c) => c.path.startsWith("/api/analytics"))?.path).toBe("/api/analytics?period=30d");
    expect(within(card("Total Contracts")).getByText("5")).toBeTruthy();
    expect(within(card("Total Contracts")).getByText(/Too few to compare/)).toBeTruthy();
    expect(within(card("Completed Reviews")).getByText(/2 of 5 \(40%\) finished/)).toBeTruthy();
    expect(within(card("Completed Reviews")).queryByText(/-100%|−100%/)).toBeNull();
    expect(within(card("Avg Review Time")).getByText("4 d 6 h")).toBeTruthy();
    expect(within(card("Active Users (30d)")).getByText("3")).toBeTruthy();
    // One company: no Companies or Avg Company Size tiles.
    expect(screen.queryByRole("group", { name: "Companies" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Avg Company Size" })).toBeNull();

    expect(screen.getByLabelText("High Risk: 2 (50%)")).toBeTruthy();
    expect(screen.getByRole("figure", { name: /^Cycle time per stage: Review 1 d 8 h over 3, Legal Review 1 d 12 h over 2/ })).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Overdue work: 1 reviews, 0 approvals, 1 exhibits" })).toBeTruthy();

    // Complexity: above 7 red, above 4 yellow, otherwise green.
    expect(screen.getByText("Complexity 7.5/10").getAttribute("data-tone")).toBe("red");
    expect(screen.getByText("Complexity 5/10").getAttribute("data-tone")).toBe("yellow");
    expect(screen.getByText("Complexity 4/10").getAttribute("data-tone")).toBe("green");

    const team = screen.getByRole("table", { name: "Team Performance" });
    expect(within(team).queryByText("Accuracy")).toBeNull();
    const riley = within(team).getByText("Riley Reviewer").closest("tr")!;
    expect(within(riley).getByText("1 d 12 h")).toBeTruthy();
    expect(within(riley).getByText("1 of 2")).toBeTruthy();
    const completed = screen.getByRole("table", { name: "Completed Reviews" });
    expect(within(completed).getByText("5 d 12 h")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Overdue items" })).getByText("Performance bond")).toBeTruthy();
    for (const section of ["Contracts Over Time", "Risk Distribution", "Cycle Time per Stage", "Overdue Work", "Team Performance", "Completed Reviews", "Jurisdictional Breakdown"]) {
      expect(screen.getByRole("button", { name: `Export ${section} as CSV` })).toBeTruthy();
    }
    expect(screen.getByText("Ontario is the most common governing law (2 contracts).")).toBeTruthy();
  });

  it("shows Companies tiles to platform operators only", async () => {
    const platform = { ...FULL, platformMetrics: { scope: "platform" as const, totalUsers: 40, totalCompanies: 7, activeUsers30d: 30, contractsThisMonth: 12, averageCompanySize: 5.7 } };
    fakeApi({ "GET /api/auth/user": { status: 200, body: approver }, "GET /api/analytics": { status: 200, body: platform } });
    renderApp("/analytics");
    await screen.findByText("Platform Overview", undefined, wait);
    expect(within(card("Companies")).getByText("7")).toBeTruthy();
    expect(within(card("Avg Company Size")).getByText("5.7")).toBeTruthy();
  });

  it("asks again for another period and shows the spec's empty states", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: approver },
      "GET /api/analytics": ({ url }) => ({ status: 200, body: url.searchParams.get("period") === "7d" ? EMPTY : FULL }),
    });
    renderApp("/analytics");
    await screen.findByText("Riley Reviewer", undefined, wait);
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "7d" } });
    await waitFor(() => expect(screen.getByText("No team data available")).toBeTruthy(), wait);
    expect(calls.some((c) => c.path === "/api/analytics?period=7d")).toBe(true);
    expect(screen.getByText("No jurisdictional data available")).toBeTruthy();
    expect(screen.getByText("Nothing is overdue.")).toBeTruthy();
    expect(screen.getAllByText("No data available yet").length).toBeGreaterThanOrEqual(3);
    expect(within(card("Avg Review Time")).getByText("—")).toBeTruthy();
    // No export of an empty table.
    expect(screen.queryByRole("button", { name: "Export Team Performance as CSV" })).toBeNull();
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: approver },
      "GET /api/analytics": { status: 500, body: { error: "internal", message: "Something went wrong on our side." } },
    });
    renderApp("/analytics");
    expect(await screen.findByText("Something went wrong on our side.", undefined, wait)).toBeTruthy();
  });
});
