import { z } from "zod";
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

/** One row of GET /api/contracts/{id}/approval-steps, in pipeline order. */
export const approvalStep = z.object({
  stage: z.enum(APPROVAL_STAGES),
  label: z.string(),
  status: z.enum(APPROVAL_STEP_STATUSES),
  /** Display name of the person who decided, or null while undecided. */
  decidedBy: z.string().nullable(),
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
