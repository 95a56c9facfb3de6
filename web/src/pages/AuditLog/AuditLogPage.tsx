import { AUDIT_MESSAGES, memberDisplayName } from "@clausewise/shared";
import { auditLogPath } from "../../api/audit";
import { useContracts } from "../../api/contracts";
import { useTeamMembers } from "../../api/team";
import { AuditLogView } from "../../components/audit/AuditLogView";
import { PageScaffold } from "../../components/PageScaffold";

/** Rendered only for admins (PageScaffold's restriction), so nothing is requested for others. */
function CompanyAuditLog() {
  const members = useTeamMembers();
  const contracts = useContracts({});
  const people = (members.data ?? []).map((m) => ({ value: m.id, label: `${memberDisplayName(m)}${m.isActive ? "" : " (deactivated)"}` }));
  const contractOptions = (contracts.data ?? []).map((c) => ({ value: c.id, label: c.title }));
  return <AuditLogView path={auditLogPath()} people={people} contracts={contractOptions} />;
}

export function AuditLogPage() {
  return (
    <PageScaffold
      title="Audit Log"
      description="Every recorded action in your company: sign-ins, contract decisions, team and billing changes."
      restriction={{ ability: "audit.view", title: "Access Restricted", message: AUDIT_MESSAGES.accessRestricted }}
    >
      <CompanyAuditLog />
    </PageScaffold>
  );
}
