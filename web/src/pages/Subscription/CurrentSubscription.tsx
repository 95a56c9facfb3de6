import type { BillingSubscriptionStatus, SubscriptionResponse } from "@clausewise/shared";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatCents, formatUnixDay } from "../Pricing/format";

const STATUS: Record<BillingSubscriptionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  past_due: { label: "Past Due", tone: "danger" },
  canceled: { label: "Canceled", tone: "neutral" },
  incomplete: { label: "Awaiting payment", tone: "warning" },
};

interface CurrentSubscriptionProps {
  subscription: SubscriptionResponse;
  onCancel: () => void;
}

/** Spec §2: plan, status, period start and end, and whether it ends at period end. */
export function CurrentSubscription({ subscription, onCancel }: CurrentSubscriptionProps) {
  const status = STATUS[subscription.status];
  const cancellable = (subscription.status === "active" || subscription.status === "past_due") && !subscription.cancel_at_period_end;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Current subscription</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">
            {subscription.planName} Plan <span className="text-base font-normal text-slate-600">· {formatCents(subscription.amount)} / month</span>
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Period start</dt>
          <dd className="font-medium text-slate-900">{formatUnixDay(subscription.current_period_start)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Period end</dt>
          <dd className="font-medium text-slate-900">{formatUnixDay(subscription.current_period_end)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Ends at period end</dt>
          <dd className="font-medium text-slate-900">{subscription.cancel_at_period_end ? "Yes" : "No"}</dd>
        </div>
      </dl>
      {subscription.cancel_at_period_end && (
        <p className="mt-3 text-sm text-amber-800">Your plan ends on {formatUnixDay(subscription.current_period_end)} and will not renew.</p>
      )}
      {subscription.status === "incomplete" && <p className="mt-3 text-sm text-amber-800">The first payment has not been confirmed yet.</p>}
      {cancellable && (
        <div className="mt-4">
          <Button variant="secondary" onClick={onCancel}>
            Cancel Subscription
          </Button>
        </div>
      )}
    </Card>
  );
}
