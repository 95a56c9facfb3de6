import { useState } from "react";
import { TEAM_MESSAGES, type Role, type TeamMember } from "@clausewise/shared";
import { useChangeRole, useDeactivateMember, useTeamMembers } from "../../api/team";
import { LoadError } from "../../components/contract/QueryState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { displayName, roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";
import { ROLE_OPTIONS, formatDate, toastTeamFailure } from "./feedback";
import { Cell, Section, Table } from "../../components/ui/table";

export function MembersTable() {
  const members = useTeamMembers();
  const changeRole = useChangeRole();
  const deactivate = useDeactivateMember();
  const [confirming, setConfirming] = useState<TeamMember | null>(null);

  const onRole = (member: TeamMember, role: Role) =>
    changeRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => toast({ title: TEAM_MESSAGES.roleUpdated, description: `${displayName(member)} is now ${roleLabel(role)}.` }),
        onError: (error) => toastTeamFailure(TEAM_MESSAGES.updateFailed, error),
      },
    );

  const onDeactivate = (member: TeamMember) =>
    deactivate.mutate(member.id, {
      onSuccess: () => {
        toast({ title: TEAM_MESSAGES.deactivated, description: `${displayName(member)} can no longer sign in.` });
        setConfirming(null);
      },
      onError: (error) => {
        toastTeamFailure(TEAM_MESSAGES.deactivationFailed, error);
        setConfirming(null);
      },
    });

  return (
    <Section title="Team Members" description="Everyone in your company, their role and status.">
      {members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <LoadError what="Team members" error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <Table label="Team Members" columns={["Member", "Role", "Status", "Joined", "Actions"]}>
          {members.data.map((member) => (
            <tr key={member.id}>
              <Cell>
                <p className="font-medium text-slate-900">{displayName(member)}</p>
                <p className="text-xs text-slate-500">{member.email}</p>
              </Cell>
              <Cell>
                {member.abilities.changeRole ? (
                  <NativeSelect
                    aria-label={`Role of ${displayName(member)}`}
                    className="w-36"
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => onRole(member, e.target.value as Role)}
                  >
                    {ROLE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <Badge tone="brand">{roleLabel(member.role)}</Badge>
                )}
              </Cell>
              <Cell>{member.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}</Cell>
              <Cell className="text-slate-600">{formatDate(member.createdAt)}</Cell>
              <Cell className="text-right">
                {member.isActive && member.abilities.deactivate && (
                  <Button variant="secondary" size="sm" aria-label={`Deactivate ${displayName(member)}`} onClick={() => setConfirming(member)}>
                    Deactivate
                  </Button>
                )}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Deactivate member?"
        description={
          confirming
            ? `${displayName(confirming)} will be signed out everywhere at once and can no longer sign in. This cannot be undone from this screen.`
            : ""
        }
        confirmLabel="Deactivate"
        destructive
        pending={deactivate.isPending}
        onConfirm={() => confirming && onDeactivate(confirming)}
      />
    </Section>
  );
}
