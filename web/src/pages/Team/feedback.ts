import { errorText, isUnauthorizedError } from "../../api/client";
import { toast } from "../../stores/toast";

/** Spec §8: team failures use the server's message under their own title (a 401 has its own toast). */
export function toastTeamFailure(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorText(error, "Something went wrong. Please try again."), variant: "destructive" });
}

export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-CA", { year: "numeric", month: "short", day: "numeric" });
}

export const ROLE_OPTIONS = [
  { value: "reviewer", label: "Reviewer" },
  { value: "approver", label: "Approver" },
  { value: "admin", label: "Admin" },
] as const;

export const ACCESS_LEVEL_OPTIONS = [
  { value: "read", label: "Read" },
  { value: "review", label: "Review" },
  { value: "approve", label: "Approve" },
  { value: "admin", label: "Admin" },
] as const;
