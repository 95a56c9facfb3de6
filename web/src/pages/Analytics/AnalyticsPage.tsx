import { PageScaffold } from "../../components/PageScaffold";

export function AnalyticsPage() {
  return (
    <PageScaffold
      title="Analytics Dashboard"
      description="Review activity, risk distribution and team performance across your contracts."
      restriction={{
        ability: "analytics.view",
        title: "Access Restricted",
        message: "Only administrators and approvers can access analytics.",
      }}
    />
  );
}
