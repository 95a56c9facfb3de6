import { AlertTriangle } from "lucide-react";
import { BILLING_MESSAGES, PLANS, UNLIMITED, isApproachingLimit, type UsageResponse } from "@clausewise/shared";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { formatLimit } from "./format";

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const warn = isApproachingLimit(used, limit);
  const percent = limit === UNLIMITED || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600">
          {used} / {formatLimit(limit)}
        </span>
      </div>
      {limit !== UNLIMITED && (
        <div
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label={label}
          aria-valuenow={used}
          aria-valuemin={0}
          aria-valuemax={limit}
        >
          <div className={warn ? "h-full bg-amber-500" : "h-full bg-brand-600"} style={{ width: `${percent}%` }} />
        </div>
      )}
      {warn && (
        <Badge tone="warning" className="mt-2">
          <AlertTriangle aria-hidden="true" />
          {BILLING_MESSAGES.approachingLimit}
        </Badge>
      )}
    </div>
  );
}

/** Spec §2 Pricing: the current plan against its limits; 'Approaching limit' above 80 %. */
export function UsageSummary({ usage }: { usage: UsageResponse }) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Current usage</h2>
        <p className="text-sm text-slate-600">
          Current plan: <span className="font-medium text-slate-900">{PLANS[usage.currentPlan].name}</span>
        </p>
      </div>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <Meter label="Contracts this month" used={usage.contractsThisMonth} limit={usage.contractLimit} />
        <Meter label="Team members" used={usage.teamMembers} limit={usage.teamMemberLimit} />
      </div>
      <div className="mt-4">
        <h3 className="text-sm font-medium text-slate-700">Features</h3>
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {usage.features.map((feature) => (
            <li key={feature}>
              <Badge>{feature}</Badge>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
