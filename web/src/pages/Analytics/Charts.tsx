import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from "recharts";
import {
  ANALYTICS_MESSAGES,
  CYCLE_STAGE_LABELS,
  MONTHLY_VOLUME_MONTHS,
  OVERDUE_AGES,
  OVERDUE_KIND_LABELS,
  complexityTone,
  type AnalyticsResponse,
  type JurisdictionalBreakdownRow,
  type RiskDistribution,
} from "@clausewise/shared";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { bucketLabel, formatDuration, formatNumber, monthLabel } from "./format";

/*
 * The dashboard's charts (Recharts). This module is imported by the Analytics page only, itself a lazy
 * route, so the chart library is loaded with that page and no other. Each chart is a figure whose
 * label says what it shows in words; the numbers are in the section's CSV export too.
 */

const COLORS = { brand: "#1d4ed8", high: "#ef4444", medium: "#f59e0b", low: "#10b981", approved: "#059669", rejected: "#dc2626", slate: "#64748b" };
const HEIGHT = 240;
const AXIS = { fontSize: 12, fill: "#475569" };

export function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure aria-label={label} className="w-full">
      {children}
    </figure>
  );
}

const chartStyle = { width: "100%", height: HEIGHT };

export function TimelineChart({ timeline }: { timeline: AnalyticsResponse["timeline"] }) {
  const points = timeline.points.map((p) => ({ ...p, label: bucketLabel(p.start, timeline.bucket) }));
  const total = points.reduce((n, p) => n + p.uploaded + p.approved + p.rejected, 0);
  if (total === 0) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  const uploaded = points.reduce((n, p) => n + p.uploaded, 0);
  return (
    <Figure label={`Contracts over time: ${uploaded} uploaded in ${points.length} ${timeline.bucket}s`}>
      <BarChart data={points} style={chartStyle} responsive margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Legend />
        <Bar dataKey="uploaded" name="Uploaded" fill={COLORS.brand} isAnimationActive={false} />
        <Bar dataKey="approved" name="Approved" fill={COLORS.approved} isAnimationActive={false} />
        <Bar dataKey="rejected" name="Rejected" fill={COLORS.rejected} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}

const RISK_ROWS = [
  { key: "high", label: "High Risk", color: COLORS.high },
  { key: "medium", label: "Medium Risk", color: COLORS.medium },
  { key: "low", label: "Low Risk", color: COLORS.low },
] as const;

export function RiskChart({ risk }: { risk: RiskDistribution }) {
  const total = risk.high + risk.medium + risk.low;
  if (total === 0) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  const rows = RISK_ROWS.map((row) => ({ ...row, count: risk[row.key], share: Math.round((risk[row.key] / total) * 100) }));
  return (
    <Figure label={`Risk distribution: ${rows.map((r) => `${r.label} ${r.count} (${r.share}%)`).join(", ")}`}>
      <BarChart data={rows} layout="vertical" style={chartStyle} responsive margin={{ top: 8, right: 24, bottom: 0, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="label" tick={AXIS} width={96} />
        <Tooltip formatter={(value) => [`${String(value)} contracts`, "Analysed"]} />
        <Bar dataKey="count" name="Contracts" isAnimationActive={false}>
          {rows.map((row) => (
            <Cell key={row.key} fill={row.color} />
          ))}
        </Bar>
      </BarChart>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        {rows.map((row) => (
          <li key={row.key} aria-label={`${row.label}: ${row.count} (${row.share}%)`}>
            <span className="mr-1.5 inline-block size-2.5 rounded-full" style={{ background: row.color }} aria-hidden="true" />
            {row.label}: <span className="font-medium text-slate-900">{row.count}</span> ({row.share}%)
          </li>
        ))}
      </ul>
    </Figure>
  );
}

export function StageChart({ stages }: { stages: AnalyticsResponse["stageCycleTimes"] }) {
  if (stages.every((s) => s.count === 0)) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  const rows = stages.map((s) => ({ label: CYCLE_STAGE_LABELS[s.stage], days: s.averageHours === null ? 0 : Math.round((s.averageHours / 24) * 10) / 10, ...s }));
  return (
    <Figure label={`Cycle time per stage: ${rows.map((r) => `${r.label} ${formatDuration(r.averageHours)} over ${r.count}`).join(", ")}`}>
      <BarChart data={rows} style={chartStyle} responsive margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} />
        <YAxis tick={AXIS} unit=" d" />
        <Tooltip formatter={(_value, _name, item) => [formatDuration((item.payload as { averageHours: number | null }).averageHours), "Average"]} />
        <Bar dataKey="days" name="Average days" fill={COLORS.brand} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}

const OVERDUE_COLORS = { review: COLORS.brand, approval: COLORS.medium, exhibit: COLORS.slate } as const;

export function OverdueChart({ overdue }: { overdue: AnalyticsResponse["overdue"] }) {
  const { counts } = overdue;
  const total = counts.review + counts.approval + counts.exhibit;
  if (total === 0) return <Empty>Nothing is overdue.</Empty>;
  const rows = overdue.byAge.map((row) => ({ ...row, label: OVERDUE_AGES.find((a) => a.key === row.age)!.label }));
  return (
    <Figure label={`Overdue work: ${counts.review} reviews, ${counts.approval} approvals, ${counts.exhibit} exhibits`}>
      <BarChart data={rows} style={chartStyle} responsive margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Legend />
        {(["review", "approval", "exhibit"] as const).map((kind) => (
          <Bar key={kind} dataKey={kind} name={`${OVERDUE_KIND_LABELS[kind]}s`} stackId="overdue" fill={OVERDUE_COLORS[kind]} isAnimationActive={false} />
        ))}
      </BarChart>
    </Figure>
  );
}

/** Spec §2/§9: monthly volume, the first 6 months of the period (newest first in the data, oldest left here). */
export function MonthlyChart({ stats }: { stats: AnalyticsResponse["monthlyStats"] }) {
  const shown = stats.slice(0, MONTHLY_VOLUME_MONTHS).reverse();
  if (shown.every((s) => s.contracts === 0)) return <Empty>{ANALYTICS_MESSAGES.noData}</Empty>;
  const rows = shown.map((s) => ({ label: monthLabel(s.month), contracts: s.contracts }));
  return (
    <Figure label={`Monthly contract volume: ${rows.map((r) => `${r.label} ${r.contracts}`).join(", ")}`}>
      <BarChart data={rows} style={chartStyle} responsive margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Bar dataKey="contracts" name="Contracts" fill={COLORS.brand} isAnimationActive={false} />
      </BarChart>
    </Figure>
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
