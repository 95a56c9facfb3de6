// Shared with the contract page's Manage Access dialog.
export { ACCESS_LEVEL_OPTIONS, toastTeamFailure } from "../../components/contract/access-feedback";

export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-CA", { year: "numeric", month: "short", day: "numeric" });
}

export const ROLE_OPTIONS = [
  { value: "reviewer", label: "Reviewer" },
  { value: "approver", label: "Approver" },
  { value: "admin", label: "Admin" },
] as const;
