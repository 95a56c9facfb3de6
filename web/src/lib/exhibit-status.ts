import type { BadgeTone } from "../components/ui/badge";
import type { Exhibit, ExhibitStatus } from "@clausewise/shared";

export const EXHIBIT_STATUS_LABELS: Record<ExhibitStatus, string> = {
  pending: "Pending",
  planned: "Planned",
  reviewed: "Reviewed",
  approved: "Approved",
  rejected: "Rejected",
  overdue: "Overdue",
};

const TONES: Record<ExhibitStatus, BadgeTone> = {
  pending: "warning",
  planned: "info",
  reviewed: "brand",
  approved: "success",
  rejected: "danger",
  overdue: "danger",
};

/** Known statuses by label; any other value as it is (like contract statuses, spec §4). */
export function exhibitStatusLabel(status: string): string {
  return (EXHIBIT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function exhibitStatusTone(status: string): BadgeTone {
  return (TONES as Record<string, BadgeTone>)[status] ?? "neutral";
}

export interface ReviewButtonState {
  label: "Review" | "Update Status";
  disabled: boolean;
  /** Why it is disabled, for a tooltip and screen readers. */
  reason: string | null;
}

/**
 * Spec §4: the Review button is disabled once the exhibit is approved (the API refuses to change an
 * approved exhibit: 409); planned exhibits label it 'Update Status'.
 */
export function reviewButtonState(exhibit: Pick<Exhibit, "status" | "isPlanned">): ReviewButtonState {
  const approved = exhibit.status === "approved";
  return {
    label: exhibit.isPlanned || exhibit.status === "planned" ? "Update Status" : "Review",
    disabled: approved,
    reason: approved ? "Approved exhibits are final; their review can no longer change." : null,
  };
}
