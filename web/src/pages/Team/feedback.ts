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

/** What a role may do, in the words of the role-change confirmation (DESIGN.md §3). */
export const ROLE_SUMMARIES: Record<(typeof ROLE_OPTIONS)[number]["value"], string> = {
  reviewer: "comment, mark up and propose changes, and submit contracts for approval",
  approver: "edit documents, decide proposed changes, approve contracts and grant contract access",
  admin: "do everything in the company, including team, billing and settings",
};
