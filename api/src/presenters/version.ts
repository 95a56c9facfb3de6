import type { DocumentVersion } from "@clausewise/shared";
import type { documentVersions } from "../db/schema";

export type VersionRow = typeof documentVersions.$inferSelect;

/** The spec's version fields; never the Yjs snapshot bytes. */
export function presentVersion(row: VersionRow): DocumentVersion {
  return {
    id: row.id,
    versionNumber: row.versionNumber,
    isActive: row.isActive === "true" ? "true" : "false",
    createdAt: row.createdAt.toISOString(),
    content: row.content,
    createdBy: row.createdBy,
  };
}
