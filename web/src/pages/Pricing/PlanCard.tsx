import type { ReactNode } from "react";
import clsx from "clsx";
import { Check } from "lucide-react";
import type { SubscriptionPlan } from "@clausewise/shared";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { formatCents, formatLimit } from "./format";

interface PlanCardProps {
  plan: SubscriptionPlan;
  current: boolean;
  /** The call to action: a link, a button, or a note for members who cannot change the plan. */
  action: ReactNode;
}

export function PlanCard({ plan, current, action }: PlanCardProps) {
  return (
    <Card
      className={clsx("flex flex-col p-5", plan.popular && "ring-2 ring-brand-600")}
      role="article"
      aria-label={`${plan.name} plan`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
        <div className="flex flex-wrap gap-1.5">
          {plan.popular && <Badge tone="brand">Most Popular</Badge>}
          {current && <Badge tone="success">Current Plan</Badge>}
        </div>
      </div>
      <p className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{formatCents(plan.price)}</span>
        <span className="text-sm text-slate-600"> / month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {formatLimit(plan.contractLimit)} contracts per month · {formatLimit(plan.teamMemberLimit)} team members
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-5">{action}</div>
    </Card>
  );
}
