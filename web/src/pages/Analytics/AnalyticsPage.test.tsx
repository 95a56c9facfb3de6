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

const FULL: AnalyticsResponse = {
  period: "30d",
  range: { from: "2026-10-23T00:00:00.000Z", to: "2026-11-22T00:00:00.000Z", previousFrom: "2026-09-23T00:00:00.000Z" },
  overview: { totalContracts: 4, activeReviews: 2, completedReviews: 2, averageReviewTime: 36 },
  previousOverview: { totalContracts: 3, activeReviews: 2, completedReviews: 1, averageReviewTime: 120 },
  platformMetrics: { scope: "company", totalUsers: 4, totalCompanies: 1, activeUsers30d: 3, contractsThisMonth: 3, averageCompanySize: 4 },
  riskDistribution: { high: 2, medium: 1, low: 1 },
  monthlyStats: [
    { month: "2026-11", contracts: 3 },
    { month: "2026-10", contracts: 30 },
    { month: "2026-09", contracts: 0 },
    { month: "2026-08", contracts: 10 },
    { month: "2026-07", contracts: 1 },
    { month: "2026-06", contracts: 2 },
    { month: "2026-05", contracts: 7 },
  ],
  teamPerformance: [{ userId: "u-2", name: "Riley Reviewer", reviewsCompleted: 3, avgReviewTime: 20, accuracy: 67 }],
  jurisdictionalBreakdown: [
    { jurisdiction: "Ontario", count: 2, avgComplexity: 7.5 },
    { jurisdiction: "Alberta", count: 1, avgComplexity: 5 },
    { jurisdiction: "Quebec", count: 1, avgComplexity: 4 },
  ],
  trends: {
    totalContracts: { current: 4, previous: 3, changePercent: 33 },
    completionRate: { current: 50, previous: 33.3, changePercent: 17 },
    averageReviewTime: { current: 36, previous: 120, changePercent: -70 },
  },
};

const EMPTY: AnalyticsResponse = {
  ...FULL,
  period: "7d",
  overview: { totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null },
  previousOverview: { totalContracts: 0, activeReviews: 0, completedReviews: 0, averageReviewTime: null },
  riskDistribution: { high: 0, medium: 0, low: 0 },
  monthlyStats: [{ month: "2026-11", contracts: 0 }],
  teamPerformance: [],
  jurisdictionalBreakdown: [],
  trends: {
    totalContracts: { current: 0, previous: 0, changePercent: null },
    completionRate: { current: null, previous: null, changePercent: null },
    averageReviewTime: { current: null, previous: null, changePercent: null },
  },
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

  it("shows the figures, computed trends, bars and complexity badges for the default period", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": { status: 200, body: approver }, "GET /api/analytics": { status: 200, body: FULL } });
    renderApp("/analytics");
    await screen.findByText("Company Overview", undefined, wait);
    expect(calls.find((c) => c.path.startsWith("/api/analytics"))?.path).toBe("/api/analytics?period=30d");
    expect(within(card("Total Contracts")).getByText("4")).toBeTruthy();
    expect(within(card("Total Contracts")).getByText("+33% from last period")).toBeTruthy();
    expect(within(card("Completed Reviews")).getByText("+17% completion rate")).toBeTruthy();
    expect(within(card("Avg Review Time")).getByText("36h")).toBeTruthy();
    expect(within(card("Avg Review Time")).getByText("-70% faster")).toBeTruthy();
    expect(within(card("Active Users (30d)")).getByText("3")).toBeTruthy();

    // Monthly volume: the first 6 months only; width = count / 20, capped at 100 %.
    expect(screen.getByTestId("month-bar-2026-11").style.width).toBe("15%");
    expect(screen.getByTestId("month-bar-2026-10").style.width).toBe("100%");
    expect(screen.getByTestId("month-bar-2026-09").style.width).toBe("0%");
    expect(screen.getByTestId("month-bar-2026-08").style.width).toBe("50%");
    expect(screen.getByTestId("month-bar-2026-06").style.width).toBe("10%");
    expect(screen.queryByTestId("month-bar-2026-05")).toBeNull();
    expect(screen.getByText("Nov 2026")).toBeTruthy();

    expect(screen.getByTestId("risk-bar-high").style.width).toBe("50%");
    expect(screen.getByLabelText("High Risk: 2 (50%)")).toBeTruthy();

    // Complexity: above 7 red, above 4 yellow, otherwise green.
    expect(screen.getByText("Complexity 7.5/10").getAttribute("data-tone")).toBe("red");
    expect(screen.getByText("Complexity 5/10").getAttribute("data-tone")).toBe("yellow");
    expect(screen.getByText("Complexity 4/10").getAttribute("data-tone")).toBe("green");

    const row = screen.getByText("Riley Reviewer").closest("tr")!;
    expect(within(row).getByText("20h")).toBeTruthy();
    expect(within(row).getByText("67%")).toBeTruthy();
    expect(screen.getByText("Ontario is the most common governing law (2 contracts).")).toBeTruthy();
  });

  it("asks again for another period and shows the spec's empty states", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: approver },
      "GET /api/analytics": ({ url }) => ({ status: 200, body: url.searchParams.get("period") === "7d" ? EMPTY : FULL }),
    });
    renderApp("/analytics");
    await screen.findByText("+33% from last period", undefined, wait);
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "7d" } });
    await waitFor(() => expect(screen.getByText("No team data available")).toBeTruthy(), wait);
    expect(calls.some((c) => c.path === "/api/analytics?period=7d")).toBe(true);
    expect(screen.getByText("No jurisdictional data available")).toBeTruthy();
    // Risk distribution, monthly volume and insights have nothing to show.
    expect(screen.getAllByText("No data available yet").length).toBeGreaterThanOrEqual(2);
    expect(within(card("Total Contracts")).getByText("No change from last period")).toBeTruthy();
    expect(within(card("Avg Review Time")).getByText("—")).toBeTruthy();
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
