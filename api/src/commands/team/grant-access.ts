import { eq } from "drizzle-orm";
import type { AccessLevel } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { contractAccess } from "../../db/schema";
import type { ContractAccessRow, ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { publishAccessChanged } from "./events";

/**
 * Grants a member a level on a contract; a member holds one grant per contract, so granting again
 * replaces the level. A narrower level takes effect on their open connections at once.
 */
export async function grantContractAccess(
  deps: AppDeps,
  input: { actor: UserRow; contract: ContractRow; member: UserRow; accessLevel: AccessLevel },
): Promise<ContractAccessRow> {
  const { actor, contract, member, accessLevel } = input;
  const now = deps.now();
  const grant = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contractAccess)
      .values({ companyId: contract.companyId, contractId: contract.id, userId: member.id, accessLevel, grantedBy: actor.id, createdAt: now })
      .onConflictDoUpdate({ target: [contractAccess.contractId, contractAccess.userId], set: { accessLevel, grantedBy: actor.id, createdAt: now } })
      .returning();
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "contract_access.grant",
      entityType: "contract_access",
      entityId: row!.id,
      now,
      data: { contractId: contract.id, userId: member.id, accessLevel },
    });
    return row!;
  });
  await publishAccessChanged(deps, { companyId: contract.companyId, userId: member.id, contractId: contract.id });
  return grant;
}

/** Removes a grant; the member falls back to their role's default access on that contract. */
export async function revokeContractAccess(deps: AppDeps, input: { actor: UserRow; grant: ContractAccessRow }): Promise<void> {
  const { actor, grant } = input;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(contractAccess).where(eq(contractAccess.id, grant.id));
    await recordAudit(tx, {
      companyId: grant.companyId,
      userId: actor.id,
      action: "contract_access.revoke",
      entityType: "contract_access",
      entityId: grant.id,
      now,
      data: { contractId: grant.contractId, userId: grant.userId, accessLevel: grant.accessLevel },
    });
  });
  await publishAccessChanged(deps, { companyId: grant.companyId, userId: grant.userId, contractId: grant.contractId });
}
