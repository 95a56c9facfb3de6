import { APPROVAL_STAGE_LABELS, APPROVAL_STAGES, CONTRACT_STATUS_LABELS, type ContractStatus, type StatusHistoryAction, type StatusHistoryEntry } from "@clausewise/shared";
import { WORKFLOW_AUDIT_ACTIONS, type StatusHistoryRow } from "../commands/workflow/history";
import { displayName } from "./approval-step";

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const integer = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);

function stageLabel(value: unknown): string {
  const stage = APPROVAL_STAGES.find((s) => s === value);
  return stage ? APPROVAL_STAGE_LABELS[stage] : "approval";
}

function label(action: StatusHistoryAction, data: Record<string, unknown>): string {
  switch (action) {
    case "submit":
      return "Submitted for approval";
    case "decide":
      return `${stageLabel(data.stage)} ${data.decision === "rejected" ? "rejected" : "approved"}`;
    case "approve":
      return "Contract approved";
    case "reject":
      return `Contract rejected at ${stageLabel(data.stage)}`;
    case "reopen":
      return "Reopened for review";
    case "reopen_for_changes":
      return "Reopened for changes";
  }
}

/** GET /api/contracts/{id}/status-history: each workflow event in words; audit data is read, never passed on whole. */
export function presentStatusHistory(rows: StatusHistoryRow[]): StatusHistoryEntry[] {
  return rows.flatMap(({ event, actor }) => {
    const action = WORKFLOW_AUDIT_ACTIONS[event.action];
    if (!action) return [];
    const data = event.data ?? {};
    const status = (value: unknown) => (typeof value === "string" && value in CONTRACT_STATUS_LABELS ? (value as ContractStatus) : null);
    return [
      {
        id: event.id,
        action,
        label: label(action, data),
        from: status(data.from),
        to: status(data.to),
        by: actor?.email ? displayName(actor) : null,
        at: event.createdAt.toISOString(),
        comment: text(data.comment),
        version: integer(action === "reopen_for_changes" ? data.newVersion : data.approvedVersion),
      },
    ];
  });
}
