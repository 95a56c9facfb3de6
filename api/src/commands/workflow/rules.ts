import {
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
  CONTRACT_STATUS_LABELS,
  type ApprovalDecision,
  type ApprovalStage,
  type ApprovalStepStatus,
  type ContractStatus,
} from "@clausewise/shared";

/*
 * The contract workflow and its approval pipeline (DESIGN.md §6), as one pure state machine so that the
 * contract status and its three steps (Legal Review → Finance Review → Final Approval) never disagree.
 *
 *   under_review ──submit──► pending_approval ──(all three steps approved)──► approved
 *        ▲  ▲                       │   │                                          │
 *        │  └────reopenForChanges───┼───┴──────────────────────────────────────────┘
 *        └────────reopen──── rejected ◄──(any step rejected)
 *
 * Invariants, one per contract status (k = number of approved steps, in stage order):
 *   under_review      legal pending, finance and final waiting; nothing decided
 *   pending_approval  the first k steps approved, step k+1 pending, the rest waiting (k < 3)
 *   approved          all three steps approved
 *   rejected          the first k steps approved, step k+1 rejected, the rest waiting
 *
 * Rules:
 * - submit (under_review only): → pending_approval; the pipeline starts at Legal Review.
 * - Steps are decided only while the contract is pending approval, only the pending one, in order.
 *   Review (markups, changes) happens before submission; a decision always refers to the submitted text.
 * - Approving a step opens the next one; approving Final Approval approves the contract.
 * - Rejecting any step rejects the contract; the later steps stay waiting.
 * - POST /approve is "approve Final Approval": it needs Legal and Finance approved first, so the header's
 *   Approve button cannot bypass the pipeline. POST /reject rejects whichever step is pending.
 * - reopen (rejected only): → under_review and the whole pipeline starts again, because the contract
 *   will change before it is resubmitted. Earlier decisions remain in the audit trail.
 * - reopenForChanges (approved or pending_approval, the statuses whose text is locked: DESIGN.md §4):
 *   → under_review, the pipeline starts again, for the same reason. An approval or a submission
 *   refers to a text; to change that text is to ask for a new decision on it.
 * Who may act is the policy's business (submitForApproval, approve); this file only says when.
 */

export type StepStatuses = Record<ApprovalStage, ApprovalStepStatus>;

export interface WorkflowState {
  status: ContractStatus;
  steps: StepStatuses;
}

export type WorkflowAction =
  | { type: "submit" }
  | { type: "reopen" }
  | { type: "reopenForChanges" }
  | { type: "decide"; stage: ApprovalStage; decision: ApprovalDecision }
  | { type: "approveContract" }
  | { type: "rejectContract" };

export type WorkflowOutcome =
  | {
      ok: true;
      state: WorkflowState;
      /** The step this action decided, if any. */
      decided: { stage: ApprovalStage; decision: ApprovalDecision } | null;
      /** The step that became pending because of this action, if any. */
      opened: ApprovalStage | null;
      /** All decisions were cleared (reopen, or a submit that had to repair the pipeline). */
      reset: boolean;
    }
  | { ok: false; message: string };

export const INITIAL_STEPS: StepStatuses = { legal: "pending", finance: "waiting", final: "waiting" };

const label = (stage: ApprovalStage) => APPROVAL_STAGE_LABELS[stage];

/** The step whose turn it is, if any. */
export function pendingStage(steps: StepStatuses): ApprovalStage | null {
  return APPROVAL_STAGES.find((stage) => steps[stage] === "pending") ?? null;
}

/** True when the steps are what the invariant above says for this status. */
export function isConsistent(state: WorkflowState): boolean {
  const statuses = APPROVAL_STAGES.map((stage) => state.steps[stage]);
  const approved = statuses.findIndex((s) => s !== "approved");
  const k = approved === -1 ? statuses.length : approved;
  const rest = statuses.slice(k + 1);
  switch (state.status) {
    case "under_review":
      return statuses.join() === "pending,waiting,waiting";
    case "approved":
      return k === statuses.length;
    case "pending_approval":
      return k < statuses.length && statuses[k] === "pending" && rest.every((s) => s === "waiting");
    case "rejected":
      return k < statuses.length && statuses[k] === "rejected" && rest.every((s) => s === "waiting");
  }
}

