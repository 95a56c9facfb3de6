import { useId, useMemo, useState } from "react";
import { GitPullRequestArrow, RefreshCw } from "lucide-react";
import clsx from "clsx";
import type { DocumentChange } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useChanges } from "../../api/changes";
import { StatusPanel } from "../StatusPanel";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Label } from "../ui/field";
import { Skeleton } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { ChangeItem } from "./ChangeItem";
import { useChangeDecisions } from "./change-decisions";

/** Spec §9: the changes panel is 500 px tall and scrolls. */
export const CHANGES_PANEL_HEIGHT_PX = 500;

type Filter = "all" | DocumentChange["status"];
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

function RejectDialog({ change, pending, onCancel, onReject }: { change: DocumentChange | null; pending: boolean; onCancel: () => void; onReject: (comment: string) => void }) {
  const [comment, setComment] = useState("");
  const id = useId();
  const formId = useId();
  return (
    <Dialog
      open={change !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Reject change"
      description="The change stays in Track Changes as rejected; the document is not edited."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={pending}>
            {pending ? "Rejecting..." : "Reject change"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onReject(comment);
        }}
        className="space-y-1.5"
      >
        <Label htmlFor={id}>Comment (optional)</Label>
        <Textarea id={id} rows={3} value={comment} onChange={(event) => setComment(event.target.value)} placeholder="Tell the reviewer why" />
      </form>
    </Dialog>
  );
}

interface ChangesPanelProps {
  contractId: string;
  canDecide: boolean;
  /** Shows a pending change's place in the Document Viewer. */
  onShow?: (change: DocumentChange) => void;
  /** May write in the changes' comment threads. */
  canComment?: boolean;
}

/** Track Changes: every proposed change, newest first, with Approve and Reject on pending ones for those who may decide. */
export function ChangesPanel({ contractId, canDecide, onShow, canComment = false }: ChangesPanelProps) {
  const changes = useChanges(contractId);
  const decisions = useChangeDecisions(contractId);
  const [filter, setFilter] = useState<Filter>("all");
  const [rejecting, setRejecting] = useState<DocumentChange | null>(null);
  const all = useMemo(() => changes.data ?? [], [changes.data]);
  const counts = useMemo(() => {
    const byStatus: Record<Filter, number> = { all: all.length, pending: 0, approved: 0, rejected: 0 };
    for (const change of all) byStatus[change.status]++;
    return byStatus;
  }, [all]);
  const shown = filter === "all" ? all : all.filter((c) => c.status === filter);

  const rejectChange = (comment: string) => {
    if (rejecting) decisions.rejectChange(rejecting, comment, () => setRejecting(null));
  };

  let body;
  if (changes.isPending) {
    body = (
      <div role="status" aria-label="Loading changes" className="space-y-4 p-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    );
  } else if (changes.isError) {
    body = (
      <StatusPanel icon={GitPullRequestArrow} title="The changes could not be loaded" tone="danger" headingLevel="h3">
        <p>{errorText(changes.error, "Please try again.")}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void changes.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </StatusPanel>
    );
  } else if (shown.length === 0) {
    body = (
      <StatusPanel icon={GitPullRequestArrow} title={all.length === 0 ? "No proposed changes yet" : `No ${filter} changes`} headingLevel="h3">
        {all.length === 0 ? "Select text in the Document Viewer and choose Propose change." : null}
      </StatusPanel>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200">
        {shown.map((change) => (
          <li key={change.id}>
            <ChangeItem
              change={change}
              canDecide={canDecide}
              busy={decisions.busyWith(change.id)}
              onApprove={() => decisions.approveChange(change)}
              onReject={() => setRejecting(change)}
              onShow={onShow ? () => onShow(change) : undefined}
              canComment={canComment}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Track changes" className="flex flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2.5">
        <div role="group" aria-label="Show changes" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={clsx(
                "rounded-full px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600",
                filter === f.value ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200",
              )}
            >
              {f.label} ({counts[f.value]})
            </button>
          ))}
        </div>
        {!canDecide && <p className="ml-auto text-xs text-slate-500">Approvers and administrators decide on proposed changes.</p>}
      </div>
      <div role="region" aria-label="Proposed changes" tabIndex={0} className="overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2" style={{ height: CHANGES_PANEL_HEIGHT_PX }}>
        {body}
      </div>
      <RejectDialog key={rejecting?.id ?? "none"} change={rejecting} pending={decisions.rejecting} onCancel={() => setRejecting(null)} onReject={rejectChange} />
    </section>
  );
}
