import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { BadgeCheck, ChevronDown, Download, FileChartColumn, FileDown, Trash2 } from "lucide-react";
import { CONTRACT_MESSAGES, type ContractDetail } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { contractDownloadUrl, useApproveContract, useDeleteContract } from "../../api/contract-document";
import { downloadReportWithToasts } from "../../components/analysis/report-download";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { DropdownMenu } from "../../components/ui/dropdown-menu";
import { Tooltip } from "../../components/ui/tooltip";
import { toast } from "../../stores/toast";

export function DownloadMenu({ contractId }: { contractId: string }) {
  return (
    <DropdownMenu
      trigger={
        <Button variant="secondary">
          <Download aria-hidden="true" />
          Download
          <ChevronDown aria-hidden="true" />
        </Button>
      }
      items={[
        {
          label: "Download Contract",
          icon: <FileDown aria-hidden="true" />,
          // A navigation in a new tab (spec §7); the server answers with an attachment.
          onSelect: () => window.open(contractDownloadUrl(contractId), "_blank", "noopener"),
        },
        {
          label: "Download AI Analysis Report",
          icon: <FileChartColumn aria-hidden="true" />,
          onSelect: () => void downloadReportWithToasts(contractId),
        },
      ]}
    />
  );
}

/** Why the contract cannot be approved from here right now, or null when it can. */
export function approveBlocker(contract: Pick<ContractDetail, "status" | "abilities">): string | null {
  if (!contract.abilities.approve) return "Only approvers and administrators can approve contracts.";
  if (contract.status === "approved") return "This contract is already approved.";
  if (contract.status !== "pending_approval") return "A contract can be approved once it has been submitted for approval.";
  return null;
}

/** The header's Approve: the contract approval (POST /api/contracts/{id}/approve), asked for once more. */
export function ApproveContractButton({ contract }: { contract: ContractDetail }) {
  const approve = useApproveContract(contract.id);
  const [confirming, setConfirming] = useState(false);
  const blocker = approveBlocker(contract);

  if (blocker) {
    return (
      <Tooltip content={blocker}>
        {/* aria-disabled keeps the button focusable, so keyboard users can read why. */}
        <Button aria-disabled="true" onClick={(event) => event.preventDefault()}>
          <BadgeCheck aria-hidden="true" />
          Approve
          <span className="sr-only">: {blocker}</span>
        </Button>
      </Tooltip>
    );
  }

  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={approve.isPending}>
        <BadgeCheck aria-hidden="true" />
        {approve.isPending ? "Approving..." : "Approve"}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Approve this contract?"
        description={`This gives the final approval for “${contract.title}”.`}
        confirmLabel="Approve contract"
        pending={approve.isPending}
        onConfirm={() =>
          approve.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Contract Approved", description: "The contract has been approved." });
            },
            onError: (error) => {
              setConfirming(false);
              if (!isUnauthorizedError(error)) toast({ title: "Approval Failed", description: errorText(error, "The contract could not be approved. Please try again."), variant: "destructive" });
            },
          })
        }
      />
    </>
  );
}

/**
 * "Delete contract": shown only where the API would allow it (the contract's `delete` ability:
 * company admins, admin grants), asked for once more, then back to the dashboard.
 */
export function DeleteContractButton({ contract }: { contract: ContractDetail }) {
  const remove = useDeleteContract(contract.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!contract.abilities.delete) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={remove.isPending} className="text-red-700 hover:text-red-800">
        <Trash2 aria-hidden="true" />
        Delete contract
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={CONTRACT_MESSAGES.deleteTitle}
        description={
          <>
            <span className="block font-medium text-slate-800">“{contract.title}”</span>
            <span className="mt-2 block">{CONTRACT_MESSAGES.deleteDescription}</span>
          </>
        }
        confirmLabel={remove.isPending ? "Deleting..." : "Delete contract"}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: CONTRACT_MESSAGES.deleted, description: `“${contract.title}” and everything about it were erased.` });
              void navigate("/");
            },
            onError: (error) => {
              setConfirming(false);
              if (!isUnauthorizedError(error)) toast({ title: CONTRACT_MESSAGES.deleteFailed, description: errorText(error, "Please try again."), variant: "destructive" });
            },
          })
        }
      />
    </>
  );
}
