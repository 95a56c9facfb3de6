import { TEAM_MESSAGES, type TeamInvitation } from "@clausewise/shared";
import { useResendInvitation, useTeamInvitations, useWithdrawInvitation } from "../../api/team";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";
import { formatDate, toastTeamFailure } from "./feedback";
import { Cell, Section, Table } from "../../components/ui/table";

/**
 * Spec §2: shown only when invitations exist; each is Pending until its expiry. Withdrawing one frees
 * its seat, since pending invitations count against the plan's team member limit.
 */
export function InvitationsTable() {
  const invitations = useTeamInvitations();
  const withdraw = useWithdrawInvitation();
  const resend = useResendInvitation();
  if (!invitations.data || invitations.data.length === 0) return null;

  const onWithdraw = (invitation: TeamInvitation) =>
    withdraw.mutate(invitation.id, {
      onSuccess: () => toast({ title: TEAM_MESSAGES.invitationWithdrawn, description: `The invitation to ${invitation.email} no longer works.` }),
      onError: (error) => toastTeamFailure(TEAM_MESSAGES.withdrawFailed, error),
    });

  const onResend = (invitation: TeamInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast({ title: TEAM_MESSAGES.resent, description: `A new link was sent to ${invitation.email}; the earlier link no longer works.` }),
      onError: (error) => toastTeamFailure(TEAM_MESSAGES.resendFailed, error),
    });

  return (
    <Section title="Pending Invitations" description="Invitations not yet accepted. Each link expires after 7 days; resending sends a new one.">
      <Table label="Pending Invitations" columns={["Email", "Role", "Status", "Expires", "Actions"]}>
        {invitations.data.map((invitation) => (
          <tr key={invitation.id}>
            <Cell className="font-medium text-slate-900">{invitation.email}</Cell>
            <Cell>{roleLabel(invitation.role)}</Cell>
            <Cell>
              <Badge tone="warning">Pending</Badge>
            </Cell>
            <Cell className="text-slate-600">{formatDate(invitation.expiresAt)}</Cell>
            <Cell className="space-x-2 text-right whitespace-nowrap">
              <Button
                variant="secondary"
                size="sm"
                disabled={resend.isPending}
                aria-label={`Resend the invitation to ${invitation.email}`}
                onClick={() => onResend(invitation)}
              >
                Resend
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={withdraw.isPending}
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                onClick={() => onWithdraw(invitation)}
              >
                Withdraw
              </Button>
            </Cell>
          </tr>
        ))}
      </Table>
    </Section>
  );
}
