import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { contractApprovalSteps, contracts } from "../db/schema";
import type { TimeWindow } from "./window";

/*
 * Pieces of SQL the analytics queries share. Every query using them is scoped by companyId
 * (DESIGN.md §3); these only say what a finished contract or an open stage is.
 */

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
export const within = (column: AnyPgColumn | SQL, window: TimeWindow) => sql`(${column} >= ${at(window.from)} and ${column} < ${at(window.to)})`;
export const hoursBetween = (from: AnyPgColumn | SQL, to: AnyPgColumn | SQL) => sql`(extract(epoch from (${to} - ${from})) / 3600)`;

export const OPEN = sql`${contracts.status} in ('under_review', 'pending_approval')`;
export const FINISHED = sql`${contracts.status} in ('approved', 'rejected')`;

/**
 * When a contract's review finished: approval stamps completedAt; a rejection is the time the rejecting
 * step was decided (reopening clears both).
 */
export const FINISHED_AT = sql`coalesce(${contracts.completedAt}, (select max(s.decided_at) from ${contractApprovalSteps} s where s.contract_id = ${contracts.id} and s.status = 'rejected'))`;

/**
 * When an approval step opened: the previous step's decision, or, for the first step, the contract's
 * submission for approval. Needs `contracts` joined on the step's contract.
 */
export const STEP_OPENED_AT = sql`coalesce(
  (select p.decided_at from ${contractApprovalSteps} p where p.contract_id = ${contractApprovalSteps.contractId} and p.position = ${contractApprovalSteps.position} - 1),
  ${contracts.submittedAt})`;

/** The join from approval steps to their contract, kept to this company (for STEP_OPENED_AT). */
export const stepContractOf = (companyId: string) => and(eq(contracts.id, contractApprovalSteps.contractId), eq(contracts.companyId, companyId));

/** Approval steps of this company decided (approved or rejected) within the window. */
export const decidedStepsWithin = (companyId: string, window: TimeWindow) =>
  and(
    eq(contractApprovalSteps.companyId, companyId),
    inArray(contractApprovalSteps.status, ["approved", "rejected"]),
    isNotNull(contractApprovalSteps.decidedAt),
    within(contractApprovalSteps.decidedAt, window),
  );
