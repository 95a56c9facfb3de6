import { and, asc, desc, eq } from "drizzle-orm";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { billingEvents, companies, users } from "../../db/schema";
import { notFound } from "../../http/errors";

export type BillingEventRow = typeof billingEvents.$inferSelect;
export type AdminScope = "platform" | "company";

/** The most billing events the detail view shows (newest first). */
const EVENT_LIMIT = 200;

/** Platform operators see every company; a company admin only their own (DESIGN.md §3). */
export async function listCompaniesInScope(db: Db, scope: AdminScope, actorCompanyId: string): Promise<CompanyRow[]> {
  const query = db.select().from(companies);
  return scope === "platform" ? query.orderBy(asc(companies.name)) : query.where(eq(companies.id, actorCompanyId));
}

/** Fetch-or-throw: a company outside the caller's scope answers exactly like a missing one (404). */
export const companyNotFound = () => notFound("Company not found.");

export async function getCompanyInScope(db: Db, input: { id: string; scope: AdminScope; actorCompanyId: string }): Promise<CompanyRow> {
  if (input.scope === "company" && input.id !== input.actorCompanyId) throw companyNotFound();
  const [row] = await db.select().from(companies).where(eq(companies.id, input.id)).limit(1);
  if (!row) throw companyNotFound();
  return row;
}

/** The company's first active admin: the person billing mail goes to. */
export async function companyAdmin(db: Db, companyId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row ?? null;
}

export async function companyBillingEvents(db: Db, companyId: string): Promise<BillingEventRow[]> {
  return db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId)).orderBy(desc(billingEvents.createdAt)).limit(EVENT_LIMIT);
}
