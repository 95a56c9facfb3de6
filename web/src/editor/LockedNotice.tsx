import { Lock } from "lucide-react";
import { textLockedMessage, type ContractDetail } from "@clausewise/shared";
import { ReopenForChangesButton } from "../components/contract/ReopenForChangesButton";

/**
 * Approval locks the text (issue 14): the editor is read-only and says why, which version the
 * approval applies to, and offers "Reopen for changes" to those who may.
 */
export function LockedNotice({ contract }: { contract: ContractDetail }) {
  const version = contract.status === "approved" ? ` The approval applies to version ${contract.approvedVersion ?? contract.version}.` : "";
  return (
    <div role="status" aria-label="Document locked" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-950 print:hidden">
      <Lock aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Read-only.</strong> {textLockedMessage(contract.status)}
        {version}
      </p>
      <ReopenForChangesButton contract={contract} />
    </div>
  );
}
