import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useState } from "react";
import { Check, MessageSquare, X } from "lucide-react";
import { readSuggestedBreak, SUGGESTED_BREAK, SuggestionDelete, SuggestionInsert } from "@clausewise/shared/editor";
import { useChanges } from "../api/changes";
import { useChangeDecisions } from "../components/document/change-decisions";
import { ChangeThread, threadLabel } from "../components/document/ChangeThread";
import { Button } from "../components/ui/button";
import { absoluteTime, relativeTime } from "../lib/relative-time";

interface ActiveSuggestion {
  changeId: string;
  kind: "insert" | "delete";
  authorName: string;
  createdAt: string | null;
}

/** The suggestion mark at the caret (or just after it), if any. */
export function suggestionAtCaret(editor: Editor): ActiveSuggestion | null {
  const { $from } = editor.state.selection;
  const marks = [...$from.marks(), ...($from.nodeAfter?.marks ?? []), ...($from.nodeBefore?.marks ?? [])];
  for (const mark of marks) {
    const kind = mark.type.name === SuggestionInsert.name ? "insert" : mark.type.name === SuggestionDelete.name ? "delete" : null;
    const attrs = mark.attrs as { changeId?: string | null; authorName?: string | null; createdAt?: string | null };
    if (kind && attrs.changeId) return { changeId: attrs.changeId, kind, authorName: attrs.authorName || "A reviewer", createdAt: attrs.createdAt ?? null };
  }
  // At the start of a paragraph whose break before it is suggested (a new paragraph, or a join).
  const suggested = $from.parent.isTextblock && $from.parentOffset === 0 ? readSuggestedBreak($from.parent.attrs[SUGGESTED_BREAK]) : null;
  if (suggested?.changeId) return { changeId: suggested.changeId, kind: suggested.kind, authorName: suggested.authorName || "A reviewer", createdAt: suggested.createdAt };
  return null;
}

interface SuggestionBarProps {
  editor: Editor;
  contractId: string;
  canDecide: boolean;
  /** May write in the suggestion's comment thread. */
  canComment?: boolean;
}

/**
 * Inline track changes: with the caret in a suggested insertion or deletion, who suggested it and
 * when, its comment thread, and for approvers and admins Accept and Reject (the same calls as the
 * changes panel).
 */
export function SuggestionBar({ editor, contractId, canDecide, canComment = false }: SuggestionBarProps) {
  const active = useEditorState({ editor, selector: ({ editor: e }) => suggestionAtCaret(e), equalityFn: (a, b) => a?.changeId === b?.changeId && a?.kind === b?.kind });
  return active ? <SuggestionDetails key={active.changeId} active={active} contractId={contractId} canDecide={canDecide} canComment={canComment} /> : null;
}

function SuggestionDetails({ active, contractId, canDecide, canComment }: { active: ActiveSuggestion; contractId: string; canDecide: boolean; canComment: boolean }) {
  const [threadOpen, setThreadOpen] = useState(false);
  const changes = useChanges(contractId);
  const decisions = useChangeDecisions(contractId);
  const change = changes.data?.find((c) => c.suggestionId === active.changeId);
  const busy = change ? decisions.busyWith(change.id) : false;
  const what = active.kind === "insert" ? "Suggested insertion" : "Suggested deletion";
  return (
    <div role="region" aria-label="Suggestion" className="border-b border-emerald-200 bg-emerald-50 px-3 py-1.5 text-sm text-slate-800 print:hidden">
      <div className="flex flex-wrap items-center gap-3">
        <span>
          <strong>{what}</strong> by {active.authorName}
          {active.createdAt && (
            <time dateTime={active.createdAt} title={absoluteTime(active.createdAt)} className="text-slate-600">
              {" "}
              · {relativeTime(active.createdAt)}
            </time>
          )}
        </span>
        {change && change.status !== "pending" ? (
          <span className="text-slate-600">{change.status === "approved" ? "Approved" : "Rejected"}</span>
        ) : canDecide ? (
          change ? (
            <span className="ml-auto flex gap-2">
              <Button size="sm" onClick={() => decisions.approveChange(change)} disabled={busy} aria-label={`Accept the ${what.toLowerCase()} by ${active.authorName}`}>
                <Check aria-hidden="true" />
                Accept
              </Button>
              <Button size="sm" variant="secondary" onClick={() => decisions.rejectChange(change, "")} disabled={busy} aria-label={`Reject the ${what.toLowerCase()} by ${active.authorName}`}>
                <X aria-hidden="true" />
                Reject
              </Button>
            </span>
          ) : (
            <span className="ml-auto text-slate-600">Saving the suggestion…</span>
          )
        ) : null}
        {change && (
          <Button size="sm" variant="ghost" aria-expanded={threadOpen} onClick={() => setThreadOpen((open) => !open)} className={canDecide && change.status === "pending" ? undefined : "ml-auto"}>
            <MessageSquare aria-hidden="true" />
            {threadLabel(change.commentCount)}
          </Button>
        )}
      </div>
      {change && threadOpen && (
        <div className="mt-1.5 pb-1">
          <ChangeThread change={change} canComment={canComment} />
        </div>
      )}
    </div>
  );
}
