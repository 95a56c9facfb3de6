import { z } from "zod";
import { CONTRACT_STATUS_LABELS, type ContractStatus } from "../enums";
import { contractDetail } from "./contract";

/** The approval pipeline of a contract (DESIGN.md §6), in the order the stages are decided. */
export const APPROVAL_STAGES = ["legal", "finance", "final"] as const;
export type ApprovalStage = (typeof APPROVAL_STAGES)[number];

export const APPROVAL_STAGE_LABELS: Record<ApprovalStage, string> = {
  legal: "Legal Review",
  finance: "Finance Review",
  final: "Final Approval",
};

/** waiting: an earlier stage is still open · pending: this stage decides next · approved · rejected */
export const APPROVAL_STEP_STATUSES = ["waiting", "pending", "approved", "rejected"] as const;
export type ApprovalStepStatus = (typeof APPROVAL_STEP_STATUSES)[number];

export const APPROVAL_DECISIONS = ["approved", "rejected"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const WORKFLOW_COMMENT_MAX_LENGTH = 5000;

const comment = z
  .string()
  .trim()
  .max(WORKFLOW_COMMENT_MAX_LENGTH, `The comment can be at most ${WORKFLOW_COMMENT_MAX_LENGTH} characters.`)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/contracts/{id}/approve and /reject: an optional comment, stored on the step it decides. */
export const contractDecisionRequest = z.object({ comment });
export type ContractDecisionRequest = z.infer<typeof contractDecisionRequest>;

/** POST /api/contracts/{id}/approval-steps/{stage}/decide */
export const decideApprovalStepRequest = z.object({
  decision: z.enum(APPROVAL_DECISIONS, { message: "Please choose approved or rejected." }),
  comment,
});
export type DecideApprovalStepRequest = z.infer<typeof decideApprovalStepRequest>;

/** Who made a decision: the member's id and display name (the id is null once the account is gone). */
export const decisionMaker = z.object({ id: z.string().nullable(), name: z.string() });
export type DecisionMaker = z.infer<typeof decisionMaker>;

/** One row of GET /api/contracts/{id}/approval-steps, in pipeline order. */
export const approvalStep = z.object({
  stage: z.enum(APPROVAL_STAGES),
  label: z.string(),
  status: z.enum(APPROVAL_STEP_STATUSES),
  /** Display name of the person who decided, or null while undecided. */
  decidedBy: z.string().nullable(),
  /** The same person as {id, name} (issue 17: decisions are attributable); null while undecided. */
  decider: decisionMaker.nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalStep = z.infer<typeof approvalStep>;

/** Every workflow change answers the contract and its pipeline as they are after the change. */
export const workflowResult = z.object({
  contract: contractDetail,
  approvalSteps: z.array(approvalStep),
});
export type WorkflowResult = z.infer<typeof workflowResult>;

/*
 * Approval locks the text (DESIGN.md §4, issue 14). A contract pending approval is locked as well:
 * its approval steps decide the text that was submitted (commands/workflow/rules.ts), so that text
 * must not change under them. Under review and rejected contracts are open for changes.
 */
export const TEXT_LOCKED_STATUSES = ["pending_approval", "approved"] as const satisfies readonly ContractStatus[];

/** Whether a contract with this status is read-only everywhere (REST, live editor, change decisions). */
export function isTextLocked(status: string): boolean {
  return (TEXT_LOCKED_STATUSES as readonly string[]).includes(status);
}

/** Why the text cannot change now (the 409 message and the editor's notice). */
export function textLockedMessage(status: string): string {
  const label = CONTRACT_STATUS_LABELS[status as ContractStatus]?.toLowerCase() ?? status;
  return `This contract is ${label}, so its text is locked. An approver or administrator can reopen it for changes.`;
}

/** POST /api/contracts/{id}/reopen-for-changes: an approved or pending contract back to review; the reason is required. */
export const reopenForChangesRequest = z.object({
  reason: z
    .string({ message: "Please give a reason for reopening the contract." })
    .trim()
    .min(1, "Please give a reason for reopening the contract.")
    .max(WORKFLOW_COMMENT_MAX_LENGTH, `The reason can be at most ${WORKFLOW_COMMENT_MAX_LENGTH} characters.`),
});
export type ReopenForChangesRequest = z.infer<typeof reopenForChangesRequest>;

/** The workflow events of GET /api/contracts/{id}/status-history, from the audit trail. */
export const STATUS_HISTORY_ACTIONS = ["submit", "decide", "approve", "reject", "reopen", "reopen_for_changes"] as const;
export type StatusHistoryAction = (typeof STATUS_HISTORY_ACTIONS)[number];

/** One change of a contract's status or pipeline: who, when, from what to what, and why. */
export const statusHistoryEntry = z.object({
  id: z.string(),
  action: z.enum(STATUS_HISTORY_ACTIONS),
  /** What happened, in words ("Reopened for changes", "Legal Review approved"). */
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Display name of who did it, or null when the account is gone. */
  by: z.string().nullable(),
  at: z.string(),
  /** The comment, or the reason given for reopening. */
  comment: z.string().nullable(),
  /** The version the event concerns: the approved version, or the new version a reopening starts. */
  version: z.number().int().nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntry>;
