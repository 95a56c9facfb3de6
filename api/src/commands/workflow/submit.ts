import type { AppDeps } from "../../context";
import { runWorkflowAction, SUBMIT_AUDIT_ACTION, type WorkflowInput } from "./run";

/** under_review → pending_approval; Legal Review becomes pending and approvers are notified. */
export function submitForApproval(deps: AppDeps, input: WorkflowInput) {
  return runWorkflowAction(deps, input, { type: "submit" }, SUBMIT_AUDIT_ACTION);
}
