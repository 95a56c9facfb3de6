import { Link } from "react-router-dom";
import { can, useCurrentUser } from "../../api/auth";
import { usePlans, useUsage } from "../../api/billing";
import { PageHeader } from "../../components/PageHeader";
import { Button, buttonClasses } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { errorText } from "../../api/client";
import { useDocumentTitle } from "../../lib/hooks";
import { PlanCard } from "./PlanCard";
import { UsageSummary } from "./UsageSummary";

/**
 * Spec §2 Pricing: plan cards for starter, professional (Most Popular) and enterprise, with usage.
 * Signed out (a prospect), the same price list with a way to sign up instead of the usage.
 */
export function PricingPage() {
  useDocumentTitle("Pricing");
  const { data: user } = useCurrentUser();
  const plans = usePlans();
  const usage = useUsage(Boolean(user));
  const manages = user ? can(user, "subscription.manage") : false;
  const currentPlan = usage.data?.currentPlan;

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title="Pricing"
        description={user ? "Compare plans and see your current usage." : "Compare plans. Every plan starts with a free trial."}
        breadcrumb={[{ label: "Pricing" }]}
        rootLabel={user ? "Dashboard" : "Home"}
      />
      <div className="flex-1 space-y-6 px-4 py-6 sm:px-8">
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
              } else if (!user) {
                action = (
                  <Link to="/signup" className={buttonClasses(plan.popular ? "primary" : "secondary", "md", "w-full")}>
                    Get Started
                  </Link>
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
    </div>
  );
}
