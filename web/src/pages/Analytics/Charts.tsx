import {
  ANALYTICS_MESSAGES,
  MONTHLY_VOLUME_MONTHS,
  complexityTone,
  monthlyBarPercent,
  type JurisdictionalBreakdownRow,
  type MonthlyStat,
  type RiskDistribution,
} from "@clausewise/shared";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { formatNumber, monthLabel } from "./format";

function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>;
}

const RISK_ROWS = [
  { key: "high", label: "High Risk", bar: "bg-red-500" },
  { key: "medium", label: "Medium Risk", bar: "bg-amber-400" },
  { key: "low", label: "Low Risk", bar: "bg-emerald-500" },
] as const;

/** Horizontal CSS bars, each the share of all analysed contracts. */
export function RiskDistributionChart({ risk }: { risk: RiskDistribution }) {
  const total = risk.high + risk.medium + risk.low;
  if (total === 0) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  return (
    <ul className="space-y-3">
      {RISK_ROWS.map((row) => {
        const share = Math.round((risk[row.key] / total) * 100);
        return (
          <li key={row.key} aria-label={`${row.label}: ${risk[row.key]} (${share}%)`}>
            <div className="mb-1 flex justify-between text-sm">
              <span className="text-slate-700">{row.label}</span>
              <span className="font-medium text-slate-900">
                {risk[row.key]} <span className="text-slate-500">({share}%)</span>
              </span>
            </div>
            <div className="h-2.5 rounded-full bg-slate-100">
              <div className={`h-2.5 rounded-full ${row.bar}`} style={{ width: `${share}%` }} data-testid={`risk-bar-${row.key}`} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §9: the first 6 months; a bar is count / 20 of the width, capped at 100 %. */
export function MonthlyVolumeChart({ stats }: { stats: MonthlyStat[] }) {
  const shown = stats.slice(0, MONTHLY_VOLUME_MONTHS);
  if (shown.every((s) => s.contracts === 0)) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  return (
    <ul className="space-y-3">
      {shown.map((stat) => (
        <li key={stat.month} className="grid grid-cols-[5.5rem_1fr_2.5rem] items-center gap-3 text-sm" aria-label={`${monthLabel(stat.month)}: ${stat.contracts} contracts`}>
          <span className="text-slate-700">{monthLabel(stat.month)}</span>
          <div className="h-3 rounded bg-slate-100">
            <div className="h-3 rounded bg-brand-600" style={{ width: `${monthlyBarPercent(stat.contracts)}%` }} data-testid={`month-bar-${stat.month}`} />
          </div>
          <span className="text-right font-medium text-slate-900">{stat.contracts}</span>
        </li>
      ))}
    </ul>
  );
}

const TONE: Record<ReturnType<typeof complexityTone>, BadgeTone> = { red: "danger", yellow: "warning", green: "success" };

/** Each jurisdiction with its contract count and a complexity badge out of 10 (spec §9 colours). */
export function JurisdictionBreakdown({ rows }: { rows: JurisdictionalBreakdownRow[] }) {
  if (rows.length === 0) return <Empty>{ANALYTICS_MESSAGES.noJurisdictionData}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((row) => (
        <li key={row.jurisdiction} className="flex items-center justify-between gap-3 py-2.5 text-sm">
          <div>
            <p className="font-medium text-slate-900">{row.jurisdiction}</p>
            <p className="text-slate-500">
              {row.count} contract{row.count === 1 ? "" : "s"}
            </p>
          </div>
          <Badge tone={TONE[complexityTone(row.avgComplexity)]} data-tone={complexityTone(row.avgComplexity)}>
            Complexity {formatNumber(row.avgComplexity)}/10
          </Badge>
        </li>
      ))}
    </ul>
  );
}
