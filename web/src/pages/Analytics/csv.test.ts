import { describe, expect, it } from "vitest";
import { toCsv, type AnalyticsResponse } from "@clausewise/shared";
import { analyticsTables } from "./csv";

const data = {
  period: "30d",
  timeline: { bucket: "week", points: [{ start: "2026-03-09", uploaded: 2, approved: 0, rejected: 1 }] },
  riskDistribution: { high: 2, medium: 1, low: 0 },
  stageCycleTimes: [{ stage: "legal", count: 2, averageHours: 36, medianHours: 36 }],
  overdue: { counts: { review: 0, approval: 0, exhibit: 1 }, byAge: [], items: [{ kind: "exhibit", contractId: "c", contractTitle: "=cmd|' /C calc'!A0", itemTitle: "Bond, final", dueAt: "2026-03-10", daysOverdue: 5 }] },
  monthlyStats: [{ month: "2026-03", contracts: 4 }],
  teamPerformance: [{ userId: "u", name: "Riley Reviewer", reviewsCompleted: 2, avgReviewTime: 36, decisions: 0, avgDecisionTime: null, comments: 2, changesProposed: 3, changesApproved: 1, changesRejected: 1 }],
  jurisdictionalBreakdown: [{ jurisdiction: "Québec", count: 1, avgComplexity: 4 }],
  completedReviews: [{ contractId: "c", title: "Gas Plant EPC", status: "approved", uploadedAt: "2026-03-01T00:00:00.000Z", finishedAt: "2026-03-06T12:00:00.000Z", hours: 132 }],
} as unknown as AnalyticsResponse;

describe("analytics CSV tables", () => {
  it("export what each section shows, in hours and ISO dates, formulas defused", () => {
    const tables = analyticsTables(data);
    const csv = (key: string) => toCsv(tables[key]!.header, tables[key]!.rows);
    expect(csv("timeline")).toBe("Period start (UTC),Label,Uploaded,Approved,Rejected\r\n2026-03-09,Week of Mar 9,2,0,1\r\n");
    expect(csv("stages")).toBe("Stage,Completed in period,Average hours,Median hours\r\nLegal Review,2,36,36\r\n");
    expect(csv("overdue")).toBe("Kind,Contract,Item,Due,Days overdue\r\nExhibit,'=cmd|' /C calc'!A0,\"Bond, final\",2026-03-10,5\r\n");
    expect(csv("team").split("\r\n")[1]).toBe("Riley Reviewer,2,36,0,,2,3,1,1");
    expect(csv("completed").split("\r\n")[1]).toBe("Gas Plant EPC,Approved,2026-03-01T00:00:00.000Z,2026-03-06T12:00:00.000Z,132");
    expect(csv("monthly")).toBe("Month,Contracts\r\nMar 2026,4\r\n");
    expect(Object.values(tables).map((t) => t.name)).toEqual([
      "contracts-over-time",
      "risk-distribution",
      "cycle-time-per-stage",
      "overdue-work",
      "monthly-contract-volume",
      "team-performance",
      "jurisdictional-breakdown",
      "completed-reviews",
    ]);
  });
});
