import { useState, type ReactNode } from "react";
import { CheckCircle2, CircleDashed, ClipboardCheck, Clock, RotateCcw, Send, ThumbsDown, ThumbsUp, Workflow, XCircle } from "lucide-react";
import clsx from "clsx";
import { APPROVAL_STAGE_LABELS, APPROVAL_STAGES, type ApprovalStep, type ApprovalStepStatus, type ContractDetail } from "@clausewise/shared";
import { useApprovalSteps, useContractTransition, useDecideApprovalStep, type ContractTransition } from "../../api/workflow";
import { errorText } from "../../api/client";
import { toast } from "../../stores/toast";
import { ContractStatusBadge } from "../ContractStatusBadge";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { DecisionDialog } from "./DecisionDialog";
import { DecisionLine } from "./DecisionLine";
import { toastFailure } from "./format";
import { ListSkeleton, LoadError } from "./QueryState";
import { PanelSection } from "./PanelSection";
import { ReopenForChangesButton } from "./ReopenForChangesButton";
import { StatusHistory } from "./StatusHistory";
import { approveBlockedReason, availableTransitions, canDecideStep, noActionText, TRANSITION_LABELS } from "./workflow-actions";

const SUCCESS: Record<ContractTransition, { title: string; description: string }> = {
  submit: { title: "Submitted for Approval", description: "The approval pipeline starts with Legal Review." },
  approve: { title: "Contract Approved", description: "Final Approval is recorded and the contract is approved." },
  reject: { title: "Contract Rejected", description: "A reviewer can reopen it for another review." },
  reopen: { title: "Contract Reopened", description: "The contract is under review again." },
};
const FAILURE: Record<ContractTransition, string> = {
  submit: "Submission Failed",
  approve: "Approval Failed",
  reject: "Rejection Failed",
  reopen: "Reopen Failed",
};
const ICONS: Record<ContractTransition, typeof Send> = { submit: Send, approve: ThumbsUp, reject: ThumbsDown, reopen: RotateCcw };

type Decision = { kind: "approve" | "reject" } | null;

export function ReviewActions({ contract, steps }: { contract: ContractDetail; steps: ApprovalStep[] | undefined }) {
  const transition = useContractTransition(contract.id);
  const [dialog, setDialog] = useState<Decision>(null);
  const actions = availableTransitions(contract.status, contract.abilities);
  const approveBlocked = approveBlockedReason(steps);

  const run = async (action: ContractTransition, comment?: string): Promise<boolean> => {
    try {
      await transition.mutateAsync({ action, comment });
      toast(SUCCESS[action]);
      return true;
    } catch (error) {
      toastFailure(FAILURE[action], error);
      return false;
    }
  };

  const busy = (action: ContractTransition) => transition.isPending && transition.variables?.action === action;
  const failure = (action: ContractTransition) =>
    transition.isError && transition.variables?.action === action ? errorText(transition.error, "Please try again.") : null;
  const openDialog = (kind: "approve" | "reject") => {
    transition.reset();
    setDialog({ kind });
  };
  const idleText = noActionText(contract.status, contract.abilities);

  return (
    <PanelSection title="Review Actions" icon={ClipboardCheck}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-slate-600">Status</span>
        <ContractStatusBadge status={contract.status} />
      </div>

      {actions.length > 0 ? (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => {
              const Icon = ICONS[action];
              const blocked = action === "approve" ? approveBlocked : null;
              return (
                <Button
                  key={action}
                  variant={action === "reject" ? "danger" : action === "reopen" ? "secondary" : "primary"}
                  size="sm"
                  className="flex-1"
                  disabled={transition.isPending || Boolean(blocked)}
                  aria-describedby={blocked ? `approve-blocked-${contract.id}` : undefined}
                  onClick={() => {
                    if (action === "approve" || action === "reject") openDialog(action);
                    else void run(action);
                  }}
                >
                  {busy(action) ? <Spinner className="size-4 text-current" /> : <Icon aria-hidden="true" />}
                  {TRANSITION_LABELS[action]}
                </Button>
              );
            })}
          </div>
          {actions.includes("approve") && approveBlocked && (
            <p id={`approve-blocked-${contract.id}`} className="text-xs text-slate-500">
              {approveBlocked} Decide the open stage in the pipeline below.
            </p>
          )}
        </div>
      ) : (
        idleText && <p className="text-xs text-slate-500">{idleText}</p>
      )}
      <ReopenForChangesButton contract={contract} className="w-full" />

      <DecisionDialog
        open={dialog?.kind === "approve"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Approve contract"
        description="Records Final Approval and approves the contract."
        confirmLabel="Approve"
        pending={busy("approve")}
        error={failure("approve")}
        onConfirm={(comment) => run("approve", comment)}
      />
      <DecisionDialog
        open={dialog?.kind === "reject"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Reject contract"
        description="Rejects the open approval stage and the contract. A reviewer can reopen it afterwards."
        confirmLabel="Reject"
        destructive
        pending={busy("reject")}
        error={failure("reject")}
        onConfirm={(comment) => run("reject", comment)}
      />
    </PanelSection>
  );
}

const STEP_STYLES: Record<ApprovalStepStatus, { label: string; tone: BadgeTone; icon: typeof Clock; iconClass: string }> = {
  pending: { label: "Pending", tone: "warning", icon: Clock, iconClass: "text-amber-600" },
  approved: { label: "Approved", tone: "success", icon: CheckCircle2, iconClass: "text-emerald-600" },
  rejected: { label: "Rejected", tone: "danger", icon: XCircle, iconClass: "text-red-600" },
  waiting: { label: "Waiting", tone: "neutral", icon: CircleDashed, iconClass: "text-slate-500" },
};

