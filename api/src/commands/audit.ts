import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";

export interface AuditInput {
  companyId: string | null;
  userId: string | null;
  /** "<entity>.<verb>", e.g. "change.approve". */
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
  now: Date;
}

/** Records who did what, in the command's own transaction, so the audit trail and the data never disagree. */
export async function recordAudit(tx: Db, input: AuditInput): Promise<void> {
  await tx.insert(auditEvents).values({
    companyId: input.companyId,
    userId: input.userId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId ?? null,
    data: input.data ?? null,
    createdAt: input.now,
  });
}
