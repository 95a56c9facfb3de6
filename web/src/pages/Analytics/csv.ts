import {
  CSV_BOM,
  CYCLE_STAGE_LABELS,
  OVERDUE_KIND_LABELS,
  toCsv,
  type AnalyticsResponse,
  type CsvValue,
} from "@clausewise/shared";
import { downloadBlob } from "../../lib/download";
import { bucketLabel, monthLabel } from "./format";

/** One table of the dashboard as a CSV file: what its section shows, in the same units. */
export interface CsvTable {
  name: string;
  header: string[];
  rows: CsvValue[][];
}


/** Every exportable table of the dashboard, by section. Times in hours (one decimal), dates ISO (UTC). */
export function analyticsTables(data: AnalyticsResponse): Record<string, CsvTable> {
  return {
    timeline: {
      name: "contracts-over-time",
      header: ["Period start (UTC)", "Label", "Uploaded", "Approved", "Rejected"],
      rows: data.timeline.points.map((p) => [p.start, bucketLabel(p.start, data.timeline.bucket), p.uploaded, p.approved, p.rejected]),
    },
    risk: {
      name: "risk-distribution",
      header: ["Risk", "Contracts"],
      rows: [["High", data.riskDistribution.high], ["Medium", data.riskDistribution.medium], ["Low", data.riskDistribution.low]],
    },
    stages: {
      name: "cycle-time-per-stage",
      header: ["Stage", "Completed in period", "Average hours", "Median hours"],
      rows: data.stageCycleTimes.map((s) => [CYCLE_STAGE_LABELS[s.stage], s.count, s.averageHours, s.medianHours]),
    },
    overdue: {
      name: "overdue-work",
      header: ["Kind", "Contract", "Item", "Due", "Days overdue"],
      rows: data.overdue.items.map((i) => [OVERDUE_KIND_LABELS[i.kind], i.contractTitle, i.itemTitle, i.dueAt, i.daysOverdue]),
    },
    monthly: {
      name: "monthly-contract-volume",
      header: ["Month", "Contracts"],
      rows: data.monthlyStats.map((m) => [monthLabel(m.month), m.contracts]),
    },
    team: {
      name: "team-performance",
      header: ["Member", "Reviews completed", "Avg review time (hours)", "Approval decisions", "Avg decision time (hours)", "Comments and markups", "Changes proposed", "Changes approved", "Changes rejected"],
      rows: data.teamPerformance.map((m) => [m.name, m.reviewsCompleted, m.avgReviewTime, m.decisions, m.avgDecisionTime, m.comments, m.changesProposed, m.changesApproved, m.changesRejected]),
    },
    jurisdictions: {
      name: "jurisdictional-breakdown",
      header: ["Jurisdiction", "Contracts", "Average complexity (of 10)"],
      rows: data.jurisdictionalBreakdown.map((j) => [j.jurisdiction, j.count, j.avgComplexity]),
    },
    completed: {
      name: "completed-reviews",
      header: ["Contract", "Outcome", "Uploaded (UTC)", "Finished (UTC)", "Review time (hours)"],
      rows: data.completedReviews.map((r) => [r.title, r.status === "approved" ? "Approved" : "Rejected", r.uploadedAt, r.finishedAt, r.hours]),
    },
  };
}

/** Saves one table as `<name>-<period>.csv` (UTF-8 with a byte-order mark, formulas defused by toCsv). */
export function downloadTable(table: CsvTable, period: string): void {
  downloadBlob(new Blob([CSV_BOM + toCsv(table.header, table.rows)], { type: "text/csv;charset=utf-8" }), `${table.name}-${period}.csv`);
}
