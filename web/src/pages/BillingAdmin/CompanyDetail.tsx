import { useState, type ReactNode } from "react";
import { BILLING_ADMIN_MESSAGES, type AdminCompanyDetail } from "@clausewise/shared";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { OverdueBadge, STATUS_TONES } from "./CompanyList";
import { ReactivateDialog, RecordPaymentDialog, SuspendDialog, type CompanyAction } from "./ActionDialogs";
import { eventLabel, formatCents, formatDay, titleCase } from "./format";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function BillingEvents({ events }: { events: AdminCompanyDetail["billingEvents"] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">{BILLING_ADMIN_MESSAGES.noEvents}</p>;
  return (
    <ul aria-label="Billing events" className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{eventLabel(event.eventType)}</p>
            {event.adminNotes && <p className="text-slate-600">{event.adminNotes}</p>}
            <p className="text-xs text-slate-500">
              {formatDay(event.createdAt)}
              {event.emailSent ? " · Email sent" : ""}
            </p>
          </div>
          {event.amount !== null && <span className="font-medium text-slate-900">{formatCents(event.amount)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The right-hand side: the selected company, its admin, its billing events and the operator's actions. */
export function CompanyDetail({ detail }: { detail: AdminCompanyDetail }) {
  const { company, adminUser, billingEvents } = detail;
  const [action, setAction] = useState<CompanyAction | null>(null);
  const close = () => setAction(null);
  const adminName = adminUser ? [adminUser.firstName, adminUser.lastName].filter(Boolean).join(" ") : "";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{company.name}</h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge tone={STATUS_TONES[company.accountStatus]}>{titleCase(company.accountStatus)}</Badge>
            <OverdueBadge days={company.paymentOverdueDays} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {company.abilities.recordPayment && (
            <Button variant="secondary" size="sm" onClick={() => setAction("payment")}>
              Record Payment
            </Button>
          )}
          {company.abilities.reactivate && (
            <Button size="sm" onClick={() => setAction("reactivate")}>
              Reactivate
            </Button>
          )}
          {company.abilities.suspend && (
            <Button variant="danger" size="sm" onClick={() => setAction("suspend")}>
              Suspend
            </Button>
          )}
        </div>
      </div>

      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Plan">{titleCase(company.subscriptionPlan)}</Fact>
        <Fact label="Customer since">{formatDay(company.createdAt)}</Fact>
        <Fact label="Last payment">{formatDay(company.lastPaymentDate)}</Fact>
        <Fact label="Next payment due">{formatDay(company.nextPaymentDue)}</Fact>
        <Fact label="Admin user">{adminUser ? `${adminName ? `${adminName} · ` : ""}${adminUser.email}` : "No active admin"}</Fact>
        {company.suspendedReason && <Fact label="Suspension reason">{company.suspendedReason}</Fact>}
        {company.adminNotes && <Fact label="Admin notes">{company.adminNotes}</Fact>}
      </dl>

      <section aria-labelledby="billing-events-heading" className="space-y-2">
        <h3 id="billing-events-heading" className="text-sm font-semibold text-slate-900">
          Billing Events
        </h3>
        <BillingEvents events={billingEvents} />
      </section>

      {action === "suspend" && <SuspendDialog company={company} onClose={close} />}
      {action === "reactivate" && <ReactivateDialog company={company} onClose={close} />}
      {action === "payment" && <RecordPaymentDialog company={company} onClose={close} />}
    </div>
  );
}
