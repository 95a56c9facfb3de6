import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import clsx from "clsx";
import { Info } from "lucide-react";
import { BILLING_MESSAGES, PLAN_IDS, type PlanId, type SubscriptionPlan } from "@clausewise/shared";
import { useCancelSubscription, useCreateSubscription, usePlans, useSubscription } from "../../api/billing";
import { ApiError, errorText } from "../../api/client";
import { PageScaffold } from "../../components/PageScaffold";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { LoadingState } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";
import { formatCents } from "../Pricing/format";
import { CardPaymentForm } from "./CardPaymentForm";
import { CurrentSubscription } from "./CurrentSubscription";
import { PaymentSystemError } from "./PaymentSystemError";
import { useStripeJs } from "./stripe-js";

const isPlanId = (value: string | null): value is PlanId => (PLAN_IDS as readonly string[]).includes(value ?? "");

function PlanPicker({ plans, selected, current, onSelect }: { plans: SubscriptionPlan[]; selected: PlanId; current: PlanId | null; onSelect: (id: PlanId) => void }) {
  return (
    <div role="radiogroup" aria-label="Plan" className="grid gap-3 sm:grid-cols-3">
      {plans.map((plan) => (
        <button
          key={plan.id}
          type="button"
          role="radio"
          aria-checked={selected === plan.id}
          onClick={() => onSelect(plan.id)}
          className={clsx(
            "rounded-lg border p-4 text-left transition-colors",
            selected === plan.id ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-200 hover:border-slate-400",
          )}
        >
          <span className="flex items-center justify-between gap-2">
            <span className="font-semibold text-slate-900">{plan.name}</span>
            {plan.popular && <Badge tone="brand">Most Popular</Badge>}
          </span>
          <span className="mt-1 block text-sm text-slate-600">{formatCents(plan.price)} / month</span>
          {current === plan.id && <span className="mt-1 block text-xs text-emerald-700">Your current plan</span>}
        </button>
      ))}
    </div>
  );
}

function ManageSubscription() {
  const [params] = useSearchParams();
  const subscription = useSubscription();
  const plans = usePlans();
  const create = useCreateSubscription();
  const cancel = useCancelSubscription();
  const [picked, setPicked] = useState<PlanId | null>(() => (isPlanId(params.get("plan")) ? (params.get("plan") as PlanId) : null));
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [payment, setPayment] = useState<{ clientSecret: string; planName: string } | null>(null);
  // A refused plan change (too many active members for the smaller plan) stays on screen with the way out.
  const [refusal, setRefusal] = useState<string | null>(null);
  const data = subscription.data;
  const stripeMode = data?.billingMode === "stripe";
  const stripeJs = useStripeJs(stripeMode ? data.publishableKey : null);

  if (subscription.isPending || plans.isPending) return <LoadingState label="Loading subscription..." />;
  if (subscription.isError || plans.isError) {
    return <p className="text-sm text-red-700">{errorText(subscription.error ?? plans.error, "The subscription could not be loaded.")}</p>;
  }
  const sub = subscription.data;
  if (stripeMode && !sub.publishableKey) return <PaymentSystemError details="The payment provider's public key is not configured on this server." />;
  if (stripeJs.status === "error") return <PaymentSystemError details={stripeJs.message} />;

  const selected = picked ?? (sub.plan === "starter" ? "professional" : sub.plan);
  const selectedPlan = plans.data.find((p) => p.id === selected);
  const live = sub.status === "active" || sub.status === "past_due";
  const alreadyOn = live && sub.plan === selected && !sub.cancel_at_period_end;

  function subscribe() {
    setRefusal(null);
    create.mutate(
      { planId: selected },
      {
        onSuccess: (result) => {
          if (result.clientSecret) {
            setPayment({ clientSecret: result.clientSecret, planName: result.subscription.planName });
            return;
          }
          const manual = result.billingMode === "manual" ? " (manual billing: no payment was taken)" : "";
          toast({ title: BILLING_MESSAGES.subscriptionCreated, description: `You are now on the ${result.subscription.planName} plan${manual}.` });
        },
        onError: (error) => {
          const description = errorText(error, "Failed to create subscription. Please try again.");
          if (error instanceof ApiError && error.status === 409) setRefusal(description);
          toast({ title: BILLING_MESSAGES.subscriptionFailed, description, variant: "destructive" });
        },
      },
    );
  }

  function cancelNow() {
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: BILLING_MESSAGES.subscriptionCanceled, description: "Your plan stays active until the end of the current period." }),
      onError: (error) =>
        toast({ title: BILLING_MESSAGES.cancellationFailed, description: errorText(error, "Failed to cancel subscription. Please try again."), variant: "destructive" }),
      onSettled: () => setConfirmCancel(false),
    });
  }

  return (
    <div className="space-y-6">
      {sub.billingMode === "manual" && (
        <div role="note" className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong>Manual billing.</strong> No payment provider is configured: plan changes take effect immediately, without payment, and are
            invoiced outside ClauseWise.
          </p>
        </div>
      )}
      <CurrentSubscription subscription={sub} onCancel={() => setConfirmCancel(true)} />
      {payment && stripeJs.status === "ready" ? (
        <CardPaymentForm stripe={stripeJs.stripe} clientSecret={payment.clientSecret} planName={payment.planName} onDone={() => setPayment(null)} />
      ) : (
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Choose a plan</h2>
          <p className="mt-1 text-sm text-slate-600">Billed monthly in CAD; cancel at any time. Fees are non-refundable.</p>
          <div className="mt-4">
            <PlanPicker
              plans={plans.data}
              selected={selected}
              current={live ? sub.plan : null}
              onSelect={(id) => {
                setPicked(id);
                setRefusal(null);
              }}
            />
          </div>
          {refusal && (
            <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
              <p>{refusal}</p>
              <Link to="/team" className="mt-2 inline-block font-medium text-brand-700 underline">
                Go to Team Management
              </Link>
            </div>
          )}
          <div className="mt-4 flex items-center gap-3">
            <Button onClick={subscribe} disabled={create.isPending || alreadyOn || (stripeMode && stripeJs.status !== "ready")}>
              {create.isPending ? "Subscribing..." : `Subscribe to ${selectedPlan?.name ?? selected}`}
            </Button>
            {alreadyOn && <span className="text-sm text-slate-600">You are on this plan.</span>}
            {stripeMode && stripeJs.status === "loading" && <span className="text-sm text-slate-600">Loading the secure payment form...</span>}
          </div>
        </Card>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel subscription?"
        description="Your plan stays active until the end of the current billing period and then ends. Fees already paid are not refunded."
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        destructive
        pending={cancel.isPending}
        onConfirm={cancelNow}
      />
    </div>
  );
}

/** Spec §2 Subscription management: admin only. */
export function SubscriptionPage() {
  return (
    <PageScaffold
      title="Subscription Management"
      description="Your current plan, billing period and subscription changes."
      breadcrumb={[{ label: "Subscription" }]}
      restriction={{ ability: "subscription.manage", title: "Access Restricted", message: BILLING_MESSAGES.accessRestricted }}
    >
      <ManageSubscription />
    </PageScaffold>
  );
}
