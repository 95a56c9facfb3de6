import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { AUDIT_MESSAGES, auditRange, type AuditFilterQuery } from "@clausewise/shared";
import type { Db } from "../db/client";
import { auditEvents, contracts, users } from "../db/schema";
import { AppError } from "../http/errors";
import { mentionedMemberId, type MemberNames } from "./describe";

/** One row of the log with what it is shown with: the actor and the contract, when they still exist. */
export interface AuditRow {
  id: string;
  companyId: string | null;
  createdAt: Date;
  /** created_at in microseconds since 1970, as text: the exact key of the next page. */
  position: string;
  action: string;
  userId: string | null;
  entityType: string;
  entityId: string | null;
  contractId: string | null;
  data: Record<string, unknown> | null;
  actor: { id: string; companyId: string; firstName: string | null; lastName: string | null; email: string } | null;
  contractTitle: string | null;
}

/** Microseconds since 1970 (the precision of timestamptz), at most 17 digits: no cast can fail on it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECONDS = /^\d{1,17}$/;
const badCursor = () => new AppError("validation_failed", AUDIT_MESSAGES.badCursor);

/** Newest first by (created_at, id); a cursor is the last row's key, opaque to clients. */
export function encodeCursor(row: Pick<AuditRow, "position" | "id">): string {
  return Buffer.from(JSON.stringify([row.position, row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { position: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [position, id] = value as unknown[];
      if (typeof position === "string" && typeof id === "string" && UUID.test(id) && MICROSECONDS.test(position)) {
        return { position, id };
      }
    }
  } catch {
    // Falls through to the same answer as any other unreadable cursor.
  }
  throw badCursor();
}

function conditions(companyId: string, filters: AuditFilterQuery): SQL[] {
  const { from, to } = auditRange(filters);
  return [
    eq(auditEvents.companyId, companyId),
    ...(filters.userId ? [eq(auditEvents.userId, filters.userId)] : []),
    ...(filters.action ? [eq(auditEvents.action, filters.action)] : []),
    ...(filters.contractId ? [eq(auditEvents.contractId, filters.contractId)] : []),
    ...(from ? [gte(auditEvents.createdAt, from)] : []),
    ...(to ? [lt(auditEvents.createdAt, to)] : []),
  ];
}

/** One page of a company's log, newest first, and whether more follow. Scoped by companyId in SQL. */
export async function listAuditEvents(
  db: Db,
  input: { companyId: string; filters: AuditFilterQuery; cursor?: string | undefined; limit: number },
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const where = conditions(input.companyId, input.filters);
  if (input.cursor) {
    const after = decodeCursor(input.cursor);
    where.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (timestamptz 'epoch' + ${after.position}::bigint * interval '1 microsecond', ${after.id}::uuid)`);
  }
  const rows = await db
    .select({
      id: auditEvents.id,
      companyId: auditEvents.companyId,
      createdAt: auditEvents.createdAt,
      position: sql<string>`(extract(epoch from ${auditEvents.createdAt}) * 1000000)::bigint::text`,
      action: auditEvents.action,
      userId: auditEvents.userId,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      contractId: auditEvents.contractId,
      data: auditEvents.data,
      actor: { id: users.id, companyId: users.companyId, firstName: users.firstName, lastName: users.lastName, email: users.email },
      contractTitle: contracts.title,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .leftJoin(contracts, and(eq(contracts.id, auditEvents.contractId), eq(contracts.companyId, input.companyId)))
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(input.limit + 1);
  return { rows: rows.slice(0, input.limit), more: rows.length > input.limit };
}

export async function countAuditEvents(db: Db, companyId: string, filters: AuditFilterQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(and(...conditions(companyId, filters)));
  return row?.n ?? 0;
}

/** Names of the company's members the rows mention (a role change's target, a grant's holder). */
export async function memberNames(db: Db, companyId: string, rows: AuditRow[]): Promise<MemberNames> {
  const ids = [...new Set(rows.map(mentionedMemberId).filter((id): id is string => id !== null && UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(found.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email]));
}
