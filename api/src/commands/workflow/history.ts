import { and, desc, eq, inArray } from "drizzle-orm";
import type { StatusHistoryAction } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { auditEvents, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { REOPEN_FOR_CHANGES_AUDIT_ACTION } from "./reopen-for-changes";
import { SUBMIT_AUDIT_ACTION } from "./run";

/** The audit actions of the workflow (run.ts callers) and how the status history names them. */
export const WORKFLOW_AUDIT_ACTIONS: Record<string, StatusHistoryAction> = {
  [SUBMIT_AUDIT_ACTION]: "submit",
  "approval_step.decide": "decide",
  "contract.approve": "approve",
  "contract.reject": "reject",
  "contract.reopen": "reopen",
  [REOPEN_FOR_CHANGES_AUDIT_ACTION]: "reopen_for_changes",
};

/** How many status changes the history shows (newest first); a contract's workflow rarely has more. */
export const STATUS_HISTORY_LIMIT = 200;

/**
 * The contract's status history, newest first, read from the audit trail that every workflow action
 * writes in its own transaction (so it never disagrees with the status): who, when, what, why.
 */
export async function listStatusHistory(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select({ event: auditEvents, actor: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(and(eq(auditEvents.companyId, contract.companyId), eq(auditEvents.entityId, contract.id), inArray(auditEvents.action, Object.keys(WORKFLOW_AUDIT_ACTIONS))))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(STATUS_HISTORY_LIMIT);
}

export type StatusHistoryRow = Awaited<ReturnType<typeof listStatusHistory>>[number];
