import type { AppDeps } from "../../context";
import { runWorkflowAction, type WorkflowInput } from "./run";

/** rejected → under_review; the approval pipeline starts again at Legal Review. */
export function reopenContract(deps: AppDeps, input: WorkflowInput) {
  return runWorkflowAction(deps, input, { type: "reopen" }, "contract.reopen");
}
