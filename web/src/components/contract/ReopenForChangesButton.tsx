import { useState } from "react";
import { LockOpen } from "lucide-react";
import type { ContractDetail } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useReopenForChanges } from "../../api/workflow";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { DecisionDialog } from "./DecisionDialog";
import { toastFailure } from "./format";
import { canReopenForChanges } from "./workflow-actions";

/**
 * "Reopen for changes": the way back to editing an approved or pending contract (issue 14), with a
 * required reason that the status history and the people involved receive.
 */
export function ReopenForChangesButton({ contract, className }: { contract: ContractDetail; className?: string }) {
  const reopen = useReopenForChanges(contract.id);
  const [open, setOpen] = useState(false);
  if (!canReopenForChanges(contract.status, contract.abilities)) return null;
  const confirm = async (reason: string): Promise<boolean> => {
    try {
      const result = await reopen.mutateAsync(reason);
      toast({ title: "Contract Reopened for Changes", description: `The contract is under review again; changes go into version ${result.contract.version}.` });
      return true;
    } catch (error) {
      toastFailure("Reopen Failed", error);
      return false;
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        disabled={reopen.isPending}
        onClick={() => {
          reopen.reset();
          setOpen(true);
        }}
      >
        <LockOpen aria-hidden="true" />
        Reopen for changes
      </Button>
      <DecisionDialog
        open={open}
        onOpenChange={setOpen}
        title="Reopen for changes"
        description={`The contract goes back to Under Review and its text can be edited again; the approval pipeline starts over. ${
          contract.approvedVersion ? `Version ${contract.approvedVersion} stays on record as the approved version.` : ""
        }`.trim()}
        confirmLabel="Reopen for changes"
        reasonRequired
        pending={reopen.isPending}
        error={reopen.isError ? errorText(reopen.error, "Please try again.") : null}
        onConfirm={confirm}
      />
    </>
  );
}
