import type { ContractReviewer } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";
import { presentRole } from "./user";

type Named = Pick<UserRow, "firstName" | "lastName" | "email">;

/** The name shown for a person: "First Last", else the e-mail address. */
export function personName(user: Named): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.email;
}

/** The author of a markup or change; their account may since have been deleted. */
export function authorName(user: Named | null): string {
  return user ? personName(user) : "Former team member";
}

export function presentReviewer(user: Pick<UserRow, "id" | "firstName" | "lastName" | "email" | "role">): ContractReviewer {
  return { id: user.id, name: personName(user), email: user.email, role: presentRole(user.role) };
}
