import { Lock } from "lucide-react";
import { isTextLocked, type ContractDetail } from "@clausewise/shared";

/**
 * The header's version (spec §2: "v{version}"). An approved contract shows the version its approval
 * applies to, and a locked one says so (issue 14); after reopening, the last approved version stays
 * in sight next to the version being written.
 */
export function VersionLabel({ contract }: { contract: Pick<ContractDetail, "status" | "version" | "approvedVersion"> }) {
  const { status, version, approvedVersion } = contract;
  if (status === "approved") {
    // Contracts approved before approvals recorded their version (and the demo's) show the current one.
    return (
      <span className="inline-flex items-center gap-1 text-xs text-emerald-800" title="The approval applies to this version; its text is locked.">
        <Lock aria-hidden="true" className="size-3.5" />
        <span className="font-mono">v{approvedVersion ?? version}</span> approved version
      </span>
    );
  }
  if (isTextLocked(status)) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-slate-600" title="The text is locked while the contract is pending approval.">
        <span className="font-mono text-slate-500">v{version}</span>
        <Lock aria-hidden="true" className="size-3.5" /> locked for approval
      </span>
    );
  }
  return (
    <span className="text-xs text-slate-500">
      <span className="font-mono">v{version}</span>
      {approvedVersion !== null && <span> (last approved: v{approvedVersion})</span>}
    </span>
  );
}
