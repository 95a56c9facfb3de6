import { APPROVAL_STAGE_LABELS, APPROVAL_STAGES, APPROVAL_STEP_STATUSES, type ApprovalStep, type ApprovalStepStatus } from "@clausewise/shared";

export interface ApprovalStepView {
  stage: string;
  status: string;
  decidedAt: Date | null;
  comment: string | null;
  /** The decider's name fields, when someone decided (the users row may be gone: then null). */
  decider: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
}

/** Spec §2 sidebar rule: first and last name, else the e-mail, else 'User'. */
export function displayName(user: { firstName: string | null; lastName: string | null; email: string | null } | null): string {
  if (!user) return "User";
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(" ").trim();
  return name || user.email || "User";
}

/** GET /api/contracts/{id}/approval-steps: stage, label, status and who decided when, nothing else. */
export function presentApprovalStep(row: ApprovalStepView): ApprovalStep | null {
  const stage = APPROVAL_STAGES.find((s) => s === row.stage);
  if (!stage) return null;
  const status: ApprovalStepStatus = APPROVAL_STEP_STATUSES.find((s) => s === row.status) ?? "waiting";
  const decided = status === "approved" || status === "rejected";
  return {
    stage,
    label: APPROVAL_STAGE_LABELS[stage],
    status,
    decidedBy: decided && row.decider ? displayName(row.decider) : null,
    decider: decided && row.decider ? { id: row.decider.id, name: displayName(row.decider) } : null,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    comment: row.comment,
  };
}

export function presentApprovalSteps(rows: ApprovalStepView[]): ApprovalStep[] {
  return rows
    .map(presentApprovalStep)
    .filter((step): step is ApprovalStep => step !== null)
    .sort((a, b) => APPROVAL_STAGES.indexOf(a.stage) - APPROVAL_STAGES.indexOf(b.stage));
}
