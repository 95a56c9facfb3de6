import { Link } from "react-router-dom";
import { ANALYTICS_MESSAGES, OVERDUE_KIND_LABELS, formatDateOnly, type AnalyticsResponse } from "@clausewise/shared";
import { Cell, Table } from "../../components/ui/table";
import { Empty } from "./Charts";
import { formatDate, formatDuration } from "./format";

const R = "text-right tabular-nums";

/** Team Performance: each column counts what its header says (shared/src/schemas/analytics.ts). */
export function TeamTable({ rows }: { rows: AnalyticsResponse["teamPerformance"] }) {
  if (rows.length === 0) return <Empty>{ANALYTICS_MESSAGES.noTeamData}</Empty>;
  const numeric = ["Reviews Completed", "Avg Review Time", "Approval Decisions", "Avg Decision Time", "Comments", "Changes Proposed", "Changes Accepted"];
  return (
    <Table label="Team Performance" columns={["Member", ...numeric]} numeric={numeric}>
      {rows.map((row) => {
        const decided = row.changesApproved + row.changesRejected;
        return (
          <tr key={row.userId}>
            <Cell className="font-medium text-slate-900">{row.name}</Cell>
            <Cell className={R}>{row.reviewsCompleted}</Cell>
            <Cell className={R}>{formatDuration(row.avgReviewTime)}</Cell>
            <Cell className={R}>{row.decisions}</Cell>
            <Cell className={R}>{formatDuration(row.avgDecisionTime)}</Cell>
            <Cell className={R}>{row.comments}</Cell>
            <Cell className={R}>{row.changesProposed}</Cell>
            <Cell className={R}>{decided === 0 ? "—" : `${row.changesApproved} of ${decided}`}</Cell>
          </tr>
        );
      })}
    </Table>
  );
}

/** The reviews behind "Avg Review Time", so the figure can be checked against the contracts. */
export function CompletedTable({ rows }: { rows: AnalyticsResponse["completedReviews"] }) {
  if (rows.length === 0) return <Empty>No reviews finished in this period.</Empty>;
  return (
    <Table label="Completed Reviews" columns={["Contract", "Outcome", "Uploaded", "Finished", "Review Time"]} numeric={["Review Time"]}>
      {rows.map((row) => (
        <tr key={row.contractId}>
          <Cell>
            <Link className="font-medium text-brand-700 hover:underline" to={`/contracts/${row.contractId}`}>
              {row.title}
            </Link>
          </Cell>
          <Cell>{row.status === "approved" ? "Approved" : "Rejected"}</Cell>
          <Cell className="text-slate-600">{formatDate(row.uploadedAt)}</Cell>
          <Cell className="text-slate-600">{formatDate(row.finishedAt)}</Cell>
          <Cell className={R}>{formatDuration(row.hours)}</Cell>
        </tr>
      ))}
    </Table>
  );
}

export function OverdueTable({ overdue }: { overdue: AnalyticsResponse["overdue"] }) {
  if (overdue.items.length === 0) return null;
  return (
    <Table label="Overdue items" columns={["Kind", "Contract", "Due", "Days Overdue"]} numeric={["Days Overdue"]}>
      {overdue.items.map((item) => (
        <tr key={`${item.kind}-${item.contractId}-${item.itemTitle ?? ""}-${item.dueAt}`}>
          <Cell>{OVERDUE_KIND_LABELS[item.kind]}</Cell>
          <Cell>
            <Link className="font-medium text-brand-700 hover:underline" to={`/contracts/${item.contractId}`}>
              {item.contractTitle}
            </Link>
            {item.itemTitle && <span className="block text-xs text-slate-500">{item.itemTitle}</span>}
          </Cell>
          <Cell className="text-slate-600">{formatDateOnly(item.dueAt)}</Cell>
          <Cell className={R}>{item.daysOverdue}</Cell>
        </tr>
      ))}
    </Table>
  );
}
