import type { AppDeps } from "../../context";
import { runWorkflowAction, type WorkflowInput } from "./run";

export const REOPEN_FOR_CHANGES_AUDIT_ACTION = "contract.reopen_for_changes";

/**
 * "Reopen for changes" (issue 14): an approved or pending contract back to under_review, so its text
 * can change again. The reason is recorded with who gave it (audit trail, status history), the
 * people who worked towards the approval are told, and the next version starts.
 */
export function reopenForChanges(deps: AppDeps, input: WorkflowInput & { reason: string }) {
  return runWorkflowAction(deps, { ...input, comment: input.reason }, { type: "reopenForChanges" }, REOPEN_FOR_CHANGES_AUDIT_ACTION);
}
