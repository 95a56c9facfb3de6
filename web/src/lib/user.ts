import { NOTIFICATION_BADGE_MAX } from "@clausewise/shared";

interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** Spec §2 "Sidebar": first and last name, else the e-mail address, else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const fullName = [user?.firstName, user?.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return fullName || user?.email?.trim() || "User";
}

/** The role with a capital first letter; 'Member' when there is none. */
export function roleLabel(role: string | null | undefined): string {
  const trimmed = role?.trim();
  if (!trimmed) return "Member";
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** The letter shown in the avatar when there is no picture. */
export function avatarInitial(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}

/** Spec §9: the bell badge reads '99+' above 99; nothing at zero. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(count));
}
