import { TEAM_MESSAGES, type ContractAccessGrant } from "@clausewise/shared";
import { useRevokeAccess } from "../../api/team";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { toastTeamFailure } from "./access-feedback";

/**
 * Revoke contract access grants with the spec's toasts ('Access revoked' / 'Revoke failed' with the
 * server's message). Held by the list, not by a row: a revoked row leaves the list when the grants
 * refetch, and callbacks of a mutation whose component has unmounted never run.
 */
export function useRevokeGrant({ onRevoked, onFailed }: { onRevoked?: (grant: ContractAccessGrant) => void; onFailed?: (error: unknown) => void } = {}) {
  const revoke = useRevokeAccess();
  const run = (grant: ContractAccessGrant) =>
    revoke.mutate(grant.id, {
      onSuccess: () => {
        toast({ title: TEAM_MESSAGES.accessRevoked, description: `${grant.userName} no longer has ${grant.accessLevel} access to "${grant.contractTitle}".` });
        onRevoked?.(grant);
      },
      onError: (error) => {
        toastTeamFailure(TEAM_MESSAGES.revokeFailed, error);
        onFailed?.(error);
      },
    });
  return { revoke: run, isPending: revoke.isPending };
}

export function RevokeAccessButton({ grant, revoker }: { grant: ContractAccessGrant; revoker: ReturnType<typeof useRevokeGrant> }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={revoker.isPending}
      aria-label={`Revoke ${grant.userName}'s access to ${grant.contractTitle}`}
      onClick={() => revoker.revoke(grant)}
    >
      Revoke
    </Button>
  );
}
