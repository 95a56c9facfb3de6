import { EXHIBIT_STATUSES, type Exhibit, type ExhibitStatus } from "@clausewise/shared";
import type { ExhibitRow } from "../commands/exhibits/load";

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Spec §4: overdue is a status of its own. It is derived on every read, never stored: an exhibit whose
 * expected date has passed while it is still pending or planned. Reviewing it ends that.
 */
export function exhibitStatus(row: Pick<ExhibitRow, "status" | "expectedDate">, now: Date): ExhibitStatus {
  const stored = EXHIBIT_STATUSES.find((s) => s === row.status) ?? "pending";
  if ((stored === "pending" || stored === "planned") && row.expectedDate && row.expectedDate.getTime() < now.getTime()) return "overdue";
  return stored;
}

/** The exhibit tracker's fields (spec §3) plus file and review details and the viewer's abilities; never the bytes. */
export function presentExhibit(row: ExhibitRow, now: Date, abilities: Exhibit["abilities"]): Exhibit {
  const hasFile = row.fileName !== null;
  return {
    id: row.id,
    contractId: row.contractId,
    title: row.title,
    description: row.description,
    exhibitNumber: row.exhibitNumber,
    isRequired: row.isRequired,
    isPlanned: row.isPlanned,
    expectedDate: iso(row.expectedDate),
    assignedTo: row.assignedTo,
    plannedNotes: row.plannedNotes,
    tags: Array.isArray(row.tags) ? row.tags.filter((tag): tag is string => typeof tag === "string") : [],
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: hasFile ? row.mimeType : null,
    fileUrl: hasFile ? `/api/exhibits/${row.id}/file` : null,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: exhibitStatus(row, now),
    reviewNotes: row.reviewNotes,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    abilities,
  };
}