function refuse(message: string): WorkflowOutcome {
  return { ok: false, message };
}

/** Why a step cannot be decided while the contract has this status (null: it can). */
function notDecidable(status: ContractStatus): string | null {
  switch (status) {
    case "pending_approval":
      return null;
    case "under_review":
      return "This contract is still under review. Submit it for approval before its approval steps are decided.";
    case "approved":
      return "This contract is already approved; its approval steps can no longer change.";
    case "rejected":
      return "This contract was rejected. Reopen it for review and submit it again before deciding its approval steps.";
  }
}

function decide(state: WorkflowState, stage: ApprovalStage, decision: ApprovalDecision): WorkflowOutcome {
  const blocked = notDecidable(state.status);
  if (blocked) return refuse(blocked);
  const current = pendingStage(state.steps);
  if (current !== stage) {
    if (state.steps[stage] === "approved" || state.steps[stage] === "rejected") return refuse(`${label(stage)} has already been decided.`);
    return refuse(current ? `${label(stage)} is not open yet: ${label(current)} must be approved first.` : `${label(stage)} is not open for a decision.`);
  }
  const steps: StepStatuses = { ...state.steps, [stage]: decision };
  if (decision === "rejected") return { ok: true, state: { status: "rejected", steps }, decided: { stage, decision }, opened: null, reset: false };
  const next = APPROVAL_STAGES[APPROVAL_STAGES.indexOf(stage) + 1];
  if (!next) return { ok: true, state: { status: "approved", steps }, decided: { stage, decision }, opened: null, reset: false };
  steps[next] = "pending";
  return { ok: true, state: { status: "pending_approval", steps }, decided: { stage, decision }, opened: next, reset: false };
}

/** The state after `action`, or why it is refused (the API answers 409 with that message). */
export function applyWorkflowAction(state: WorkflowState, action: WorkflowAction): WorkflowOutcome {
  const status = state.status;
  switch (action.type) {
    case "submit": {
      if (status === "pending_approval") return refuse("This contract is already pending approval.");
      if (status === "approved") return refuse("This contract is already approved; it cannot be submitted again.");
      if (status === "rejected") return refuse("This contract was rejected. Reopen it for review before submitting it again.");
      const repaired = !isConsistent(state);
      return { ok: true, state: { status: "pending_approval", steps: { ...INITIAL_STEPS } }, decided: null, opened: "legal", reset: repaired };
    }
    case "reopen": {
      if (status !== "rejected") return refuse(`Only a rejected contract can be reopened for review; this one is ${CONTRACT_STATUS_LABELS[status]}.`);
      return { ok: true, state: { status: "under_review", steps: { ...INITIAL_STEPS } }, decided: null, opened: null, reset: true };
    }
    case "reopenForChanges": {
      if (status === "under_review") return refuse("This contract is already under review, so it is open for changes.");
      if (status === "rejected") return refuse("This contract was rejected, so its text is not locked. Reopen it for review to change it.");
      return { ok: true, state: { status: "under_review", steps: { ...INITIAL_STEPS } }, decided: null, opened: null, reset: true };
    }
    case "decide":
      return decide(state, action.stage, action.decision);
    case "approveContract": {
      if (status === "under_review") return refuse("This contract is still under review. Submit it for approval before approving it.");
      if (status === "approved") return refuse("This contract is already approved.");
      if (status === "rejected") return refuse("This contract was rejected. Reopen it for review and submit it again before approving it.");
      const current = pendingStage(state.steps);
      if (current !== "final") {
        const open = APPROVAL_STAGES.filter((stage) => stage !== "final" && state.steps[stage] !== "approved").map(label);
        if (open.length === 0) return refuse(`${label("final")} is not open for a decision.`);
        return refuse(`${open.join(" and ")} must be approved before the contract can be approved.`);
      }
      return decide(state, "final", "approved");
    }
    case "rejectContract": {
      if (status === "under_review") return refuse("This contract is still under review. Only a contract pending approval can be rejected.");
      if (status === "approved") return refuse("This contract is already approved; it can no longer be rejected.");
      if (status === "rejected") return refuse("This contract is already rejected.");
      const current = pendingStage(state.steps);
      if (!current) return refuse("No approval step is open for a decision.");
      return decide(state, current, "rejected");
    }
  }
}
