import type { ReactNode } from "react";
import { useContractAccess } from "../../api/team";
import { LoadError } from "../../components/contract/QueryState";
import { RevokeAccessButton, useRevokeGrant } from "../../components/contract/RevokeAccessButton";
import { Badge } from "../../components/ui/badge";
import { LoadingState } from "../../components/ui/spinner";
import { roleLabel } from "../../lib/user";
import { formatDate } from "./feedback";
import { Cell, Section, Table } from "../../components/ui/table";

/** The Contract Access Control table: every per-contract grant of the company, with revoke. */
export function AccessTable({ action }: { action?: ReactNode }) {
  const grants = useContractAccess();
  const revoker = useRevokeGrant();

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
                {grant.canRevoke && <RevokeAccessButton grant={grant} revoker={revoker} />}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
