import type { DocumentChange } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useApproveChange, useRejectChange } from "../../api/changes";
import { toast } from "../../stores/toast";

/**
 * Approve and reject with the product's toasts (spec §9 'Change Approved' / 'Change Rejected'), for
 * the changes panel and the editor's inline suggestion bar alike. The toasts hang on the promise, not
 * on mutate's callbacks: accepting a suggestion inline unmounts the bar that asked, and mutate's
 * callbacks never run for an unmounted component.
 */
export function useChangeDecisions(contractId: string) {
  const approve = useApproveChange(contractId);
  const reject = useRejectChange(contractId);

  const approveChange = (change: Pick<DocumentChange, "id">) =>
    void approve.mutateAsync(change.id).then(
      () => toast({ title: "Change Approved", description: "The document change has been approved and applied." }),
      (error: unknown) => {
        if (!isUnauthorizedError(error)) toast({ title: "Approval Failed", description: errorText(error, "The change could not be approved. Please try again."), variant: "destructive" });
      },
    );

  /** `onRejected` runs after the server agreed (e.g. closing a dialog, which stays open on failure so nothing typed is lost). */
  const rejectChange = (change: Pick<DocumentChange, "id">, comment: string, onRejected?: () => void) =>
    void reject.mutateAsync({ changeId: change.id, comment }).then(
      () => {
        onRejected?.();
        toast({ title: "Change Rejected", description: "The document change has been rejected." });
      },
      (error: unknown) => {
        if (!isUnauthorizedError(error)) toast({ title: "Rejection Failed", description: errorText(error, "The change could not be rejected. Please try again."), variant: "destructive" });
      },
    );

  const busyWith = (changeId: string) => (approve.isPending && approve.variables === changeId) || (reject.isPending && reject.variables?.changeId === changeId);

  return { approveChange, rejectChange, busyWith, rejecting: reject.isPending };
}
