import { useState } from "react";
import { TEAM_MESSAGES, type Role, type TeamMember } from "@clausewise/shared";
import { useChangeRole, useDeactivateMember, useReactivateMember, useTeamMembers } from "../../api/team";
import { LoadError } from "../../components/contract/QueryState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { Cell, Section, Table } from "../../components/ui/table";
import { displayName, roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";
import { ROLE_OPTIONS, ROLE_SUMMARIES, formatDate, toastTeamFailure } from "./feedback";

const article = (role: Role) => (role === "admin" || role === "approver" ? "an" : "a");

function RoleCell({ member, disabled, onPick }: { member: TeamMember; disabled: boolean; onPick: (role: Role) => void }) {
  if (!member.abilities.changeRole) {
    // A deactivated member's role waits, unchanged, until they are reactivated (the server refuses too).
    return <Badge tone={member.isActive ? "brand" : "neutral"}>{roleLabel(member.role)}</Badge>;
  }
  return (
    <NativeSelect aria-label={`Role of ${displayName(member)}`} className="w-36" value={member.role} disabled={disabled} onChange={(e) => onPick(e.target.value as Role)}>
      {ROLE_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}

export function MembersTable() {
  const members = useTeamMembers();
  const changeRole = useChangeRole();
  const deactivate = useDeactivateMember();
  const reactivate = useReactivateMember();
  const [deactivating, setDeactivating] = useState<TeamMember | null>(null);
  // The role picked in the select, waiting for confirmation; the select shows the saved role until then.
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: Role } | null>(null);

  const onRole = ({ member, role }: { member: TeamMember; role: Role }) =>
    changeRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => toast({ title: TEAM_MESSAGES.roleUpdated, description: `${displayName(member)} is now ${article(role)} ${roleLabel(role)}.` }),
        onError: (error) => toastTeamFailure(TEAM_MESSAGES.updateFailed, error),
        onSettled: () => setRoleChange(null),
      },
    );

  const onDeactivate = (member: TeamMember) =>
    deactivate.mutate(member.id, {
      onSuccess: () => toast({ title: TEAM_MESSAGES.deactivated, description: `${displayName(member)} can no longer sign in.` }),
      onError: (error) => toastTeamFailure(TEAM_MESSAGES.deactivationFailed, error),
      onSettled: () => setDeactivating(null),
    });

  const onReactivate = (member: TeamMember) =>
    reactivate.mutate(member.id, {
      onSuccess: () => toast({ title: TEAM_MESSAGES.reactivated, description: `${displayName(member)} can sign in again.` }),
      onError: (error) => toastTeamFailure(TEAM_MESSAGES.reactivationFailed, error),
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
                <RoleCell member={member} disabled={changeRole.isPending} onPick={(role) => role !== member.role && setRoleChange({ member, role })} />
              </Cell>
              <Cell>{member.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}</Cell>
              <Cell className="text-slate-600">{formatDate(member.createdAt)}</Cell>
              <Cell className="text-right">
                {member.abilities.deactivate && (
                  <Button variant="secondary" size="sm" aria-label={`Deactivate ${displayName(member)}`} onClick={() => setDeactivating(member)}>
                    Deactivate
                  </Button>
                )}
                {member.abilities.reactivate && (
                  <Button variant="secondary" size="sm" aria-label={`Reactivate ${displayName(member)}`} disabled={reactivate.isPending} onClick={() => onReactivate(member)}>
                    Reactivate
                  </Button>
                )}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <ConfirmDialog
        open={roleChange !== null}
        onOpenChange={(open) => !open && setRoleChange(null)}
        title="Change role?"
        description={
          roleChange
            ? `${displayName(roleChange.member)} will be ${article(roleChange.role)} ${roleLabel(roleChange.role)} instead of ${article(roleChange.member.role)} ${roleLabel(roleChange.member.role)}: they will ${ROLE_SUMMARIES[roleChange.role]}. Their open documents follow the new role at once.`
            : ""
        }
        confirmLabel="Change role"
        pending={changeRole.isPending}
        onConfirm={() => roleChange && onRole(roleChange)}
      />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title="Deactivate member?"
        description={
          deactivating
            ? `${displayName(deactivating)} will be signed out everywhere at once and can no longer sign in. You can reactivate them later from this table if a seat is free.`
            : ""
        }
        confirmLabel="Deactivate"
        destructive
        pending={deactivate.isPending}
        onConfirm={() => deactivating && onDeactivate(deactivating)}
      />
    </Section>
  );
}
