import { useState, type ReactNode } from "react";
import { Lightbulb } from "lucide-react";
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  ANALYTICS_PERIOD_LABELS,
  DEFAULT_ANALYTICS_PERIOD,
  trendTexts,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from "@clausewise/shared";
import { useAnalytics } from "../../api/analytics";
import { errorText } from "../../api/client";
import { PageScaffold } from "../../components/PageScaffold";
import { Card } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { JurisdictionBreakdown, MonthlyVolumeChart, RiskDistributionChart } from "./Charts";
import { formatHours, formatNumber, formatPercent, insightsOf } from "./format";

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4" role="group" aria-label={label}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      <div className="p-4">{children}</div>
    </Card>
  );
}

function TeamPerformance({ rows }: { rows: AnalyticsResponse["teamPerformance"] }) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{ANALYTICS_MESSAGES.noTeamData}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th className="py-2 pr-3 font-medium">Member</th>
            <th className="py-2 pr-3 text-right font-medium">Reviews Completed</th>
            <th className="py-2 pr-3 text-right font-medium">Avg Review Time</th>
            <th className="py-2 text-right font-medium">Accuracy</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.userId}>
              <td className="py-2 pr-3 font-medium text-slate-900">{row.name}</td>
              <td className="py-2 pr-3 text-right">{row.reviewsCompleted}</td>
              <td className="py-2 pr-3 text-right">{formatHours(row.avgReviewTime)}</td>
              <td className="py-2 text-right">{formatPercent(row.accuracy)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Dashboard({ data }: { data: AnalyticsResponse }) {
  const texts = trendTexts(data.trends);
  const platform = data.platformMetrics;
  const insights = insightsOf(data);
  return (
    <div className="space-y-6">
      <section aria-labelledby="platform-overview" className="space-y-3">
        <h2 id="platform-overview" className="text-base font-semibold text-slate-900">
          {platform.scope === "platform" ? "Platform Overview" : "Company Overview"}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <StatCard label="Total Users" value={formatNumber(platform.totalUsers)} />
          <StatCard label="Companies" value={formatNumber(platform.totalCompanies)} />
          <StatCard label="Active Users (30d)" value={formatNumber(platform.activeUsers30d)} />
          <StatCard label="Contracts This Month" value={formatNumber(platform.contractsThisMonth)} />
          <StatCard label="Avg Company Size" value={formatNumber(platform.averageCompanySize)} />
        </div>
      </section>

      <section aria-labelledby="contract-analytics" className="space-y-3">
        <h2 id="contract-analytics" className="text-base font-semibold text-slate-900">
          Contract Analytics
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Total Contracts" value={formatNumber(data.overview.totalContracts)} note={texts.totalContracts} />
          <StatCard label="Active Reviews" value={formatNumber(data.overview.activeReviews)} />
          <StatCard label="Completed Reviews" value={formatNumber(data.overview.completedReviews)} note={texts.completionRate} />
          <StatCard label="Avg Review Time" value={formatHours(data.overview.averageReviewTime)} note={texts.averageReviewTime} />
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Risk Distribution">
          <RiskDistributionChart risk={data.riskDistribution} />
        </Section>
        <Section title="Monthly Contract Volume">
          <MonthlyVolumeChart stats={data.monthlyStats} />
        </Section>
        <Section title="Team Performance">
          <TeamPerformance rows={data.teamPerformance} />
        </Section>
        <Section title="Jurisdictional Breakdown">
          <JurisdictionBreakdown rows={data.jurisdictionalBreakdown} />
        </Section>
      </div>

      <Section title="Insights">
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

function AnalyticsDashboard() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useAnalytics(period);
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-end gap-2">
        <label htmlFor="analytics-period" className="text-sm text-slate-600">
          Period
        </label>
        <NativeSelect id="analytics-period" className="w-44" value={period} onChange={(e) => setPeriod(e.target.value as AnalyticsPeriod)}>
          {ANALYTICS_PERIODS.map((p) => (
            <option key={p} value={p}>
              {ANALYTICS_PERIOD_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {analytics.isPending ? (
        <LoadingState label="Loading analytics..." />
      ) : analytics.isError ? (
        <p className="text-sm text-red-700">{errorText(analytics.error, "The analytics could not be loaded.")}</p>
      ) : (
        <Dashboard data={analytics.data} />
      )}
    </div>
  );
}

export function AnalyticsPage() {
  return (
    <PageScaffold
      title="Analytics Dashboard"
      description="Review activity, risk distribution and team performance across your contracts."
      restriction={{ ability: "analytics.view", title: "Access Restricted", message: ANALYTICS_MESSAGES.accessRestricted }}
    >
      {/* Not mounted for other roles (Access Restricted instead), so nothing is requested for them. */}
      <AnalyticsDashboard />
    </PageScaffold>
  );
}
