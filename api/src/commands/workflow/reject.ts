import type { AppDeps } from "../../context";
import { runWorkflowAction, type WorkflowInput } from "./run";

/** Rejects the pending approval step, and with it the contract (pending_approval → rejected). */
export function rejectContract(deps: AppDeps, input: WorkflowInput) {
  return runWorkflowAction(deps, input, { type: "rejectContract" }, "contract.reject");
}
