import { ROLES, type CurrentUser, type Role } from "@clausewise/shared";
import { isPlatformAdmin } from "../auth/platform-admin";
import type { CompanyRow, UserRow } from "../auth/sessions";
import type { Config } from "../env";
import { userAbilities } from "../policies";

export function presentRole(role: string): Role {
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : "reviewer";
}

/** `GET /api/auth/user`: whitelisted fields only (never the password hash or second-factor secrets). */
export function presentCurrentUser(user: UserRow, company: Pick<CompanyRow, "name">, config: Config): CurrentUser {
  const platformAdmin = isPlatformAdmin(user, config);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: presentRole(user.role),
    companyId: user.companyId,
    companyName: company.name,
    emailVerified: user.emailVerifiedAt !== null,
    isPlatformAdmin: platformAdmin,
    abilities: userAbilities(user, { isPlatformAdmin: platformAdmin }),
  };
}

/** The small user shape of the verification result (spec: success, user, error). */
export function presentVerifiedUser(user: Pick<UserRow, "id" | "email" | "firstName">) {
  return { id: user.id, email: user.email, firstName: user.firstName };
}
