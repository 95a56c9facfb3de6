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

/**
 * A run of inline content carrying suggestion marks, or a suggested paragraph break, at a position
 * relative to the start of its top-level block's content.
 */
interface SuggestionRun {
  /** From the start of the block's content (a break: the start of the paragraph after it, from = to). */
  from: number;
  to: number;
  /** Its suggestion marks (insertions and deletions), in the node's mark order; a break's own attributes. */
  marks: SuggestionAttributes[];
  /** A suggested break: the paragraph that starts after it (for its node decoration). */
  block?: { from: number; to: number };
}

/**
 * The suggestion runs of each top-level block, computed once per block node. ProseMirror (and
 * y-tiptap, for remote edits) keep the node of every block an edit did not touch, so after a
 * keystroke only the edited block is walked again, not the whole contract: walking all of a
 * 300-page document's text on every transaction was a per-keystroke cost that grew with it.
 */
const runsByBlock = new WeakMap<PMNode, SuggestionRun[]>();
function runsOf(block: PMNode): SuggestionRun[] {
  let runs = runsByBlock.get(block);
  if (runs) return runs;
  runs = [];
  const found = runs;
  // A suggested paragraph break is the start of the paragraph after it (the block itself, or a nested one).
  const suggestedBreak = (node: PMNode, pos: number) => {
    const suggested = node.isTextblock ? readSuggestedBreak(node.attrs[SUGGESTED_BREAK]) : null;
    if (suggested) found.push({ from: pos + 1, to: pos + 1, marks: [suggested], block: { from: pos, to: pos + node.nodeSize } });
  };
  suggestedBreak(block, -1);
  block.descendants((node, pos) => {
    suggestedBreak(node, pos);
    if (!node.isInline) return true;
    const marks = node.marks.filter((m) => m.type.name === INSERT || m.type.name === DELETE).map((m) => m.attrs as SuggestionAttributes);
    if (marks.length > 0) found.push({ from: pos, to: pos + node.nodeSize, marks });
    return false;
  });
  runsByBlock.set(block, runs);
  return runs;
}

/** Calls `visit` for every suggestion run of the document, with absolute positions, in document order. */
function forEachRun(doc: PMNode, visit: (from: number, to: number, marks: SuggestionAttributes[], block: { from: number; to: number } | null) => void): void {
  doc.forEach((block, offset) => {
    const runs = runsOf(block);
    if (runs.length === 0) return;
    // The block's content starts one position after the block itself.
    const at = offset + 1;
    for (const run of runs) visit(at + run.from, at + run.to, run.marks, run.block ? { from: at + run.block.from, to: at + run.block.to } : null);
  });
}

const listed = new WeakMap<PMNode, DocSuggestion[]>();

/** The suggestions of a document, one per changeId, in document order (computed once per document). */
export function suggestionsIn(doc: PMNode): DocSuggestion[] {
  const cached = listed.get(doc);
  if (cached) return cached;
  const byId = new Map<string, DocSuggestion>();
  forEachRun(doc, (from, to, marks) => {
    for (const attrs of marks) {
      if (!attrs.changeId) continue;
      const entry = byId.get(attrs.changeId);
      if (entry) entry.to = to;
      else byId.set(attrs.changeId, { changeId: attrs.changeId, from, to, authorId: attrs.authorId, authorName: attrs.authorName });
    }
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
  forEachRun(doc, (from, to, marks, block) => {
    const authorId = marks[0]!.authorId;
    const style = `--cw-author: ${authorId ? colorFor(authorId) : "#64748b"}`;
    decorations.push(block ? Decoration.node(block.from, block.to, { style }) : Decoration.inline(from, to, { class: "cw-author", style }));
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Suggestions in their author's colour (the colour of their caret): a CSS variable on each marked
 * run, which editor.css uses for the underline or strike and a tint. Recomputed only when the
 * document changed, from the runs kept per block (only edited blocks are walked again).
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
