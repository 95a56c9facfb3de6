import { useState } from "react";
import { BILLING_ADMIN_MESSAGES } from "@clausewise/shared";
import { useSignedInUser } from "../../api/auth";
import { useAdminCompanies, useAdminCompany, useProcessOverdue } from "../../api/billing-admin";
import { auditLogPath } from "../../api/audit";
import { errorText } from "../../api/client";
import { AuditLogView } from "../../components/audit/AuditLogView";
import { PageScaffold } from "../../components/PageScaffold";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadingState } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";
import { CompanyDetail } from "./CompanyDetail";
import { CompanyList } from "./CompanyList";

function SelectedCompany({ id }: { id: string | null }) {
  const detail = useAdminCompany(id);
  if (id === null) return <p className="text-sm text-slate-600">Select a company to see its details and billing events.</p>;
  if (detail.isPending) return <LoadingState label="Loading company..." />;
  if (detail.isError) return <p className="text-sm text-red-700">{errorText(detail.error, "The company could not be loaded.")}</p>;
  return <CompanyDetail key={id} detail={detail.data} />;
}

function BillingAdministration({ operator }: { operator: boolean }) {
  const companies = useAdminCompanies();
  const processOverdue = useProcessOverdue();
  const [picked, setPicked] = useState<string | null>(null);
  const list = companies.data ?? [];
  // A company admin sees only their own company: open it straight away.
  const selectedId = picked ?? (list.length === 1 ? list[0]!.id : null);

  function runOverdue() {
    processOverdue.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: BILLING_ADMIN_MESSAGES.overdueProcessed,
          description: `${result.checked} checked, ${result.markedOverdue} newly overdue, ${result.suspended} suspended.`,
        }),
      onError: (error) => toast({ title: "Error", description: errorText(error, "Something went wrong. Please try again."), variant: "destructive" }),
    });
  }

  return (
    <div className="space-y-4">
      {operator && (
        <div className="flex justify-end">
          <Button onClick={runOverdue} disabled={processOverdue.isPending}>
            {processOverdue.isPending ? "Processing..." : "Process Overdue Accounts"}
          </Button>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <Card className="overflow-hidden">
          <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">Companies</h2>
          {companies.isPending ? (
            <LoadingState label="Loading companies..." />
          ) : companies.isError ? (
            <p className="p-4 text-sm text-red-700">{errorText(companies.error, "The companies could not be loaded.")}</p>
          ) : (
            <CompanyList companies={list} selectedId={selectedId} onSelect={setPicked} />
          )}
        </Card>
        <Card className="p-5">
          <SelectedCompany id={selectedId} />
        </Card>
      </div>
      {/* Operators read the selected company's audit log here (issue 16); a company admin has their own page. */}
      {operator && selectedId && <AuditLogView key={selectedId} path={auditLogPath(selectedId)} title="Company Audit Log" />}
    </div>
  );
}

export function BillingAdminPage() {
  const user = useSignedInUser();
  return (
    <PageScaffold
      title="Billing Administration"
      description="Company accounts, payments and billing events."
      restriction={{ ability: "billing.admin", title: "Access Denied", message: BILLING_ADMIN_MESSAGES.accessDenied }}
    >
      <BillingAdministration operator={user.isPlatformAdmin} />
    </PageScaffold>
  );
}
