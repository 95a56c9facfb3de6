import { EXHIBIT_STATUSES, isPastDateOnly, type Exhibit, type ExhibitStatus } from "@clausewise/shared";
import type { ExhibitRow } from "../commands/exhibits/load";

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Spec §4: overdue is a status of its own. It is derived on every read, never stored: an exhibit whose
 * expected date has passed while it is still pending or planned. Reviewing it ends that. `today` is the
 * date in the company's time zone: the expected day is over once today is later (issue 17).
 */
export function exhibitStatus(row: Pick<ExhibitRow, "status" | "expectedDate">, today: string): ExhibitStatus {
  const stored = EXHIBIT_STATUSES.find((s) => s === row.status) ?? "pending";
  if ((stored === "pending" || stored === "planned") && isPastDateOnly(row.expectedDate, today)) return "overdue";
  return stored;
}

/** The exhibit tracker's fields (spec §3) plus file and review details and the viewer's abilities; never the bytes. */
export function presentExhibit(row: ExhibitRow, today: string, abilities: Exhibit["abilities"]): Exhibit {
  const hasFile = row.fileName !== null;
  return {
    id: row.id,
    contractId: row.contractId,
    title: row.title,
    description: row.description,
    exhibitNumber: row.exhibitNumber,
    isRequired: row.isRequired,
    isPlanned: row.isPlanned,
    expectedDate: row.expectedDate,
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
    status: exhibitStatus(row, today),
    reviewNotes: row.reviewNotes,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    abilities,
  };
}
