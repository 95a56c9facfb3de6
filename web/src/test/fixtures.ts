import type { CurrentUser, Role, SupportTicket } from "@clausewise/shared";
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

/** A support ticket as its requester and the support desk see it. */
export const SUPPORT_TICKET: SupportTicket = {
  id: "0b6f3c2e-8f1a-4c3d-9e2b-1a2b3c4d5e6f",
  subject: "Report download fails",
  description: "The AI analysis report download fails on the Gas Plant contract.",
  category: "technical",
  priority: "high",
  status: "in_progress",
  createdAt: "2026-03-01T15:00:00.000Z",
  resolvedAt: null,
};
