import { useState } from "react";
import { ArrowRight, Check, Locate, MessageSquare, Minus, Plus, Replace, X } from "lucide-react";
import { formatDistanceToNow } from "date-fns";
import type { DocumentChange } from "@clausewise/shared";
import { TRACK_CHANGES_TEXT_CHARS, truncate } from "../../lib/apply-preview";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { DecisionLine } from "../contract/DecisionLine";
import { AuthorName } from "./AuthorName";
import { ChangeThread, threadLabel } from "./ChangeThread";

/** A suggested paragraph break ("\n" in a change's text) shows as the pilcrow, as Word shows it. */
const showBreaks = (text: string) => text.replace(/\n/g, "¶");

const TYPE_LABELS: Record<DocumentChange["changeType"], string> = { replace: "Replacement", insert: "Insertion", delete: "Deletion" };
const TYPE_ICONS = { replace: Replace, insert: Plus, delete: Minus } as const;
const STATUS: Record<DocumentChange["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

function when(iso: string | null): { relative: string; absolute: string } | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return { relative: formatDistanceToNow(date, { addSuffix: true }), absolute: date.toLocaleString("en-CA", { dateStyle: "medium", timeStyle: "short" }) };
}

/** Only pending changes can be decided, and only by someone who may decide changes (spec §4, §6). */
export function canDecideChange(change: Pick<DocumentChange, "status">, canDecide: boolean): boolean {
  return canDecide && change.status === "pending";
}

interface ChangeItemProps {
  change: DocumentChange;
  canDecide: boolean;
  /** This change's approval or rejection is under way. */
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onShow?: () => void;
  /** May write in the change's comment thread (the contract's `comment` ability). */
  canComment?: boolean;
}

/** One proposed change in Track Changes: what it does, who proposed it, its state, and the decisions. */
export function ChangeItem({ change, canDecide, busy, onApprove, onReject, onShow, canComment = false }: ChangeItemProps) {
  const [threadOpen, setThreadOpen] = useState(false);
  const Icon = TYPE_ICONS[change.changeType];
  const created = when(change.createdAt);
  const status = STATUS[change.status];
  const decidable = canDecideChange(change, canDecide);
  const label = `${TYPE_LABELS[change.changeType]} by ${change.authorName}`;
  return (
    <article aria-label={label} className="space-y-2.5 px-4 py-3.5">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-4 text-slate-500" />
          {TYPE_LABELS[change.changeType]}
        </span>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="ml-auto text-xs text-slate-500">
          <AuthorName name={change.authorName} external={change.externalAuthor} />
          {created && (
            <>
              {" · "}
              <time dateTime={change.createdAt} title={created.absolute}>
                {created.relative}
              </time>
            </>
          )}
        </span>
      </header>

      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 font-serif text-sm leading-6 break-words text-slate-800">
        {change.changeType !== "insert" && (
          <del className="bg-red-50 text-red-800 decoration-red-500" title={change.originalText.length > TRACK_CHANGES_TEXT_CHARS ? change.originalText : undefined}>
            {truncate(showBreaks(change.originalText), TRACK_CHANGES_TEXT_CHARS)}
          </del>
        )}
        {change.changeType === "replace" && <ArrowRight aria-label="replaced by" className="size-3.5 shrink-0 self-center text-slate-500" />}
        {change.changeType !== "delete" && (
          <ins className="bg-emerald-50 text-emerald-800 decoration-emerald-600 underline-offset-2" title={change.newText.length > TRACK_CHANGES_TEXT_CHARS ? change.newText : undefined}>
            {truncate(showBreaks(change.newText), TRACK_CHANGES_TEXT_CHARS)}
          </ins>
        )}
      </p>

      {change.reviewerComment && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Comment: </span>
          {change.reviewerComment}
        </p>
      )}
      {change.status !== "pending" && (change.decidedAt || change.decider || change.decisionComment) && (
        <p className="text-xs text-slate-600">
          <DecisionLine verb={status.label} name={change.decider?.name} at={change.decidedAt} />
          {change.decisionComment && <>: “{change.decisionComment}”</>}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2 pt-0.5">
        {decidable && (
          <>
            <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`Approve ${label.toLowerCase()}`}>
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={onReject} disabled={busy} aria-label={`Reject ${label.toLowerCase()}`}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" aria-expanded={threadOpen} onClick={() => setThreadOpen((open) => !open)}>
          <MessageSquare aria-hidden="true" />
          {threadLabel(change.commentCount)}
        </Button>
        {onShow && change.status === "pending" && (
          <Button size="sm" variant="ghost" onClick={onShow} className="ml-auto">
            <Locate aria-hidden="true" />
            Show in document
          </Button>
        )}
      </div>
      {threadOpen && <ChangeThread change={change} canComment={canComment} />}
    </article>
  );
}
