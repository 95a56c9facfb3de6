import { useState } from "react";
import type { Editor } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";
import { useEditorState } from "@tiptap/react";
import { CheckCheck, ChevronDown, ChevronUp, XCircle } from "lucide-react";
import type { DocumentChange } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../api/client";
import { useApproveChange, useChanges, useRejectChange } from "../api/changes";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { toast } from "../stores/toast";
import { colorForUser } from "./collab/presence";
import { nextSuggestion, suggestionsIn, type DocSuggestion } from "./suggestions/navigation";

interface TrackChangesBarProps {
  editor: Editor;
  contractId: string;
  canDecide: boolean;
}

const sameList = (a: DocSuggestion[], b: DocSuggestion[] | null) => b !== null && a.length === b.length && a.every((s, i) => s.changeId === b[i]!.changeId && s.authorId === b[i]!.authorId);

/**
 * Track changes in the editor (issue 14): how many suggestions the document holds and by whom (in
 * their colours), Previous / Next, and for those who decide, Accept all / Reject all after a
 * confirmation. "All" is the editor's set: the pending changes of the Track Changes tab that are
 * suggestions in this document, decided one by one through the same calls as the tab.
 */
export function TrackChangesBar({ editor, contractId, canDecide }: TrackChangesBarProps) {
  const suggestions = useEditorState({ editor, selector: ({ editor: e }) => suggestionsIn(e.state.doc), equalityFn: sameList });
  const changes = useChanges(contractId);
  const approve = useApproveChange(contractId);
  const reject = useRejectChange(contractId);
  const [confirm, setConfirm] = useState<"accept" | "reject" | null>(null);
  const [busy, setBusy] = useState(false);
  if (suggestions.length === 0) return null;

  const inDocument = new Set(suggestions.map((s) => s.changeId));
  const pending = (changes.data ?? []).filter((c): c is DocumentChange & { suggestionId: string } => c.status === "pending" && c.suggestionId !== null && inDocument.has(c.suggestionId));
  const authors = [...new Map(suggestions.map((s) => [s.authorId ?? s.authorName ?? "", s])).values()];

  const go = (direction: 1 | -1) => {
    const { from, to } = editor.state.selection;
    const target = nextSuggestion(editor.state.doc, direction === 1 ? to : from, direction);
    if (!target) return;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, target.from, target.to)).scrollIntoView());
    editor.view.focus();
  };

  const decideAll = async (decision: "accept" | "reject") => {
    setBusy(true);
    let done = 0;
    try {
      for (const change of pending) {
        if (decision === "accept") await approve.mutateAsync(change.id);
        else await reject.mutateAsync({ changeId: change.id, comment: "" });
        done++;
      }
      toast({ title: decision === "accept" ? "Changes Approved" : "Changes Rejected", description: `${done} ${done === 1 ? "suggestion was" : "suggestions were"} ${decision === "accept" ? "accepted" : "rejected"}.` });
    } catch (error) {
      if (!isUnauthorizedError(error)) toast({ title: decision === "accept" ? "Approval Failed" : "Rejection Failed", description: `${done} of ${pending.length} decided. ${errorText(error, "Please try again.")}`, variant: "destructive" });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <div role="region" aria-label="Track changes" className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-sm text-slate-800 print:hidden">
      <span>
        <strong>{suggestions.length}</strong> {suggestions.length === 1 ? "suggestion" : "suggestions"}
      </span>
      <ul aria-label="Authors" className="flex flex-wrap items-center gap-2">
        {authors.map((s) => (
          <li key={s.authorId ?? s.authorName ?? "unknown"} className="inline-flex items-center gap-1 text-slate-700">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ backgroundColor: s.authorId ? colorForUser(s.authorId) : "#64748b" }} />
            {s.authorName ?? "Unknown author"}
          </li>
        ))}
      </ul>
      <span className="ml-auto flex flex-wrap gap-1">
        <Button size="sm" variant="ghost" onClick={() => go(-1)} aria-label="Previous suggestion">
          <ChevronUp aria-hidden="true" />
          Previous
        </Button>
        <Button size="sm" variant="ghost" onClick={() => go(1)} aria-label="Next suggestion">
          <ChevronDown aria-hidden="true" />
          Next
        </Button>
        {canDecide && (
          <>
            <Button size="sm" variant="secondary" disabled={pending.length === 0 || busy} onClick={() => setConfirm("accept")}>
              <CheckCheck aria-hidden="true" />
              Accept all
            </Button>
            <Button size="sm" variant="secondary" disabled={pending.length === 0 || busy} onClick={() => setConfirm("reject")}>
              <XCircle aria-hidden="true" />
              Reject all
            </Button>
          </>
        )}
      </span>
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => !open && !busy && setConfirm(null)}
        title={confirm === "accept" ? "Accept all suggestions?" : "Reject all suggestions?"}
        description={
          confirm === "accept"
            ? `The ${pending.length} pending ${pending.length === 1 ? "suggestion becomes" : "suggestions become"} part of the contract's text.`
            : `The ${pending.length} pending ${pending.length === 1 ? "suggestion is" : "suggestions are"} removed from the document and marked rejected in Track Changes.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant={confirm === "reject" ? "danger" : "primary"} onClick={() => confirm && void decideAll(confirm)} disabled={busy}>
              {busy ? "Working..." : confirm === "accept" ? "Accept all" : "Reject all"}
            </Button>
          </>
        }
      />
    </div>
  );
}
