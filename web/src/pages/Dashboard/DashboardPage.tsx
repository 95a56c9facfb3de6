import { useState } from "react";
import { Link } from "react-router-dom";
import { FileUp, ShieldCheck, Upload } from "lucide-react";
import { can, useSignedInUser } from "../../api/auth";
import { EmailVerificationBanner } from "../../components/EmailVerificationBanner";
import { NotificationBell } from "../../components/NotificationBell";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { UploadContractDialog } from "../../components/upload/UploadContractDialog";
import { useDocumentTitle } from "../../lib/hooks";
import { ContractTable } from "./ContractTable";
import { MyWork } from "./MyWork";
import { UploadContractButton } from "./UploadContractButton";

/** A company without contracts: the first step is an upload, not a choice from an empty list. */
function FirstUpload({ allowed }: { allowed: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="first-upload-heading" className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <FileUp aria-hidden="true" className="size-7" />
      </span>
      <h2 id="first-upload-heading" className="mt-4 text-lg font-semibold text-slate-900">
        No contracts yet
      </h2>
      {allowed ? (
        <>
          <p className="mx-auto mt-1.5 max-w-md text-sm text-slate-600">
            Upload a PDF, Word or text file to start your first secure review. ClauseWise analyses it and your team can mark it up together.
          </p>
          <Button className="mt-5" onClick={() => setOpen(true)} aria-haspopup="dialog">
            <Upload aria-hidden="true" />
            Upload your first contract
          </Button>
          <UploadContractDialog open={open} onOpenChange={setOpen} />
        </>
      ) : (
        <p className="mx-auto mt-1.5 max-w-md text-sm text-slate-600">Contracts your team uploads will appear here. Ask an administrator to upload the first one.</p>
      )}
    </section>
  );
}

export function DashboardPage() {
  const user = useSignedInUser();
  useDocumentTitle("Contract Review Dashboard");
  const mayUpload = can(user, "contract.upload");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
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
          {/* Only those who may manage it: for anyone else the page is "Access Restricted". */}
          {can(user, "subscription.manage") && (
            <Link to="/subscription" className={buttonClasses("secondary")}>
              Subscription
            </Link>
          )}
          <UploadContractButton allowed={mayUpload} />
        </div>
      </header>

      <div className="flex-1 space-y-6 bg-slate-50 px-4 py-6 sm:px-8">
        <MyWork />
        <ContractTable empty={<FirstUpload allowed={mayUpload} />} />
      </div>
    </div>
  );
}
