import { useState } from "react";
import { TEAM_MESSAGES, type Role } from "@clausewise/shared";
import { useInviteMember } from "../../api/team";
import { Field, TextField } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../stores/toast";
import { ROLE_OPTIONS, toastTeamFailure } from "./feedback";

/** Invite Member: an email and a role; the invitee gets a single-use link valid for 7 days. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("reviewer");

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setEmail("");
      setRole("reviewer");
      invite.reset();
    }
  };

  const onSubmit = () => {
    if (email.trim() === "") return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          toast({ title: TEAM_MESSAGES.invited, description: `An invitation was sent to ${invitation.email}. It expires in 7 days.` });
          close(false);
        },
        onError: (error) => toastTeamFailure(TEAM_MESSAGES.inviteFailed, error),
      },
    );
  };

  return (
    <FormDialog
      id="invite-member-form"
      open={open}
      onClose={() => close(false)}
      title="Invite Member"
      description="They receive an email with a link to join your company. The link works once and expires in 7 days."
      submitLabel={invite.isPending ? "Sending..." : "Send Invitation"}
      submitDisabled={email.trim() === "" || invite.isPending}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <TextField label="Email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="colleague@company.com" />
      <Field label="Role">
        {({ id }) => (
          <NativeSelect id={id} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </FormDialog>
  );
}
