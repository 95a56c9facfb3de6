import { useState, type ReactNode } from "react";
import { TEAM_MESSAGES, type AccessLevel, type ContractAccessGrant } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useContracts } from "../../api/contracts";
import { useGrantAccess, useTeamMembers } from "../../api/team";
import { displayName } from "../../lib/user";
import { toast } from "../../stores/toast";
import { Field } from "../ui/field";
import { FormDialog } from "../ui/form-dialog";
import { NativeSelect } from "../ui/native-select";
import { ACCESS_LEVEL_OPTIONS, toastTeamFailure } from "./access-feedback";
import { FormAlert } from "./QueryState";

interface GrantAccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Granting on this one contract (the contract page): it is the only choice, already chosen. */
  contract?: { id: string; title: string };
  /** Called after a grant succeeded, before the dialog closes (e.g. to refresh the contract's people). */
  onGranted?: (grant: ContractAccessGrant) => void;
  /** Below the fields (the contract page lists the contract's current grants there). */
  children?: ReactNode;
}

/**
 * Manage Access › Grant Contract Access (spec §5: disabled until a contract and a member are chosen;
 * only active members can be chosen; read by default). Used by Team Management and the contract page.
 */
export function GrantAccessDialog({ open, onOpenChange, contract, onGranted, children }: GrantAccessDialogProps) {
  const contracts = useContracts({}, open && !contract);
  const members = useTeamMembers(open);
  const grant = useGrantAccess();
  const [chosenContractId, setContractId] = useState("");
  const [userId, setUserId] = useState("");
  const [accessLevel, setAccessLevel] = useState<AccessLevel>("read");
  const contractId = contract ? contract.id : chosenContractId;
  // Who may receive a grant is the API's call: active members, not administrators, not oneself.
  const grantees = members.data?.filter((m) => m.abilities.receiveGrant) ?? [];

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setContractId("");
      setUserId("");
      setAccessLevel("read");
      grant.reset();
    }
  };

  const onSubmit = () => {
    if (!contractId || !userId) return;
    grant.mutate(
      { contractId, userId, accessLevel },
      {
        onSuccess: (row) => {
          toast({ title: TEAM_MESSAGES.accessGranted, description: `${row.userName} now has ${row.accessLevel} access to "${row.contractTitle}".` });
          onGranted?.(row);
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
      description={contract ? `Give an active team member access to "${contract.title}".` : "Give an active team member access to one contract."}
      submitLabel={grant.isPending ? "Granting..." : "Grant Access"}
      submitDisabled={!contractId || !userId || grant.isPending}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <Field label="Contract">
        {({ id }) =>
          contract ? (
            <NativeSelect id={id} value={contract.id} onChange={() => undefined}>
              <option value={contract.id}>{contract.title}</option>
            </NativeSelect>
          ) : (
            <NativeSelect id={id} value={chosenContractId} onChange={(e) => setContractId(e.target.value)}>
              <option value="">{contracts.isPending ? "Loading contracts..." : "Select a contract"}</option>
              {contracts.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </NativeSelect>
          )
        }
      </Field>
      <Field label="Team member" hint={TEAM_MESSAGES.adminsNotListed}>
        {({ id }) => (
          <NativeSelect id={id} value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">{members.isPending ? "Loading members..." : "Select a team member"}</option>
            {grantees.map((m) => (
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
      {/* The modal hides the toast region from screen readers: the dialog says it too. */}
      {grant.isError && !isUnauthorizedError(grant.error) && <FormAlert title={TEAM_MESSAGES.accessFailed}>{errorText(grant.error, "Something went wrong. Please try again.")}</FormAlert>}
      {children}
    </FormDialog>
  );
}
