import { Link } from "react-router-dom";
import { FileText, ShieldCheck } from "lucide-react";
import { can, useSignedInUser } from "../../api/auth";
import { EmailVerificationBanner } from "../../components/EmailVerificationBanner";
import { NotificationBell } from "../../components/NotificationBell";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { useDocumentTitle } from "../../lib/hooks";
import { ContractList } from "./ContractList";
import { UploadContractButton } from "./UploadContractButton";

export function DashboardPage() {
  const user = useSignedInUser();
  useDocumentTitle("Contract Review Dashboard");
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:h-screen">
      <EmailVerificationBanner user={user} />
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-5 sm:px-8">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Contract Review Dashboard</h1>
            <Badge tone="success">
              <ShieldCheck aria-hidden="true" />
              Privacy Protected
            </Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">Manage and review EPC contracts securely</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NotificationBell />
          <Link to="/pricing" className={buttonClasses("secondary")}>
            Pricing
          </Link>
          <Link to="/subscription" className={buttonClasses("secondary")}>
            Subscription
          </Link>
          <UploadContractButton allowed={can(user, "contract.upload")} />
        </div>
      </header>

      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <ContractList className="border-slate-200 bg-slate-50 lg:w-96 lg:shrink-0 lg:border-r" />
        <section
          aria-label="Contract review"
          className="hidden flex-1 items-center justify-center bg-white p-8 lg:flex"
        >
          <div className="max-w-sm text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <FileText aria-hidden="true" className="size-7" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Select a contract to review</h2>
            <p className="mt-1.5 text-sm text-slate-600">Choose a contract from the list to begin your secure review process</p>
          </div>
        </section>
      </div>
    </div>
  );
}
