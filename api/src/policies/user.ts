import type { UserRow } from "../auth/sessions";
import { activeRole, type Actor } from "./actor";

type Target = Pick<UserRow, "id" | "companyId">;

/** Profile, personal notification settings, sessions, 2FA, API keys: each member manages their own. */
export function canManageOwnAccount(actor: Actor, target: Target): boolean {
  return activeRole(actor) !== null && actor.id === target.id && actor.companyId === target.companyId;
}

/** Team members and reviewers lists show names and e-mails of the same company only. */
export function canSeeMember(actor: Actor, target: Target): boolean {
  return activeRole(actor) !== null && actor.companyId === target.companyId;
}
