import { Link } from "react-router-dom";
import { can, useSignedInUser } from "../../api/auth";
import { usePlans, useUsage } from "../../api/billing";
import { PageScaffold } from "../../components/PageScaffold";
import { Button, buttonClasses } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { errorText } from "../../api/client";
import { PlanCard } from "./PlanCard";
import { UsageSummary } from "./UsageSummary";

/** Spec §2 Pricing: plan cards for starter, professional (Most Popular) and enterprise, with usage. */
export function PricingPage() {
  const user = useSignedInUser();
  const plans = usePlans();
  const usage = useUsage();
  const manages = can(user, "subscription.manage");
  const currentPlan = usage.data?.currentPlan;

  return (
    <PageScaffold title="Pricing" description="Compare plans and see your current usage." breadcrumb={[{ label: "Pricing" }]}>
      <div className="space-y-6">
        {usage.data && <UsageSummary usage={usage.data} />}
        {usage.isError && <p className="text-sm text-red-700">{errorText(usage.error, "Usage could not be loaded.")}</p>}
        {plans.isPending ? (
          <LoadingState label="Loading plans..." />
        ) : plans.isError ? (
          <p className="text-sm text-red-700">{errorText(plans.error, "Plans could not be loaded.")}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {plans.data.map((plan) => {
              const current = plan.id === currentPlan;
              let action;
              if (current) {
                action = (
                  <Button variant="secondary" className="w-full" disabled>
                    Current Plan
                  </Button>
                );
              } else if (manages) {
                action = (
                  <Link to={`/subscription?plan=${plan.id}`} className={buttonClasses(plan.popular ? "primary" : "secondary", "md", "w-full")}>
                    Choose {plan.name}
                  </Link>
                );
              } else {
                action = <p className="text-center text-xs text-slate-500">Ask a company administrator to change the plan.</p>;
              }
              return <PlanCard key={plan.id} plan={plan} current={current} action={action} />;
            })}
          </div>
        )}
      </div>
    </PageScaffold>
  );
}
