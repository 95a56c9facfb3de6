import { APPROVAL_STAGES, type ApprovalStage, type ApprovalStepStatus, type ContractStatus } from "@clausewise/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contractApprovalSteps, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import type { ApprovalStepView } from "../../presenters/approval-step";
import { INITIAL_STEPS, type StepStatuses } from "./rules";

export type ApprovalStepRow = typeof contractApprovalSteps.$inferSelect;

/**
 * The pipeline a contract without step rows is taken to have (rows older than the pipeline, or made
 * outside the upload): what its status implies, with nobody recorded as the decider.
 */
export function impliedSteps(status: string): StepStatuses {
  switch (status as ContractStatus) {
    case "approved":
      return { legal: "approved", finance: "approved", final: "approved" };
    case "rejected":
      return { legal: "rejected", finance: "waiting", final: "waiting" };
    default:
      return { ...INITIAL_STEPS };
  }
}

/** Rows for a new contract's pipeline: Legal Review pending, Finance Review and Final Approval waiting. */
export function approvalStepRows(contract: Pick<ContractRow, "id" | "companyId" | "status">) {
  const steps = impliedSteps(contract.status);
  return APPROVAL_STAGES.map((stage, i) => ({
    companyId: contract.companyId,
    contractId: contract.id,
    stage,
    position: i + 1,
    status: steps[stage],
  }));
}

function isStepStatus(value: string): value is ApprovalStepStatus {
  return ["waiting", "pending", "approved", "rejected"].includes(value);
}

/** The stage → status map of loaded rows; a missing or unreadable row counts as waiting. */
export function stepStatuses(rows: Pick<ApprovalStepRow, "stage" | "status">[]): StepStatuses {
  const out: StepStatuses = { legal: "waiting", finance: "waiting", final: "waiting" };
  for (const row of rows) {
    const stage = APPROVAL_STAGES.find((s) => s === row.stage);
    if (stage && isStepStatus(row.status)) out[stage] = row.status;
  }
  return out;
}

/** The contract's step rows, creating the implied ones first if it has none. Call inside the transaction. */
export async function ensureApprovalSteps(tx: Db, contract: Pick<ContractRow, "id" | "companyId" | "status">): Promise<Map<ApprovalStage, ApprovalStepRow>> {
  let rows = await tx.select().from(contractApprovalSteps).where(eq(contractApprovalSteps.contractId, contract.id));
  if (rows.length < APPROVAL_STAGES.length) {
    await tx.insert(contractApprovalSteps).values(approvalStepRows(contract)).onConflictDoNothing();
    rows = await tx.select().from(contractApprovalSteps).where(eq(contractApprovalSteps.contractId, contract.id));
  }
  const byStage = new Map<ApprovalStage, ApprovalStepRow>();
  for (const row of rows) {
    const stage = APPROVAL_STAGES.find((s) => s === row.stage);
    if (stage) byStage.set(stage, row);
  }
  return byStage;
}

/** The pipeline as shown: stored rows with the deciders' names, or the implied pipeline when there are none. */
export async function listApprovalSteps(db: Db, contract: Pick<ContractRow, "id" | "companyId" | "status">): Promise<ApprovalStepView[]> {
  const rows = await db
    .select({ step: contractApprovalSteps, decider: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(contractApprovalSteps)
    .leftJoin(users, eq(users.id, contractApprovalSteps.decidedBy))
    .where(and(eq(contractApprovalSteps.contractId, contract.id), eq(contractApprovalSteps.companyId, contract.companyId)))
    .orderBy(asc(contractApprovalSteps.position));
  const byStage = new Map(rows.map((r) => [r.step.stage, r]));
  const implied = impliedSteps(contract.status);
  return APPROVAL_STAGES.map((stage) => {
    const found = byStage.get(stage);
    if (!found) return { stage, status: implied[stage], decidedAt: null, comment: null, decider: null };
    return { stage, status: found.step.status, decidedAt: found.step.decidedAt, comment: found.step.comment, decider: found.decider?.email ? found.decider : null };
  });
}
