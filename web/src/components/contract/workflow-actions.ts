import {
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
  isTextLocked,
  type ApprovalStep,
  type ContractAbilities,
  type ContractDetail,
} from "@clausewise/shared";
import type { ContractTransition } from "../../api/workflow";

/**
 * The review actions a user has on a contract: the abilities say who (the API's policies, never
 * re-derived here), the status says when (DESIGN.md §6):
 *   under_review → Submit for approval (submitForApproval)
 *   pending_approval → Approve, Reject (approve)
 *   rejected → Reopen (submitForApproval, as the API checks it)
 */
export function availableTransitions(status: string, abilities: Partial<ContractAbilities>): ContractTransition[] {
  switch (status) {
    case "under_review":
      return abilities.submitForApproval ? ["submit"] : [];
    case "pending_approval":
      return abilities.approve ? ["approve", "reject"] : [];
    case "rejected":
      return abilities.submitForApproval ? ["reopen"] : [];
    default:
      return [];
  }
}

/**
 * "Reopen for changes" (issue 14): the way to edit an approved or pending contract's locked text;
 * approvers and admins (the API checks `approve`), always with a reason.
 */
export function canReopenForChanges(status: string, abilities: Partial<ContractAbilities>): boolean {
  return isTextLocked(status) && Boolean(abilities.approve);
}

export const TRANSITION_LABELS: Record<ContractTransition, string> = {
  submit: "Submit for approval",
  approve: "Approve",
  reject: "Reject",
  reopen: "Reopen",
};

/**
 * Approving the contract decides Final Approval, which opens only after Legal and Finance (the API
 * answers 409 otherwise). Says why Approve must wait, or null when it may go ahead (or the pipeline
 * is not known yet: then the server has the last word).
 */
export function approveBlockedReason(steps: readonly ApprovalStep[] | undefined): string | null {
  if (!steps || steps.length === 0) return null;
  const pending = steps.find((step) => step.status === "pending");
  if (!pending || pending.stage === "final") return null;
  const open = APPROVAL_STAGES.filter((stage) => stage !== "final")
    .filter((stage) => steps.find((step) => step.stage === stage)?.status !== "approved")
    .map((stage) => APPROVAL_STAGE_LABELS[stage]);
  return `${open.join(" and ")} must be approved before the contract can be approved.`;
}

/** A step takes a decision here only while the contract is pending approval and it is the pending one. */
export function canDecideStep(step: ApprovalStep, contract: Pick<ContractDetail, "status" | "abilities">): boolean {
  return contract.status === "pending_approval" && step.status === "pending" && Boolean(contract.abilities.approve);
}

/** What a user sees when they have no action: the state of things in words. */
export function noActionText(status: string, abilities: Partial<ContractAbilities>): string {
  switch (status) {
    case "under_review":
      return "This contract is under review. A reviewer submits it for approval when the review is done.";
    case "pending_approval":
      return abilities.approve ? "" : "This contract is waiting for an approver's decision.";
    case "approved":
      return abilities.approve
        ? "This contract is approved and its text is locked. Reopen it for changes to edit it again."
        : "This contract is approved and its text is locked. An approver or administrator can reopen it for changes.";
    case "rejected":
      return "This contract was rejected. A reviewer can reopen it for another review.";
    default:
      return "No review actions are available for this contract.";
  }
}
