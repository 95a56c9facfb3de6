import { PageScaffold } from "../../components/PageScaffold";

export function PricingPage() {
  return <PageScaffold title="Pricing" description="Compare plans and see your current usage." />;
}
