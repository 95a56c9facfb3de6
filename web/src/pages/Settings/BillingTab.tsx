import { Link } from "react-router-dom";
import { CreditCard } from "lucide-react";
import { DEFAULT_SETTINGS_PLAN, planOf } from "@clausewise/shared";
import { can, useSignedInUser } from "../../api/auth";
import { useBillingSummary, useUpdateCard, useUsage } from "../../api/billing";
import { errorText } from "../../api/client";
import { toast } from "../../stores/toast";
import { InvoicesCard } from "./InvoicesCard";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { SectionTitle } from "./feedback";

const money = (cents: number) => new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" }).format(cents / 100);
const day = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { year: "numeric", month: "short", day: "numeric" });

/**
 * Settings › Billing. Admins read GET /api/billing/summary (plan, card, history from real records);
 * other members see the company's plan from GET /api/usage. With nothing loaded the spec's default
 * plan shows ('Starter Plan' at 99 per month); the spec's sample card and months are not shown: the
 * card and history come only from real records (docs/DECISIONS.md).
 */
export function BillingTab() {
  const user = useSignedInUser();
  const isBillingAdmin = can(user, "subscription.manage");
  const summary = useBillingSummary(isBillingAdmin);
  const updateCard = useUpdateCard();
  const usage = useUsage();
  const data = summary.data;

  const usagePlan = usage.data ? planOf(usage.data.currentPlan) : null;
  const planName = data?.planName ? `${data.planName.replace(/ Plan$/, "")} Plan` : usagePlan ? `${usagePlan.name} Plan` : DEFAULT_SETTINGS_PLAN.planName;
  const amount = data ? data.amount / 100 : usagePlan ? usagePlan.price / 100 : DEFAULT_SETTINGS_PLAN.amount;
  const card = data?.paymentMethod ?? null;
  const history = data?.history ?? [];
  const manual = data?.billingMode === "manual";

  // Stripe's billing portal takes the new card and returns to this tab (POST /api/billing/payment-method).
  const openCardUpdate = () =>
    updateCard.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast({ title: "Card update unavailable", description: errorText(error, "The card cannot be updated right now."), variant: "destructive" }),
    });

  return (
    <div className="space-y-4">
      <Card className="p-5">
        <SectionTitle title="Current Plan" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-lg font-semibold text-slate-900">{planName}</p>
            <p className="text-sm text-slate-600">
              <span data-testid="plan-amount">${amount.toFixed(amount % 1 === 0 ? 0 : 2)}</span> per month
              {data?.cancelAtPeriodEnd && data.currentPeriodEnd ? ` · ends ${day(data.currentPeriodEnd)}` : ""}
            </p>
          </div>
          <Link to={isBillingAdmin ? "/subscription" : "/pricing"} className={buttonClasses("secondary", "sm")}>
            Change Plan
          </Link>
        </div>
      </Card>
      <Card className="p-5">
        <SectionTitle title="Payment Method" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {card ? (
            <p className="flex items-center gap-2 text-sm text-slate-800">
              <CreditCard aria-hidden="true" className="size-5 text-slate-500" />
              <span>{`${card.brand} ending in ${card.last4}`}</span>
              {card.expMonth && card.expYear ? <span className="text-slate-500">· expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}</span> : null}
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              {!isBillingAdmin ? "Payment details are visible to administrators." : data?.billingMode === "manual" ? "Invoiced manually: no card on file." : "No card on file."}
            </p>
          )}
          {isBillingAdmin && !manual ? (
            <Button variant="secondary" size="sm" onClick={openCardUpdate} disabled={updateCard.isPending || !data}>
              {updateCard.isPending ? "Opening..." : "Update"}
            </Button>
          ) : isBillingAdmin ? (
            <p className="text-sm text-slate-500">Card updates do not apply: invoices are paid by cheque or wire transfer.</p>
          ) : (
            <Button variant="secondary" size="sm" disabled>
              Update
            </Button>
          )}
        </div>
      </Card>
      {isBillingAdmin && <InvoicesCard />}
      <Card className="p-5">
        <SectionTitle title="Billing History" />
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">{isBillingAdmin ? "No billing history yet." : "Billing history is visible to administrators."}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {history.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <div>
                  <p className="font-medium text-slate-900">{entry.description}</p>
                  <p className="text-slate-500">{day(entry.createdAt)}</p>
                </div>
                <span className="text-slate-800">{entry.amount === null ? "—" : money(entry.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
