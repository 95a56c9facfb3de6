import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { personName } from "../../presenters/reviewer";
import { contractMembersWith } from "../notifications/recipients";

/** The Team Collaboration panel's people: active members who may comment on this contract, by name. */
export async function listContractReviewers(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  const ids = await contractMembersWith(db, contract, "comment");
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, contract.companyId), inArray(users.id, ids)));
  return rows.sort((a, b) => personName(a).localeCompare(personName(b)) || a.email.localeCompare(b.email));
}
