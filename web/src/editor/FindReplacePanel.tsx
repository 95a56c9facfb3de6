import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { ChevronDown, ChevronUp, X } from "lucide-react";
import { Button } from "../components/ui/button";
import { clearSearch, getFindState, goToMatch, replaceAll, replaceCurrent, setSearch } from "./extensions/find-replace";

interface FindReplacePanelProps {
  editor: Editor;
  /** Replace needs direct edits; read-only users and reviewers get find only. */
  canReplace: boolean;
  onClose: () => void;
  /** Bumped to bring focus back to the search box (Ctrl+F while open). */
  focusKey: number;
}

const inputClass =
  "h-8 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/25";

/** Spec §5 find and replace: match count, next/previous, replace, replace all; an empty search does nothing. */
export function FindReplacePanel({ editor, canReplace, onClose, focusKey }: FindReplacePanelProps) {
  const [query, setQuery] = useState(() => {
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to, " ");
    return selected.length > 0 && selected.length <= 100 && !selected.includes("\n") ? selected : getFindState(editor).query;
  });
  const [replacement, setReplacement] = useState("");
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const findInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({ editor, selector: ({ editor: e }) => ({ count: getFindState(e).matches.length, current: getFindState(e).current }) });

  useEffect(() => {
    findInput.current?.focus();
    findInput.current?.select();
  }, [focusKey]);

  useEffect(() => {
    setSearch(editor, query, caseSensitive);
  }, [editor, query, caseSensitive]);

  useEffect(() => () => clearSearch(editor), [editor]);

  const hasQuery = query !== "";
  const status = !hasQuery ? "" : state.count === 0 ? "No matches" : `${state.current + 1} of ${state.count}`;

  const onFindKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (hasQuery) goToMatch(editor, event.shiftKey ? -1 : 1);
    }
  };
  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };

  const doReplace = () => {
    if (hasQuery) replaceCurrent(editor, replacement);
  };
  const doReplaceAll = () => {
    if (!hasQuery) return;
    const count = replaceAll(editor, replacement);
    setAnnouncement(count === 0 ? "Nothing replaced" : `Replaced ${count} ${count === 1 ? "match" : "matches"}`);
  };

  return (
    <div role="search" aria-label={canReplace ? "Find and replace" : "Find"} onKeyDown={onPanelKey} className="flex flex-wrap items-end gap-2 border-t border-slate-200 bg-slate-50 px-3 py-2 print:hidden">
      <div className="flex min-w-56 flex-1 items-center gap-1.5">
        <label className="sr-only" htmlFor="cw-find">
          Find
        </label>
        <input id="cw-find" ref={findInput} type="search" placeholder="Find in document" value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={onFindKey} className={inputClass} />
        <span className="w-20 shrink-0 text-xs whitespace-nowrap text-slate-600 tabular-nums" aria-live="polite" data-testid="match-count">
          {status}
        </span>
        <Button variant="ghost" size="icon" aria-label="Previous match" className="size-8" disabled={state.count === 0} onClick={() => goToMatch(editor, -1)}>
          <ChevronUp aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next match" className="size-8" disabled={state.count === 0} onClick={() => goToMatch(editor, 1)}>
          <ChevronDown aria-hidden="true" />
        </Button>
        <label className="ml-1 flex items-center gap-1.5 text-xs whitespace-nowrap text-slate-700">
          <input type="checkbox" checked={caseSensitive} onChange={(e) => setCaseSensitive(e.target.checked)} className="accent-brand-700" />
          Match case
        </label>
      </div>
      {canReplace && (
        <div className="flex min-w-56 flex-1 items-center gap-1.5">
          <label className="sr-only" htmlFor="cw-replace">
            Replace with
          </label>
          <input
            id="cw-replace"
            type="text"
            placeholder="Replace with"
            value={replacement}
            onChange={(e) => setReplacement(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                doReplace();
              }
            }}
            className={inputClass}
          />
          <Button variant="secondary" size="sm" disabled={state.current < 0} onClick={doReplace}>
            Replace
          </Button>
          <Button variant="secondary" size="sm" disabled={state.count === 0} onClick={doReplaceAll}>
            Replace all
          </Button>
        </div>
      )}
      <span className="sr-only" role="status">
        {announcement}
      </span>
      <Button variant="ghost" size="icon" aria-label="Close find" className="size-8" onClick={onClose}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
