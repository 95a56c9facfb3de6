import { ACCESS_LEVELS, CONTRACT_ABILITIES, type AccessLevel, type ContractAbilities, type ContractAbility, type Role } from "@clausewise/shared";
import type { contractAccess, contracts } from "../db/schema";
import { activeRole, type Actor } from "./actor";

export type ContractForPolicy = Pick<typeof contracts.$inferSelect, "id" | "companyId">;
export type GrantForPolicy = Pick<typeof contractAccess.$inferSelect, "userId" | "contractId" | "accessLevel">;

/*
 * Per-contract access (docs/DECISIONS.md, "Contract access grants"):
 * - Without a grant, a member works on every contract of their company at their role's level:
 *   admin → admin, approver → approve, reviewer → review.
 * - An explicit grant replaces that level for that one contract, narrowing or widening it: a `read`
 *   grant makes an approver read-only there; an `approve` grant lets a reviewer edit and decide
 *   changes there.
 * - Company admins are never narrowed: they manage grants and could lift any restriction anyway.
 * - Abilities say who may act, not whether the contract's state allows it now (approving a contract
 *   that is not pending approval is the command's 409, not a 403).
 */
export const ROLE_DEFAULT_ACCESS: Record<Role, AccessLevel> = { admin: "admin", approver: "approve", reviewer: "review" };

const RANK: Record<AccessLevel, number> = { read: 0, review: 1, approve: 2, admin: 3 };

const READ: readonly ContractAbility[] = ["read"];
const REVIEW: readonly ContractAbility[] = [...READ, "comment", "suggest", "analyze", "submitForApproval", "manageExhibits", "reviewExhibits"];
const APPROVE: readonly ContractAbility[] = [...REVIEW, "edit", "decideChanges", "approve", "grantAccess"];
const ADMIN: readonly ContractAbility[] = [...APPROVE, "delete"];

export const LEVEL_ABILITIES: Record<AccessLevel, readonly ContractAbility[]> = { read: READ, review: REVIEW, approve: APPROVE, admin: ADMIN };

export function isAccessLevel(value: string): value is AccessLevel {
  return (ACCESS_LEVELS as readonly string[]).includes(value);
}

export function accessLevelAtLeast(level: AccessLevel, minimum: AccessLevel): boolean {
  return RANK[level] >= RANK[minimum];
}

/** The level the actor works at on this contract, or null when they may not even read it. */
export function effectiveAccessLevel(actor: Actor, contract: ContractForPolicy, grant: GrantForPolicy | null): AccessLevel | null {
  const role = activeRole(actor);
  if (!role || actor.companyId !== contract.companyId) return null;
  if (role === "admin") return "admin";
  // A grant for someone else or another contract is a caller's mistake; it must not lend its level.
  if (!grant || grant.userId !== actor.id || grant.contractId !== contract.id) return ROLE_DEFAULT_ACCESS[role];
  // An unreadable level narrows to the safest one rather than falling back to the role.
  return isAccessLevel(grant.accessLevel) ? grant.accessLevel : "read";
}

const NONE = Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, false])) as ContractAbilities;

export function abilitiesForLevel(level: AccessLevel | null): ContractAbilities {
  if (!level) return { ...NONE };
  const allowed = new Set(LEVEL_ABILITIES[level]);
  return Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, allowed.has(a)])) as ContractAbilities;
}

/** Everything the actor may do on one contract; serialised as `abilities` in GET /api/contracts/{id}. */
export function contractAbilities(actor: Actor, contract: ContractForPolicy, grant: GrantForPolicy | null): ContractAbilities {
  const abilities = abilitiesForLevel(effectiveAccessLevel(actor, contract, grant));
  // Granting access is for admins and approvers (billing-team-admin §6), whatever a grant lends a reviewer.
  if (activeRole(actor) === "reviewer") abilities.grantAccess = false;
  return abilities;
}

/** Uploading creates a contract, so it is a company-level rule (spec: 'Admin Only'). */
export function canUploadContract(actor: Actor): boolean {
  return activeRole(actor) === "admin";
}
