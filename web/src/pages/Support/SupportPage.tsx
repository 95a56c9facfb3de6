import { Clock, Siren } from "lucide-react";
import { useCurrentUser } from "../../api/auth";
import { ComingSoonCard } from "../../components/ComingSoonCard";
import { PageHeader } from "../../components/PageHeader";
import { Card } from "../../components/ui/card";
import { useDocumentTitle } from "../../lib/hooks";

/** Billing spec §9: response targets by ticket priority. */
const RESPONSE_TARGETS = [
  { priority: "Urgent", target: "within 2 hours" },
  { priority: "High", target: "within 8 hours" },
  { priority: "Medium", target: "within 24 hours" },
  { priority: "Low", target: "within 48 hours" },
];

export function SupportPage() {
  useDocumentTitle("Support");
  const { data: user } = useCurrentUser();
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title="Support"
        description="Get help with ClauseWise from our support team."
        rootLabel={user ? "Dashboard" : "Home"}
      />
      <div className="flex-1 space-y-6 px-4 py-6 sm:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Clock aria-hidden="true" className="size-4.5 text-brand-700" />
              Business hours
            </h2>
            <p className="mt-2 text-sm text-slate-700">Monday to Friday, 8:00 AM to 6:00 PM MST</p>
            <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
              <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
              24/7 emergency support for Enterprise customers
            </p>
          </Card>
          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">Response times</h2>
            <dl className="mt-3 divide-y divide-slate-100 text-sm">
              {RESPONSE_TARGETS.map((row) => (
                <div key={row.priority} className="flex justify-between py-1.5">
                  <dt className="font-medium text-slate-700">{row.priority}</dt>
                  <dd className="text-slate-600">{row.target}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
        <ComingSoonCard>Support tickets and the help center will be available here in an upcoming release.</ComingSoonCard>
      </div>
    </div>
  );
}
