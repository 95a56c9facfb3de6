import type { ApprovalDecision, ApprovalStage } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import { runWorkflowAction, type WorkflowInput } from "./run";

/** Decides the pending approval step; see rules.ts for what follows from each decision. */
export function decideApprovalStep(deps: AppDeps, input: WorkflowInput & { stage: ApprovalStage; decision: ApprovalDecision }) {
  return runWorkflowAction(deps, input, { type: "decide", stage: input.stage, decision: input.decision }, "approval_step.decide");
}
