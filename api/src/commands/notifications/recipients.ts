import type { ContractAbility } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contractAccess, users } from "../../db/schema";
import { contractAbilities, type ContractForPolicy } from "../../policies/contract";

/**
 * Active members of the contract's company who hold `ability` on it (role defaults and per-contract
 * grants applied), minus the people in `except` (usually the actor). Notifications go only to
 * people who may act on them, and never to someone who cannot read the contract.
 */
export async function contractMembersWith(db: Db, contract: ContractForPolicy, ability: ContractAbility, except: (string | null | undefined)[] = []): Promise<string[]> {
  const members = await db.select().from(users).where(and(eq(users.companyId, contract.companyId), eq(users.isActive, true)));
  const grants = await db
    .select()
    .from(contractAccess)
    .where(and(eq(contractAccess.contractId, contract.id), eq(contractAccess.companyId, contract.companyId)));
  const skip = new Set(except.filter((id): id is string => Boolean(id)));
  return members
    .filter((user) => !skip.has(user.id))
    .filter((user) => contractAbilities(user, contract, grants.find((g) => g.userId === user.id) ?? null)[ability])
    .map((user) => user.id);
}

/** Of the given people, those who are still active members able to read the contract. */
export async function readersAmong(db: Db, contract: ContractForPolicy, candidates: (string | null | undefined)[], except: (string | null | undefined)[] = []): Promise<string[]> {
  const wanted = new Set(candidates.filter((id): id is string => Boolean(id)));
  if (wanted.size === 0) return [];
  const readers = await contractMembersWith(db, contract, "read", except);
  return readers.filter((id) => wanted.has(id));
}
