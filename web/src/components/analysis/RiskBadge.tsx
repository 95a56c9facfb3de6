import { AlertOctagon, AlertTriangle, CircleCheck, Info } from "lucide-react";
import clsx from "clsx";
import type { RiskLevel } from "@clausewise/shared";
import { Badge } from "../ui/badge";
import { RISK_LABELS, RISK_TONES } from "./labels";

const ICONS = { low: CircleCheck, medium: Info, high: AlertTriangle, critical: AlertOctagon } satisfies Record<RiskLevel, unknown>;

/** A risk level with an icon and words, so colour is never the only cue. */
export function RiskBadge({ level, className }: { level: RiskLevel; className?: string }) {
  const Icon = ICONS[level] ?? Info;
  return (
    <Badge tone={RISK_TONES[level] ?? "neutral"} className={clsx(level === "critical" && "font-semibold ring-2", className)}>
      <Icon aria-hidden="true" />
      {RISK_LABELS[level] ?? level}
    </Badge>
  );
}
