import { CONTRACT_STATUS_LABELS, type ContractStatus } from "@clausewise/shared";
import { Badge, type BadgeTone } from "./ui/badge";

const TONES: Record<ContractStatus, BadgeTone> = {
  under_review: "warning",
  pending_approval: "info",
  approved: "success",
  rejected: "danger",
};

/** Spec §4: known statuses by label; any other value is shown as it is. */
export function contractStatusLabel(status: string): string {
  return (CONTRACT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function ContractStatusBadge({ status }: { status: string }) {
  const tone = (TONES as Record<string, BadgeTone>)[status] ?? "neutral";
  return <Badge tone={tone}>{contractStatusLabel(status)}</Badge>;
}
