import { TEAM_MESSAGES, type ContractAccessGrant } from "@clausewise/shared";
import type { ReactNode } from "react";
import { useContractAccess, useRevokeAccess } from "../../api/team";
import { LoadError } from "../../components/contract/QueryState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";
import { formatDate, toastTeamFailure } from "./feedback";
import { Cell, Section, Table } from "./tables";

/** The Contract Access Control table: every per-contract grant of the company, with revoke. */
export function AccessTable({ action }: { action?: ReactNode }) {
  const grants = useContractAccess();
  const revoke = useRevokeAccess();

  const onRevoke = (grant: ContractAccessGrant) =>
    revoke.mutate(grant.id, {
      onSuccess: () => toast({ title: TEAM_MESSAGES.accessRevoked, description: `${grant.userName} no longer has ${grant.accessLevel} access to "${grant.contractTitle}".` }),
      onError: (error) => toastTeamFailure(TEAM_MESSAGES.revokeFailed, error),
    });

  return (
    <Section title="Contract Access Control" description="Per-contract access that widens or narrows a member's role on one contract." action={action}>
      {grants.isPending ? (
        <LoadingState />
      ) : grants.isError ? (
        <LoadError what="Contract access" error={grants.error} onRetry={() => void grants.refetch()} />
      ) : grants.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No contract access grants yet.</p>
      ) : (
        <Table label="Contract Access Control" columns={["Contract", "Member", "Access level", "Granted", "Actions"]}>
          {grants.data.map((grant) => (
            <tr key={grant.id}>
              <Cell className="font-medium text-slate-900">{grant.contractTitle}</Cell>
              <Cell>{grant.userName}</Cell>
              <Cell>
                <Badge tone="info">{roleLabel(grant.accessLevel)}</Badge>
              </Cell>
              <Cell className="text-slate-600">{formatDate(grant.grantedAt)}</Cell>
              <Cell className="text-right">
                {grant.canRevoke && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${grant.userName}'s access to ${grant.contractTitle}`}
                    onClick={() => onRevoke(grant)}
                  >
                    Revoke
                  </Button>
                )}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
