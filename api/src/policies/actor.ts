import { ROLES, type Role } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";

/** The fields of a user that policies read; a full `users` row satisfies it. */
export type Actor = Pick<UserRow, "id" | "companyId" | "role" | "isActive">;

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The role the actor acts with, or null when they may do nothing: a deactivated user, or a role this
 * code does not know (deny by default rather than guess).
 */
export function activeRole(actor: Actor): Role | null {
  if (!actor.isActive) return null;
  return isRole(actor.role) ? actor.role : null;
}

export function hasRole(actor: Actor, ...roles: Role[]): boolean {
  const role = activeRole(actor);
  return role !== null && roles.includes(role);
}

/** Same company and both active: the precondition of every rule about one member acting on another. */
export function sameCompany(actor: Actor, target: Pick<UserRow, "companyId">): boolean {
  return activeRole(actor) !== null && actor.companyId === target.companyId;
}
