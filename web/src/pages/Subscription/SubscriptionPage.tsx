import { PageScaffold } from "../../components/PageScaffold";

export function SubscriptionPage() {
  return (
    <PageScaffold
      title="Subscription Management"
      description="Your current plan, billing period and subscription changes."
      restriction={{
        ability: "subscription.manage",
        title: "Access Restricted",
        message: "Only administrators can access billing and subscription management.",
      }}
    />
  );
}
