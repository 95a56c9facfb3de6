import type { ReactNode } from "react";
import { Download, Lightbulb } from "lucide-react";
import { ANALYTICS_MESSAGES, formatDuration, trendTexts, type AnalyticsResponse } from "@clausewise/shared";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { JurisdictionBreakdown, MonthlyChart, OverdueChart, RiskChart, StageChart, TimelineChart } from "./Charts";
import { analyticsTables, downloadTable, type CsvTable } from "./csv";
import { formatNumber, insightsOf, shareText } from "./format";
import { CompletedTable, OverdueTable, TeamTable } from "./Tables";

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4" role="group" aria-label={label}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}

function Section({ title, note, csv, period, children, className }: { title: string; note?: string; csv?: CsvTable; period: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          {note && <p className="text-xs text-slate-500">{note}</p>}
        </div>
        {csv && csv.rows.length > 0 && (
          <Button variant="ghost" size="sm" aria-label={`Export ${title} as CSV`} onClick={() => downloadTable(csv, period)}>
            <Download aria-hidden="true" />
            CSV
          </Button>
        )}
      </div>
      <div className="p-4">{children}</div>
    </Card>
  );
}

/** Everything below the period selector, for one answer of GET /api/analytics. */
export function Dashboard({ data }: { data: AnalyticsResponse }) {
  const texts = trendTexts(data.trends);
  const platform = data.platformMetrics;
  const insights = insightsOf(data);
  const tables = analyticsTables(data);
  const { overview } = data;
  const section = { period: data.period };
  return (
    <div className="space-y-6">
      <section aria-labelledby="platform-overview" className="space-y-3">
        <h2 id="platform-overview" className="text-base font-semibold text-slate-900">
          {platform.scope === "platform" ? "Platform Overview" : "Company Overview"}
        </h2>
        <div className={`grid gap-4 sm:grid-cols-2 ${platform.totalCompanies === null ? "lg:grid-cols-3" : "lg:grid-cols-5"}`}>
          <StatCard label={platform.scope === "platform" ? "Total Users" : "Active Members"} value={formatNumber(platform.totalUsers)} />
          {platform.totalCompanies !== null && <StatCard label="Companies" value={formatNumber(platform.totalCompanies)} />}
          <StatCard label="Active Users (30d)" value={formatNumber(platform.activeUsers30d)} />
          <StatCard label="Contracts This Month" value={formatNumber(platform.contractsThisMonth)} />
          {platform.averageCompanySize !== null && <StatCard label="Avg Company Size" value={formatNumber(platform.averageCompanySize)} />}
        </div>
      </section>

      <section aria-labelledby="contract-analytics" className="space-y-3">
        <h2 id="contract-analytics" className="text-base font-semibold text-slate-900">
          Contract Analytics
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Total Contracts" value={formatNumber(overview.totalContracts)} note={`Uploaded in this period. ${texts.totalContracts}`} />
          <StatCard label="Active Reviews" value={formatNumber(overview.activeReviews)} note="Of those, still under review or awaiting approval" />
          <StatCard
            label="Completed Reviews"
            value={formatNumber(overview.completedReviews)}
            note={`Finished in this period. Of this period's uploads: ${shareText(overview.uploadsFinished, overview.totalContracts)} finished. ${texts.completionRate}`}
          />
          <StatCard label="Avg Review Time" value={formatDuration(overview.averageReviewTime)} note={`Upload to approval or rejection. ${texts.averageReviewTime}`} />
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Contracts Over Time" note={`Per ${data.timeline.bucket}, in UTC`} csv={tables.timeline} {...section}>
          <TimelineChart timeline={data.timeline} />
        </Section>
        <Section title="Risk Distribution" note="Analysed contracts uploaded in this period" csv={tables.risk} {...section}>
          <RiskChart risk={data.riskDistribution} />
        </Section>
        <Section title="Cycle Time per Stage" note="Average time in each stage, for stages finished in this period" csv={tables.stages} {...section}>
          <StageChart stages={data.stageCycleTimes} />
        </Section>
        <Section title="Overdue Work" note="Past due now, by how late" csv={tables.overdue} {...section}>
          <OverdueChart overdue={data.overdue} />
        </Section>
        <Section title="Monthly Contract Volume" csv={tables.monthly} {...section}>
          <MonthlyChart stats={data.monthlyStats} />
        </Section>
        <Section title="Jurisdictional Breakdown" csv={tables.jurisdictions} {...section}>
          <JurisdictionBreakdown rows={data.jurisdictionalBreakdown} />
        </Section>
      </div>

      <Section title="Team Performance" note="What each member did in this period" csv={tables.team} {...section}>
        <TeamTable rows={data.teamPerformance} />
      </Section>
      <Section title="Completed Reviews" note="The reviews behind Avg Review Time" csv={tables.completed} {...section}>
        <CompletedTable rows={data.completedReviews} />
      </Section>
      {data.overdue.items.length > 0 && (
        <Section title="Overdue Items" note="The most overdue first" csv={tables.overdue} {...section}>
          <OverdueTable overdue={data.overdue} />
        </Section>
      )}

      <Section title="Insights" {...section}>
        {insights.length === 0 ? (
          <p className="text-sm text-slate-500">{ANALYTICS_MESSAGES.noData}</p>
        ) : (
          <ul className="space-y-2">
            {insights.map((text) => (
              <li key={text} className="flex gap-2 text-sm text-slate-700">
                <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
                {text}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
