import type { AppDeps } from "../../context";
import { runWorkflowAction, type WorkflowInput } from "./run";

/** Approves Final Approval, and with it the contract (pending_approval → approved); Legal and Finance must be approved already. */
export function approveContract(deps: AppDeps, input: WorkflowInput) {
  return runWorkflowAction(deps, input, { type: "approveContract" }, "contract.approve");
}
