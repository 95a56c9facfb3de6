import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contractAccess, contracts, invitations, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { TEAM_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";

export type InvitationRow = typeof invitations.$inferSelect;

/** A member of the company, or 404 exactly as if there were none (a foreign member included). */
export async function getMemberInCompany(db: Db, where: { id: string; companyId: string }): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, where.id), eq(users.companyId, where.companyId)))
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.memberNotFound);
  return row;
}

export function listMembers(db: Db, companyId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.createdAt), asc(users.email));
}

/** Spec §4: an invitation is pending until it is accepted, withdrawn or past its expiry. */
export const pendingInvitation = (companyId: string, now: Date) =>
  and(eq(invitations.companyId, companyId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

export function listPendingInvitations(db: Db, companyId: string, now: Date): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(pendingInvitation(companyId, now)).orderBy(desc(invitations.createdAt));
}

export function listGrants(db: Db, companyId: string) {
  return db
    .select({
      grant: contractAccess,
      contractTitle: contracts.title,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(contractAccess)
    .innerJoin(contracts, and(eq(contracts.id, contractAccess.contractId), eq(contracts.companyId, contractAccess.companyId)))
    .innerJoin(users, and(eq(users.id, contractAccess.userId), eq(users.companyId, contractAccess.companyId)))
    .where(eq(contractAccess.companyId, companyId))
    .orderBy(desc(contractAccess.createdAt));
}
export type GrantListRow = Awaited<ReturnType<typeof listGrants>>[number];

export async function getGrantInCompany(db: Db, where: { id: string; companyId: string }) {
  const [row] = await db
    .select()
    .from(contractAccess)
    .where(and(eq(contractAccess.id, where.id), eq(contractAccess.companyId, where.companyId)))
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.grantNotFound);
  return row;
}

/** The viewer's own grants, to tell which grants of the list they may revoke. */
export function listOwnGrants(db: Db, viewer: Pick<UserRow, "id" | "companyId">) {
  return db
    .select()
    .from(contractAccess)
    .where(and(eq(contractAccess.userId, viewer.id), eq(contractAccess.companyId, viewer.companyId)));
}
