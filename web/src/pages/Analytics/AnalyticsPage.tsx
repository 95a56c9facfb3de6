import { useState } from "react";
import { ANALYTICS_MESSAGES, ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from "@clausewise/shared";
import { useAnalytics } from "../../api/analytics";
import { errorText } from "../../api/client";
import { isPlanUpgradeError, PlanUpgradeNotice } from "../../components/PlanUpgradeNotice";
import { PageScaffold } from "../../components/PageScaffold";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { Dashboard } from "./Dashboard";

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
      ) : isPlanUpgradeError(analytics.error) ? (
        <PlanUpgradeNotice error={analytics.error} feature="analytics" />
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
