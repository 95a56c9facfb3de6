import { auditActionLabel, memberDisplayName, type AuditEvent } from "@clausewise/shared";
import { describeAuditEvent, type MemberNames } from "../audit/describe";
import type { AuditRow } from "../audit/query";

/** Who reads the log: a company admin, or a platform operator looking at a company from Billing Administration. */
export interface AuditViewer {
  platform: boolean;
}

/**
 * The actor as the viewer may see them. A platform operator acting on a company (suspension, a
 * recorded payment) is "ClauseWise operator" to the company, by name only to other operators. No
 * actor: a scheduled job, or an account deleted since (the foreign key forgets who it was).
 */
function presentActor(row: AuditRow, viewer: AuditViewer): AuditEvent["actor"] {
  if (row.actor) {
    if (row.actor.companyId !== row.companyId && !viewer.platform) return { id: null, name: "ClauseWise operator", email: null };
    return { id: row.actor.id, name: memberDisplayName(row.actor), email: row.actor.email };
  }
  const scheduled = row.data?.automatic === true || row.action === "contract.erase_retention";
  return { id: null, name: scheduled ? "System (scheduled)" : "Deleted account", email: null };
}

export function presentAuditEvent(row: AuditRow, names: MemberNames, viewer: AuditViewer): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actor: presentActor(row, viewer),
    contract: row.contractId ? { id: row.contractId, title: row.contractTitle } : null,
    details: describeAuditEvent(row, names),
  };
}
