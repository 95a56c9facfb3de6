import type { AccessLevel, Role } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";
import { activeRole, hasRole, sameCompany, type Actor } from "./actor";
import { accessLevelAtLeast, contractAbilities, effectiveAccessLevel, isAccessLevel, type ContractForPolicy, type GrantForPolicy } from "./contract";

type Member = Pick<UserRow, "id" | "companyId" | "role" | "isActive">;

/** Team Management (invite, change roles, deactivate) is admin-only (billing-team-admin §6). */
export function canManageTeam(actor: Actor): boolean {
  return hasRole(actor, "admin");
}

/** Admin and approver may grant and revoke contract access (billing-team-admin §6). */
export function canGrantAccessAnywhere(actor: Actor): boolean {
  return hasRole(actor, "admin", "approver");
}

export function canInviteMember(actor: Actor, _role: Role): boolean {
  return canManageTeam(actor);
}

/**
 * Not on oneself: an admin demoting themselves could leave the company without an admin. Not on a
 * deactivated member either: their role waits, unchanged, until they are reactivated.
 */
export function canChangeRole(actor: Actor, target: Member): boolean {
  return canManageTeam(actor) && sameCompany(actor, target) && actor.id !== target.id && target.isActive;
}

/** Deactivation is shown only for active members. */
export function canDeactivateMember(actor: Actor, target: Member): boolean {
  return canManageTeam(actor) && sameCompany(actor, target) && actor.id !== target.id && target.isActive;
}

/** Reactivation, for deactivated members only; whether a seat is free is the command's answer. */
export function canReactivateMember(actor: Actor, target: Member): boolean {
  return canManageTeam(actor) && sameCompany(actor, target) && actor.id !== target.id && !target.isActive;
}

/**
 * Whether a contract grant means anything for this member: company admins are never narrowed or
 * widened (they manage grants and could lift any restriction), so a grant to one is refused.
 */
export function canReceiveContractGrant(target: Member): boolean {
  const role = activeRole(target);
  return role !== null && role !== "admin";
}

/**
 * Granting `level` on a contract to `target`. The granter needs grantAccess on that contract and may
 * not hand out more than they hold there (an approver cannot mint contract admins, nor can anyone
 * widen their own access). Only active members of the same company can receive a grant.
 */
export function canGrantContractAccess(
  actor: Actor,
  contract: ContractForPolicy,
  actorGrant: GrantForPolicy | null,
  target: Member,
  level: AccessLevel,
): boolean {
  if (!contractAbilities(actor, contract, actorGrant).grantAccess) return false;
  if (!canReceiveContractGrant(target) || target.companyId !== contract.companyId) return false;
  const own = effectiveAccessLevel(actor, contract, actorGrant);
  if (!own || !accessLevelAtLeast(own, level)) return false;
  return target.id !== actor.id;
}

/** Revoking a grant: the same rule as granting its level (nobody removes a grant above their own). */
export function canRevokeContractAccess(
  actor: Actor,
  contract: ContractForPolicy,
  actorGrant: GrantForPolicy | null,
  grant: Pick<GrantForPolicy, "accessLevel">,
): boolean {
  if (!contractAbilities(actor, contract, actorGrant).grantAccess) return false;
  const own = effectiveAccessLevel(actor, contract, actorGrant);
  if (!own) return false;
  // A level this code does not know is left to company admins to clean up.
  return isAccessLevel(grant.accessLevel) ? accessLevelAtLeast(own, grant.accessLevel) : own === "admin";
}
