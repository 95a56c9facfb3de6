import { AUDIT_EXPORT_MAX_ROWS, AUDIT_MESSAGES, CSV_BOM, csvRow, type AuditFilterQuery } from "@clausewise/shared";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { presentAuditEvent, type AuditViewer } from "../presenters/audit";
import { countAuditEvents, encodeCursor, listAuditEvents, memberNames } from "./query";

const BATCH = 1000;
const HEADER = ["Time (UTC)", "Person", "Email", "Action", "Contract", "Contract ID", "Details", "Action code", "Event ID"];

/**
 * Every event matching the filters as CSV (shared/src/csv.ts: quoted where needed, formulas
 * defused), newest first, in the words of the page. Refused above AUDIT_EXPORT_MAX_ROWS rather than
 * cut short without saying so.
 */
export async function auditCsv(db: Db, input: { companyId: string; filters: AuditFilterQuery; viewer: AuditViewer }): Promise<string> {
  if ((await countAuditEvents(db, input.companyId, input.filters)) > AUDIT_EXPORT_MAX_ROWS) {
    throw new AppError("payload_too_large", AUDIT_MESSAGES.exportTooLarge);
  }
  const lines = [`${CSV_BOM}${csvRow(HEADER)}\r\n`];
  let cursor: string | undefined;
  for (;;) {
    const { rows, more } = await listAuditEvents(db, { companyId: input.companyId, filters: input.filters, cursor, limit: BATCH });
    const names = await memberNames(db, input.companyId, rows);
    for (const row of rows) {
      const event = presentAuditEvent(row, names, input.viewer);
      const contract = event.contract ? (event.contract.title ?? "(deleted contract)") : "";
      lines.push(`${csvRow([event.createdAt, event.actor.name, event.actor.email, event.actionLabel, contract, event.contract?.id, event.details, event.action, event.id])}\r\n`);
    }
    if (!more) return lines.join("");
    cursor = encodeCursor(rows.at(-1)!);
  }
}
