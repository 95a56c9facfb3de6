import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";

export interface AuditInput {
  companyId: string | null;
  userId: string | null;
  /** "<entity>.<verb>", e.g. "change.approve"; the list and its labels: shared/src/schemas/audit.ts. */
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
  now: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contract an event concerns: the entity itself, or the contract its data names. */
export function auditContractId(input: Pick<AuditInput, "entityType" | "entityId" | "data">): string | null {
  const candidate = input.entityType === "contract" ? input.entityId : input.data?.contractId;
  return typeof candidate === "string" && UUID.test(candidate) ? candidate : null;
}

/** Records who did what, in the command's own transaction, so the audit trail and the data never disagree. */
export async function recordAudit(tx: Db, input: AuditInput): Promise<void> {
  await tx.insert(auditEvents).values({
    companyId: input.companyId,
    userId: input.userId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId ?? null,
    contractId: auditContractId(input),
    data: input.data ?? null,
    createdAt: input.now,
  });
}