function stepLabel(step: ApprovalStep): string {
  return step.label || APPROVAL_STAGE_LABELS[step.stage] || step.stage;
}

function PipelineStep({ step, contract, onDecide, deciding }: { step: ApprovalStep; contract: ContractDetail; onDecide: (kind: "approve" | "reject") => void; deciding: boolean }) {
  const style = STEP_STYLES[step.status] ?? STEP_STYLES.waiting;
  const Icon = style.icon;
  const decidable = canDecideStep(step, contract);
  const label = stepLabel(step);
  return (
    <li
      aria-label={`${label}: ${style.label}`}
      className={clsx(
        "rounded-md border p-3",
        step.status === "pending" ? "border-amber-200 bg-amber-50/60" : step.status === "rejected" ? "border-red-200 bg-red-50/50" : "border-slate-200",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
          <Icon aria-hidden="true" className={clsx("size-4 shrink-0", style.iconClass)} />
          <span className="truncate">{label}</span>
        </span>
        <Badge tone={style.tone}>{style.label}</Badge>
      </div>
      {(step.status === "approved" || step.status === "rejected") && (step.decider || step.decidedBy || step.decidedAt) && (
        <p className="mt-1.5 pl-6 text-xs text-slate-600">
          <DecisionLine verb={style.label} name={step.decider?.name ?? step.decidedBy} at={step.decidedAt} />
        </p>
      )}
      {step.comment && <p className="mt-1.5 ml-6 border-l-2 border-slate-300 pl-2 text-xs whitespace-pre-line text-slate-600 italic">{step.comment}</p>}
      {decidable && (
        <div className="mt-2.5 flex gap-2 pl-6">
          <Button size="sm" className="flex-1" disabled={deciding} onClick={() => onDecide("approve")} aria-label={`Approve ${label}`}>
            <ThumbsUp aria-hidden="true" />
            Approve
          </Button>
          <Button size="sm" variant="danger" className="flex-1" disabled={deciding} onClick={() => onDecide("reject")} aria-label={`Reject ${label}`}>
            <ThumbsDown aria-hidden="true" />
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}

function pipelineNote(status: string): string | null {
  if (status === "under_review") return "The stages are decided once the contract is submitted for approval.";
  if (status === "rejected") return "Reopening the contract starts the pipeline again.";
  return null;
}

/** DESIGN.md §6: the Legal → Finance → Final pipeline with its real state; the pending stage is decided here. */
export function ApprovalPipeline({ contract }: { contract: ContractDetail }) {
  const steps = useApprovalSteps(contract.id);
  const decide = useDecideApprovalStep(contract.id);
  const [dialog, setDialog] = useState<{ step: ApprovalStep; kind: "approve" | "reject" } | null>(null);
  const note = pipelineNote(contract.status);

  const confirm = async (comment: string): Promise<boolean> => {
    if (!dialog) return false;
    const { step, kind } = dialog;
    const label = stepLabel(step);
    try {
      const result = await decide.mutateAsync({ stage: step.stage, decision: kind === "approve" ? "approved" : "rejected", comment });
      const next = result.approvalSteps.find((s) => s.status === "pending");
      toast({
        title: `${label} ${kind === "approve" ? "Approved" : "Rejected"}`,
        description:
          kind === "reject"
            ? "The contract is rejected. A reviewer can reopen it for another review."
            : next
              ? `${stepLabel(next)} is next.`
              : "All stages are approved: the contract is approved.",
      });
      return true;
    } catch (error) {
      toastFailure("Decision Failed", error);
      return false;
    }
  };

  const ordered = steps.data ? [...steps.data].sort((a, b) => APPROVAL_STAGES.indexOf(a.stage) - APPROVAL_STAGES.indexOf(b.stage)) : [];

  return (
    <PanelSection title="Approval Pipeline" icon={Workflow}>
      {steps.isPending ? (
        <ListSkeleton label="Loading the approval pipeline" />
      ) : steps.isError ? (
        <LoadError what="The approval pipeline" error={steps.error} onRetry={() => void steps.refetch()} />
      ) : (
        <>
          <ol aria-label="Approval pipeline" className="space-y-2">
            {ordered.map((step) => (
              <PipelineStep
                key={step.stage}
                step={step}
                contract={contract}
                deciding={decide.isPending}
                onDecide={(kind) => {
                  decide.reset();
                  setDialog({ step, kind });
                }}
              />
            ))}
          </ol>
          {note && <p className="text-xs text-slate-500">{note}</p>}
        </>
      )}
      <DecisionDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog ? `${dialog.kind === "approve" ? "Approve" : "Reject"} ${stepLabel(dialog.step)}` : ""}
        description={
          dialog?.kind === "reject"
            ? "Rejecting a stage rejects the contract; the later stages stay waiting."
            : "Approving this stage opens the next one; approving Final Approval approves the contract."
        }
        confirmLabel={dialog?.kind === "reject" ? "Reject" : "Approve"}
        destructive={dialog?.kind === "reject"}
        pending={decide.isPending}
        error={decide.isError ? errorText(decide.error, "Please try again.") : null}
        onConfirm={confirm}
      />
    </PanelSection>
  );
}

/**
 * Left panel of the contract detail: the review actions the user has, the AI tools (spec §2 "Left/review
 * tools": quick and custom analysis, contract intelligence) when the page gives them, then the pipeline.
 */
export function ReviewTools({ contract, aiTools }: { contract: ContractDetail; aiTools?: ReactNode }) {
  const steps = useApprovalSteps(contract.id);
  return (
    <div className="space-y-4">
      <ReviewActions contract={contract} steps={steps.data} />
      {aiTools}
      <ApprovalPipeline contract={contract} />
      <StatusHistory contractId={contract.id} />
    </div>
  );
}
