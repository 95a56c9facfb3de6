import { Link } from "react-router-dom";
import { CreditCard, Download } from "lucide-react";
import { DEFAULT_SETTINGS_PLAN, planOf } from "@clausewise/shared";
import { can, useSignedInUser } from "../../api/auth";
import { useBillingSummary, useUsage } from "../../api/billing";
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
  const usage = useUsage();
  const data = summary.data;

  const usagePlan = usage.data ? planOf(usage.data.currentPlan) : null;
  const planName = data?.planName ? `${data.planName.replace(/ Plan$/, "")} Plan` : usagePlan ? `${usagePlan.name} Plan` : DEFAULT_SETTINGS_PLAN.planName;
  const amount = data ? data.amount / 100 : usagePlan ? usagePlan.price / 100 : DEFAULT_SETTINGS_PLAN.amount;
  const card = data?.paymentMethod ?? null;
  const history = data?.history ?? [];

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
          {isBillingAdmin ? (
            <Link to="/subscription" className={buttonClasses("secondary", "sm")}>
              Update
            </Link>
          ) : (
            <Button variant="secondary" size="sm" disabled>
              Update
            </Button>
          )}
        </div>
      </Card>
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
                <div className="flex items-center gap-3">
                  <span className="text-slate-800">{entry.amount === null ? "—" : money(entry.amount)}</span>
                  <Button variant="ghost" size="sm" disabled aria-label={`Download invoice of ${day(entry.createdAt)}`}>
                    <Download aria-hidden="true" />
                    Download
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
