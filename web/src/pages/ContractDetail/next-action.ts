import { APPROVAL_STAGE_LABELS, type ApprovalStep, type ContractDetail } from "@clausewise/shared";
import { canDecideStep } from "../../components/contract/workflow-actions";
import type { RailTab } from "./rail-tabs";

export interface NextAction {
  /** What this user does next, or what the contract waits for ("Approve Legal Review", "Waiting for approval"). */
  label: string;
  /** The rail tab where it is done or followed. */
  tab: RailTab;
  /** true when the user has something to do; false when the contract waits on others or is done. */
  actionable: boolean;
}

/**
 * The header's next step for this user, from the contract's status and the abilities the API sent
 * (never re-derived from the role) and the pipeline's pending stage when it is known.
 */
export function nextAction(contract: Pick<ContractDetail, "status" | "abilities">, steps: readonly ApprovalStep[] | undefined): NextAction {
  const { status, abilities } = contract;
  switch (status) {
    case "under_review":
      if (abilities.comment || abilities.suggest || abilities.edit) return { label: "Review this contract", tab: "analysis", actionable: true };
      return { label: "Under review by the team", tab: "activity", actionable: false };
    case "pending_approval": {
      const pending = steps?.find((step) => step.status === "pending");
      if (pending && canDecideStep(pending, contract)) {
        const stage = pending.label || APPROVAL_STAGE_LABELS[pending.stage] || pending.stage;
        return { label: pending.stage === "final" ? "Give Final Approval" : `Approve ${stage}`, tab: "approval", actionable: true };
      }
      if (!pending && abilities.approve && steps === undefined) return { label: "Approve this contract", tab: "approval", actionable: true };
      return { label: "Waiting for approval", tab: "approval", actionable: false };
    }
    case "approved":
      return { label: "Approved: no action needed", tab: "activity", actionable: false };
    case "rejected":
      if (abilities.submitForApproval) return { label: "Reopen for another review", tab: "approval", actionable: true };
      return { label: "Rejected: waiting for a reviewer", tab: "activity", actionable: false };
    default:
      return { label: "No action needed", tab: "activity", actionable: false };
  }
}
