import { z } from "zod";

/** Texts of deleting a contract and of the company's retention setting (ours: the specs have neither). */
export const CONTRACT_MESSAGES = {
  deleteForbidden: "Only administrators can delete contracts.",
  deleteTitle: "Delete this contract?",
  deleteDescription:
    "This permanently erases the contract: its text, versions and editing history, analyses, questions, markups, proposed changes, exhibits and their files, and the original file if it was stored. Notifications about it are removed. This cannot be undone.",
  deleted: "Contract Deleted",
  deleteFailed: "Delete Failed",
  retentionUpdated: "Retention Updated",
  retentionAdminOnly: "Only administrators can change how long contracts are kept.",
} as const;

export const RETENTION_MAX_DAYS = 3650;

/**
 * GET/PUT /api/settings/retention: erase contracts this many days after their approval; null keeps
 * them until someone deletes them (the default).
 */
export const retentionSettings = z.object({
  retentionDays: z
    .number({ message: "Enter a number of days, or turn automatic erasure off." })
    .int("Enter a whole number of days.")
    .min(1, "Keep approved contracts for at least 1 day.")
    .max(RETENTION_MAX_DAYS, `At most ${RETENTION_MAX_DAYS} days (about ten years).`)
    .nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;
