import { format } from "date-fns";
import { ArrowRight, Hourglass, MessageSquareText } from "lucide-react";
import type { ContractDetail } from "@clausewise/shared";
import { useApprovalSteps } from "../../api/workflow";
import { ContractStatusBadge } from "../../components/ContractStatusBadge";
import { Breadcrumb } from "../../components/PageHeader";
import { Button } from "../../components/ui/button";
import { ContractTitle } from "./ContractTitle";
import { ApproveContractButton, DeleteContractButton, DownloadMenu } from "./HeaderActions";
import { ImportRedlineButton } from "./ImportRedline";
import { nextAction } from "./next-action";
import type { RailTab } from "./rail-tabs";
import { RAIL_ID } from "./WorkspaceRail";
import { VersionLabel } from "./VersionLabel";

function formatModified(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy 'at' h:mm a");
}

/** The next step for this user: a button to the rail tab where it is done, or what the contract waits for. */
function NextAction({ contract, onGo }: { contract: ContractDetail; onGo: (tab: RailTab) => void }) {
  const steps = useApprovalSteps(contract.id);
  const next = nextAction(contract, steps.data);
  if (next.actionable) {
    return (
      <Button size="sm" data-testid="next-action" aria-controls={RAIL_ID} onClick={() => onGo(next.tab)}>
        {next.label}
        <ArrowRight aria-hidden="true" />
      </Button>
    );
  }
  return (
    <button
      type="button"
      data-testid="next-action"
      aria-controls={RAIL_ID}
      onClick={() => onGo(next.tab)}
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Hourglass aria-hidden="true" className="size-3.5 text-slate-500" />
      {next.label}
    </button>
  );
}

interface WorkspaceHeaderProps {
  contract: ContractDetail;
  markupCount: number | undefined;
  onOpenMarkups: () => void;
  onGoToTab: (tab: RailTab) => void;
}

/**
 * The workspace's header (spec §2: title, version, modified date, status badge, comment count,
 * Download, Approve), compact so the document and the rail keep the height; issue 17 adds the next
 * step for this user. On wide screens it stays in view: the page itself does not scroll there.
 */
export function WorkspaceHeader({ contract, markupCount, onOpenMarkups, onGoToTab }: WorkspaceHeaderProps) {
  return (
    <header className="shrink-0 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
      <Breadcrumb items={[{ label: contract.title }]} />
      <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-[1_1_20rem]">
          <ContractTitle contract={contract} />
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600">
            <ContractStatusBadge status={contract.status} />
            <VersionLabel contract={contract} />
            {contract.client && <span>{contract.client}</span>}
            <span>
              Modified <time dateTime={contract.updatedAt}>{formatModified(contract.updatedAt)}</time>
            </span>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={onOpenMarkups}
              className="inline-flex items-center gap-1 rounded px-1 text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <MessageSquareText aria-hidden="true" className="size-4" />
              {markupCount === undefined ? "Comments" : `${markupCount} ${markupCount === 1 ? "comment" : "comments"}`}
            </button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Next step" className="flex items-center">
            <NextAction contract={contract} onGo={onGoToTab} />
          </div>
          <DownloadMenu contractId={contract.id} />
          <ImportRedlineButton contract={contract} />
          <ApproveContractButton contract={contract} />
          <DeleteContractButton contract={contract} />
        </div>
      </div>
      <a
        href={`#${RAIL_ID}`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline xl:hidden"
      >
        Go to the analysis, questions, exhibits and approval panels
      </a>
    </header>
  );
}
