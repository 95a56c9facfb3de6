import type { Config } from "../env";
import type { UserRow } from "./sessions";

/**
 * Platform operators are named by PLATFORM_ADMIN_EMAILS. The address must be verified: otherwise
 * anyone could sign up with a listed address that has no account yet and become an operator.
 */
export function isPlatformAdmin(user: Pick<UserRow, "email" | "emailVerifiedAt">, config: Pick<Config, "platformAdminEmails">): boolean {
  return user.emailVerifiedAt !== null && config.platformAdminEmails.includes(user.email.toLowerCase());
}
