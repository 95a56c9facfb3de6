import { Extension, type Editor } from "@tiptap/core";
import { Plugin, PluginKey, TextSelection, type EditorState } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { findMatches, matchAtOrAfter, stepMatch, type TextRange } from "../lib/find";
import { showPosition } from "./block-window";

export interface FindState {
  query: string;
  caseSensitive: boolean;
  matches: TextRange[];
  /** Index of the current match, -1 when there is none. */
  current: number;
  decorations: DecorationSet;
}

interface FindMeta {
  query?: string;
  caseSensitive?: boolean;
  current?: number;
  /** Make the first match at or after this position current. */
  anchor?: number;
}

export const findReplaceKey = new PluginKey<FindState>("findReplace");

const EMPTY: FindState = { query: "", caseSensitive: false, matches: [], current: -1, decorations: DecorationSet.empty };

function decorate(state: EditorState, matches: TextRange[], current: number): DecorationSet {
  if (matches.length === 0) return DecorationSet.empty;
  return DecorationSet.create(
    state.doc,
    matches.map((m, i) => Decoration.inline(m.from, m.to, { class: i === current ? "cw-find-match cw-find-current" : "cw-find-match" })),
  );
}

/** Highlights the matches of the find panel's text and remembers which one is current. */
export const FindReplace = Extension.create({
  name: "findReplace",
  addProseMirrorPlugins() {
    return [
      new Plugin<FindState>({
        key: findReplaceKey,
        state: {
          init: () => EMPTY,
          apply(tr, previous, _old, state) {
            const meta = tr.getMeta(findReplaceKey) as FindMeta | undefined;
            if (!meta && !tr.docChanged) return previous;
            const query = meta?.query ?? previous.query;
            const caseSensitive = meta?.caseSensitive ?? previous.caseSensitive;
            if (query === "") return EMPTY;
            const searchChanged = query !== previous.query || caseSensitive !== previous.caseSensitive;
            const matches = findMatches(state.doc, query, { caseSensitive });
            let current: number;
            if (meta?.anchor !== undefined) current = matchAtOrAfter(matches, meta.anchor);
            else if (meta?.current !== undefined) current = meta.current;
            else if (searchChanged) current = matchAtOrAfter(matches, state.selection.from);
            else current = Math.min(previous.current, matches.length - 1);
            if (matches.length === 0) current = -1;
            return { query, caseSensitive, matches, current, decorations: decorate(state, matches, current) };
          },
        },
        props: {
          decorations: (state) => findReplaceKey.getState(state)?.decorations ?? DecorationSet.empty,
        },
      }),
    ];
  },
});

export function getFindState(editor: Editor): FindState {
  return findReplaceKey.getState(editor.state) ?? EMPTY;
}

function revealCurrent(editor: Editor): void {
  const { matches, current } = getFindState(editor);
  const match = matches[current];
  // On a long contract the match's block may not be rendered yet (block-window.ts).
  if (match) showPosition(editor.view, match.from);
  const element = editor.view.dom.querySelector(".cw-find-current");
  if (element instanceof HTMLElement && typeof element.scrollIntoView === "function") element.scrollIntoView({ block: "center", inline: "nearest" });
}

/** Spec §5: an empty search does nothing (it clears the highlights). */
export function setSearch(editor: Editor, query: string, caseSensitive: boolean): void {
  editor.view.dispatch(editor.state.tr.setMeta(findReplaceKey, { query, caseSensitive } satisfies FindMeta));
  revealCurrent(editor);
}

/** Moves to the next or previous match (wrapping) and selects it. */
export function goToMatch(editor: Editor, direction: 1 | -1): void {
  const { matches, current } = getFindState(editor);
  const next = stepMatch(matches.length, current, direction);
  const match = matches[next];
  if (!match) return;
  const tr = editor.state.tr.setMeta(findReplaceKey, { current: next } satisfies FindMeta);
  tr.setSelection(TextSelection.create(tr.doc, match.from, match.to));
  editor.view.dispatch(tr);
  revealCurrent(editor);
}

/** Replaces the current match and moves to the next one; false when there is nothing to replace. */
export function replaceCurrent(editor: Editor, replacement: string): boolean {
  const { matches, current } = getFindState(editor);
  const match = matches[current];
  if (!match || !editor.isEditable) return false;
  const tr = editor.state.tr.insertText(replacement, match.from, match.to);
  tr.setMeta(findReplaceKey, { anchor: match.from + replacement.length } satisfies FindMeta);
  editor.view.dispatch(tr);
  revealCurrent(editor);
  return true;
}

/** Replaces every match as ONE edit (one undo step); returns how many were replaced. */
export function replaceAll(editor: Editor, replacement: string): number {
  const { matches } = getFindState(editor);
  if (matches.length === 0 || !editor.isEditable) return 0;
  const tr = editor.state.tr;
  for (const match of [...matches].reverse()) tr.insertText(replacement, match.from, match.to);
  editor.view.dispatch(tr);
  return matches.length;
}

export function clearSearch(editor: Editor): void {
  if (editor.isDestroyed) return;
  if (getFindState(editor).query !== "") editor.view.dispatch(editor.state.tr.setMeta(findReplaceKey, { query: "" } satisfies FindMeta));
}
