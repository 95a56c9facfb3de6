import type { AccessLevel } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { toast } from "../../stores/toast";

/** Spec §8: team failures use the server's message under their own title (a 401 has its own toast). */
export function toastTeamFailure(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorText(error, "Something went wrong. Please try again."), variant: "destructive" });
}

/** Contract access levels (spec §4), read by default. */
export const ACCESS_LEVEL_OPTIONS = [
  { value: "read", label: "Read" },
  { value: "review", label: "Review" },
  { value: "approve", label: "Approve" },
  { value: "admin", label: "Admin" },
] as const satisfies readonly { value: AccessLevel; label: string }[];
