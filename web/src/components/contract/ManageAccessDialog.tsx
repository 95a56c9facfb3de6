import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { TEAM_MESSAGES, type ContractAccessGrant, type ContractDetail } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { reviewersKey } from "../../api/reviewers";
import { useContractAccess } from "../../api/team";
import { roleLabel } from "../../lib/user";
import { Badge } from "../ui/badge";
import { fullDateTime, shortDate } from "./format";
import { GrantAccessDialog } from "./GrantAccessDialog";
import { EmptyNote } from "./PanelSection";
import { FormAlert, ListSkeleton, LoadError } from "./QueryState";
import { RevokeAccessButton, useRevokeGrant } from "./RevokeAccessButton";

/** The grants on this contract (GET /api/team/contract-access lists the company's), each with Revoke when allowed. */
function CurrentGrants({ contract, open, onChanged }: { contract: ContractDetail; open: boolean; onChanged: () => void }) {
  const grants = useContractAccess(open);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  // The modal hides the toast region from screen readers: the dialog says what happened too.
  const [revoked, setRevoked] = useState("");
  const headingId = useId();
  const revoker = useRevokeGrant({
    onRevoked: (grant) => {
      setRevokeError(null);
      setRevoked(`${grant.userName} no longer has ${grant.accessLevel} access to this contract.`);
      onChanged();
    },
    onFailed: (error) => {
      setRevoked("");
      setRevokeError(isUnauthorizedError(error) ? null : errorText(error, "Something went wrong. Please try again."));
    },
  });
  const mine = (grants.data ?? []).filter((g: ContractAccessGrant) => g.contractId === contract.id);
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Current grants
      </h3>
      {grants.isPending ? (
        <ListSkeleton label="Loading contract access" rows={2} />
      ) : grants.isError ? (
        <LoadError what="Contract access" error={grants.error} onRetry={() => void grants.refetch()} />
      ) : mine.length === 0 ? (
        <EmptyNote>No one has a grant on this contract: members work at their role&apos;s level.</EmptyNote>
      ) : (
        <ul aria-label="Current grants" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {mine.map((grant) => (
            <li key={grant.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{grant.userName}</span>
              <Badge tone="info">{roleLabel(grant.accessLevel)}</Badge>
              <time dateTime={grant.grantedAt} title={fullDateTime(grant.grantedAt)} className="text-xs text-slate-500">
                {shortDate(grant.grantedAt)}
              </time>
              {grant.canRevoke && (
                <RevokeAccessButton grant={grant} revoker={revoker} />
              )}
            </li>
          ))}
        </ul>
      )}
      {revokeError && <FormAlert title={TEAM_MESSAGES.revokeFailed}>{revokeError}</FormAlert>}
      <p role="status" className="text-xs text-slate-600 empty:hidden">
        {revoked}
      </p>
    </section>
  );
}

/**
 * Manage Access from the contract page (spec §6: admins and approvers grant and revoke contract
 * access): the Team page's Grant Contract Access dialog with this contract chosen, and its grants.
 */
export function ManageAccessDialog({ contract, open, onOpenChange }: { contract: ContractDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  // A grant or revocation can change who works on the contract (Team Collaboration › Reviewers).
  const refreshPeople = () => void queryClient.invalidateQueries({ queryKey: reviewersKey(contract.id) });
  return (
    <GrantAccessDialog open={open} onOpenChange={onOpenChange} contract={contract} onGranted={refreshPeople}>
      <CurrentGrants contract={contract} open={open} onChanged={refreshPeople} />
    </GrantAccessDialog>
  );
}
