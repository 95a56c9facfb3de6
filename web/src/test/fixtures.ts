import type { CurrentUser, Role } from "@clausewise/shared";
import { USER_ABILITIES, type UserAbility } from "@clausewise/shared";

/** A current user as GET /api/auth/user answers it, with only the given abilities granted. */
export function makeUser(overrides: Partial<CurrentUser> = {}, granted: UserAbility[] = []): CurrentUser {
  const abilities = Object.fromEntries(USER_ABILITIES.map((a) => [a, granted.includes(a)]));
  return {
    id: "user-1",
    email: "pat@example.com",
    firstName: "Pat",
    lastName: "Morgan",
    profileImageUrl: null,
    role: "reviewer" satisfies Role,
    companyId: "company-1",
    companyName: "Northern EPC Ltd.",
    emailVerified: true,
    isPlatformAdmin: false,
    abilities,
    ...overrides,
  };
}
