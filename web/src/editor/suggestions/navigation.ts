import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { readSuggestedBreak, SUGGESTED_BREAK, type SuggestionAttributes } from "@clausewise/shared/editor";
import { DELETE, INSERT } from "./SuggestionMode";

export interface DocSuggestion {
  changeId: string;
  /** Where its first piece starts and its last piece ends. */
  from: number;
  to: number;
  authorId: string | null;
  authorName: string | null;
}

const listed = new WeakMap<PMNode, DocSuggestion[]>();

/** The suggestions of a document, one per changeId, in document order (computed once per document). */
export function suggestionsIn(doc: PMNode): DocSuggestion[] {
  const cached = listed.get(doc);
  if (cached) return cached;
  const byId = new Map<string, DocSuggestion>();
  const add = (attrs: SuggestionAttributes, from: number, to: number) => {
    if (!attrs.changeId) return;
    const entry = byId.get(attrs.changeId);
    if (entry) entry.to = to;
    else byId.set(attrs.changeId, { changeId: attrs.changeId, from, to, authorId: attrs.authorId, authorName: attrs.authorName });
  };
  doc.descendants((node, pos) => {
    if (node.isTextblock) {
      // A suggested paragraph break: the start of the paragraph after it.
      const suggested = readSuggestedBreak(node.attrs[SUGGESTED_BREAK]);
      if (suggested) add(suggested, pos + 1, pos + 1);
    }
    if (!node.isInline) return true;
    for (const mark of node.marks) {
      if (mark.type.name !== INSERT && mark.type.name !== DELETE) continue;
      add(mark.attrs as SuggestionAttributes, pos, pos + node.nodeSize);
    }
    return false;
  });
  const result = [...byId.values()];
  listed.set(doc, result);
  return result;
}

/** The suggestion after (or before) `pos`, wrapping around; null when there is none. */
export function nextSuggestion(doc: PMNode, pos: number, direction: 1 | -1): DocSuggestion | null {
  const all = suggestionsIn(doc);
  if (all.length === 0) return null;
  if (direction === 1) return all.find((s) => s.from > pos) ?? all[0]!;
  return [...all].reverse().find((s) => s.to < pos) ?? all.at(-1)!;
}

function authorDecorations(doc: PMNode, colorFor: (authorId: string) => string): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    const suggested = node.isTextblock ? readSuggestedBreak(node.attrs[SUGGESTED_BREAK]) : null;
    if (suggested) decorations.push(Decoration.node(pos, pos + node.nodeSize, { style: `--cw-author: ${suggested.authorId ? colorFor(suggested.authorId) : "#64748b"}` }));
    if (!node.isInline) return true;
    const mark = node.marks.find((m) => m.type.name === INSERT || m.type.name === DELETE);
    const authorId = (mark?.attrs as SuggestionAttributes | undefined)?.authorId;
    if (mark) decorations.push(Decoration.inline(pos, pos + node.nodeSize, { class: "cw-author", style: `--cw-author: ${authorId ? colorFor(authorId) : "#64748b"}` }));
    return false;
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Suggestions in their author's colour (the colour of their caret): a CSS variable on each marked
 * run, which editor.css uses for the underline or strike and a tint. Recomputed only when the
 * document changed.
 */
export function authorColorsPlugin(colorFor: (authorId: string) => string): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: new PluginKey("suggestionAuthorColors"),
    state: {
      init: (_config, state) => authorDecorations(state.doc, colorFor),
      apply: (tr, value) => (tr.docChanged ? authorDecorations(tr.doc, colorFor) : value),
    },
    props: {
      decorations(state) {
        return this.getState(state);
      },
    },
  });
}
