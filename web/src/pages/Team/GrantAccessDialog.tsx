import { useState } from "react";
import { TEAM_MESSAGES, type AccessLevel } from "@clausewise/shared";
import { useContracts } from "../../api/contracts";
import { useGrantAccess, useTeamMembers } from "../../api/team";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { NativeSelect } from "../../components/ui/native-select";
import { displayName } from "../../lib/user";
import { toast } from "../../stores/toast";
import { ACCESS_LEVEL_OPTIONS, toastTeamFailure } from "./feedback";

/** Manage Access › Grant Contract Access (spec §5: only active members can be chosen; read by default). */
export function GrantAccessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const contracts = useContracts({}, open);
  const members = useTeamMembers(open);
  const grant = useGrantAccess();
  const [contractId, setContractId] = useState("");
  const [userId, setUserId] = useState("");
  const [accessLevel, setAccessLevel] = useState<AccessLevel>("read");
  const activeMembers = members.data?.filter((m) => m.isActive) ?? [];

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setContractId("");
      setUserId("");
      setAccessLevel("read");
    }
  };

  const onSubmit = () => {
    if (!contractId || !userId) return;
    grant.mutate(
      { contractId, userId, accessLevel },
      {
        onSuccess: (row) => {
          toast({ title: TEAM_MESSAGES.accessGranted, description: `${row.userName} now has ${row.accessLevel} access to "${row.contractTitle}".` });
          close(false);
        },
        onError: (error) => toastTeamFailure(TEAM_MESSAGES.accessFailed, error),
      },
    );
  };

  return (
    <FormDialog
      id="grant-access-form"
      open={open}
      onClose={() => close(false)}
      title="Grant Contract Access"
      description="Give an active team member access to one contract."
      submitLabel={grant.isPending ? "Granting..." : "Grant Access"}
      submitDisabled={!contractId || !userId || grant.isPending}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <Field label="Contract">
        {({ id }) => (
          <NativeSelect id={id} value={contractId} onChange={(e) => setContractId(e.target.value)}>
            <option value="">{contracts.isPending ? "Loading contracts..." : "Select a contract"}</option>
            {contracts.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Team member">
        {({ id }) => (
          <NativeSelect id={id} value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">{members.isPending ? "Loading members..." : "Select a team member"}</option>
            {activeMembers.map((m) => (
              <option key={m.id} value={m.id}>
                {displayName(m)} ({m.email})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Access level">
        {({ id }) => (
          <NativeSelect id={id} value={accessLevel} onChange={(e) => setAccessLevel(e.target.value as AccessLevel)}>
            {ACCESS_LEVEL_OPTIONS.map((o) => (
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
