import { Extension, type Extensions } from "@tiptap/core";
import type { Slice, Mark, Node as PMNode, Fragment, ResolvedPos } from "@tiptap/pm/model";
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Mapping, ReplaceStep, type Step } from "@tiptap/pm/transform";
import {
  readSuggestedBreak,
  SUGGESTED_BREAK,
  SUGGESTED_BREAK_TYPES,
  SuggestionDelete,
  SuggestionInsert,
  type SuggestedBreak,
  type SuggestionAttributes,
} from "@clausewise/shared/editor";
import type { CollabMode } from "@clausewise/shared";
import { notifyRefused, refusedKind, type RefusedEdit } from "./refused";

/**
 * The name the editor looks for before it lets a reviewer type (web/src/editor/extension-points.ts
 * SUGGESTION_TRACKING_EXTENSION; repeated here so this folder builds on its own).
 */
export const SUGGESTION_TRACKING_EXTENSION = "suggestionTracking";

/** The part of the editor's EditorExtensionContext this extension needs. */
export interface SuggestionExtensionContext {
  mode: CollabMode;
  user: { id: string; name: string };
}

export const INSERT = SuggestionInsert.name;
export const DELETE = SuggestionDelete.name;

export interface SuggestionUser {
  id: string;
  name: string;
}

export interface SuggestionModeOptions {
  /** The author of what is typed (null: the extension does nothing). */
  user: SuggestionUser | null;
  /**
   * Whether suggest mode is on at the start (switched later with setSuggesting). Off, the extension
   * only keeps what this user types out of other people's suggestions.
   */
  enabled: boolean;
  /** New change ids (tests make them predictable). */
  newChangeId: () => string;
  /** The time stamp of a new suggestion. */
  now: () => string;
  /** Told about an edit suggest mode refused (default: a toast saying why; never a silent drop). */
  onRefused: (kind: RefusedEdit) => void;
}

export const suggestionModeKey = new PluginKey("suggestionMode");
/** Meta set on transactions that must pass untouched (e.g. accepting a change locally). */
export const SUGGESTION_BYPASS = "suggestionBypass";

interface SuggestionModeState {
  enabled: boolean;
}

/** Switches suggest mode on or off in an editor that has the extension (the mode switch). */
export function setSuggesting(state: EditorState, enabled: boolean): Transaction {
  return state.tr.setMeta(suggestionModeKey, { enabled } satisfies SuggestionModeState).setMeta("addToHistory", false);
}

export const isSuggesting = (state: EditorState): boolean => (suggestionModeKey.getState(state) as SuggestionModeState | undefined)?.enabled ?? false;

/** Edits made by other users arrive through y-sync: they are never rewritten. */
const isRemote = (tr: Transaction) => {
  const meta = tr.getMeta("y-sync$") as { isChangeOrigin?: boolean } | undefined;
  return Boolean(meta?.isChangeOrigin) || Boolean(tr.getMeta(SUGGESTION_BYPASS)) || Boolean(tr.getMeta(suggestionModeKey));
};

const attrsOf = (value: SuggestionAttributes): SuggestionAttributes => ({ changeId: value.changeId, authorId: value.authorId, authorName: value.authorName, createdAt: value.createdAt });

const randomId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `s-${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * A step the plugin can turn into a suggestion: a replacement of inline content inside one
 * textblock with inline content. Anything else (splitting or joining blocks, block types,
 * formatting, attributes) would change the accepted document and is refused in suggest mode.
 */
function isInlineReplace(step: Step, doc: PMNode): step is ReplaceStep {
  if (!(step instanceof ReplaceStep)) return false;
  const { from, to, slice } = step as unknown as { from: number; to: number; slice: { openStart: number; openEnd: number; content: Fragment } };
  if (slice.openStart !== 0 || slice.openEnd !== 0) return false;
  let inline = true;
  slice.content.forEach((node) => {
    if (!node.isInline) inline = false;
  });
  if (!inline) return false;
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  return $from.sameParent($to) && $from.parent.inlineContent;
}

const BREAK_TYPES = new Set<string>(SUGGESTED_BREAK_TYPES);
const isBreakBlock = (node: PMNode | null | undefined) => Boolean(node && BREAK_TYPES.has(node.type.name));

/** Whether `slice`, put between $from and $to, holds only inline content or paragraphs/headings. */
function paragraphShape(slice: Slice, $from: ResolvedPos, $to: ResolvedPos): boolean {
  if (slice.size === 0) return true;
  if (slice.openStart > 1 || slice.openEnd > 1) return false;
  let inline = true;
  let paragraphs = true;
  slice.content.forEach((node) => {
    if (!node.isInline) inline = false;
    if (!isBreakBlock(node)) paragraphs = false;
  });
  if (slice.openStart === 0 && slice.openEnd === 0 && inline) return $from.parent.inlineContent;
  if (!paragraphs) return false;
  // An open side lies inside a paragraph; a closed side between the paragraphs of one container.
  const side = ($side: ResolvedPos, open: number) => (open === 1 ? isBreakBlock($side.parent) : !$side.parent.inlineContent);
  return side($from, slice.openStart) && side($to, slice.openEnd);
}

/** Whether deleting [from, to) removes text or a paragraph break (not only a block's closing token that the new content brings back). */
function removesSubstance(doc: PMNode, from: number, to: number): boolean {
  let text = false;
  doc.nodesBetween(from, to, (node) => {
    if (node.isInline) text = true;
    return !text;
  });
  return text || blocksIn(doc, from, to).some((block) => block.hasPrevious);
}

/**
 * A step suggest mode turns into suggested paragraph breaks (issue 14): a split (Enter), a join
 * (Backspace at a paragraph's start, Delete at its end, deleting across paragraphs) or a paste of
 * several paragraphs, all among paragraphs and headings of one container. Lists, tables and other
 * blocks stay refused.
 */
function isParagraphReplace(step: Step, doc: PMNode): step is ReplaceStep {
  if (!(step instanceof ReplaceStep)) return false;
  const { from, to, slice } = step as unknown as { from: number; to: number; slice: Slice };
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const container = ($pos: ResolvedPos) => ($pos.parent.inlineContent ? $pos.node($pos.depth - 1) : $pos.parent);
  if ($from.depth > 0 && $to.depth > 0 && container($from) !== container($to)) return false;
  if (!paragraphShape(slice, $from, $to)) return false;
  const old = doc.slice(from, to);
  if (!removesSubstance(doc, from, to)) return true;
  // What goes is put back whole and marked: it must open and close at the same depth.
  return old.openStart === old.openEnd && paragraphShape(old, $from, $to);
}

const isSameParentInline = (doc: PMNode, from: number, to: number) => {
  const $from = doc.resolve(from);
  return $from.sameParent(doc.resolve(to)) && $from.parent.inlineContent;
};

const breakOf = (node: PMNode | null | undefined): SuggestedBreak | null => (node ? readSuggestedBreak(node.attrs[SUGGESTED_BREAK]) : null);

/** Paragraphs and headings whose node position is in [from, to): the breaks before them lie in the range. */
function blocksIn(doc: PMNode, from: number, to: number): { pos: number; node: PMNode; hasPrevious: boolean }[] {
  const found: { pos: number; node: PMNode; hasPrevious: boolean }[] = [];
  doc.nodesBetween(from, to, (node, pos, parent, index) => {
    if (node.isInline) return false;
    if (isBreakBlock(node) && pos >= from && pos < to) found.push({ pos, node, hasPrevious: index > 0 && isBreakBlock(parent?.child(index - 1)) });
    return !node.inlineContent;
  });
  return found;
}

const markOf = (node: PMNode | null | undefined, name: string): Mark | undefined => node?.marks.find((mark) => mark.type.name === name);

interface StructuralReinsert {
  pos: number;
  /** What the step removed across paragraphs, put back whole and marked for deletion. */
  slice: Slice;
  backward: boolean;
  pairedInsert: { from: number; to: number } | null;
}

interface Reinsert {
  pos: number;
  nodes: PMNode[];
  /** Whether a caret at the end of the deleted range moved back over it (Backspace). */
  backward: boolean;
  pairedInsert: { from: number; to: number } | null;
}

function buildSuggestion(options: SuggestionModeOptions, transactions: readonly Transaction[], oldState: EditorState, newState: EditorState): Transaction | null {
  const user = options.user;
  if (!user) return null;
  const schema = newState.schema;
  const insertType = schema.marks[INSERT];
  const deleteType = schema.marks[DELETE];
  if (!insertType || !deleteType) return null;

  const steps: { step: ReplaceStep; doc: PMNode }[] = [];
  const mapping = new Mapping();
  for (const tr of transactions) {
    tr.steps.forEach((step, i) => {
      steps.push({ step: step as ReplaceStep, doc: tr.docs[i]! });
      mapping.appendMap(step.getMap());
    });
  }
  if (steps.length === 0) return null;

  const inserts: { from: number; to: number }[] = [];
  const reinserts: Reinsert[] = [];
  const structural: StructuralReinsert[] = [];
  const oldSel = oldState.selection;
  steps.forEach(({ step, doc }, k) => {
    const after = mapping.slice(k + 1);
    const { from, to, slice } = step as unknown as { from: number; to: number; slice: { size: number } };
    let insert: { from: number; to: number } | null = null;
    if (slice.size > 0) {
      insert = { from: after.map(from, 1), to: after.map(from + slice.size, -1) };
      inserts.push(insert);
    }
    if (to > from && !isSameParentInline(doc, from, to)) {
      // Only a closing token the new content brings back (inserting paragraphs after one): nothing to keep.
      if (!removesSubstance(doc, from, to)) return;
      const backward = oldSel.empty && oldSel.from === to && slice.size === 0;
      structural.push({ pos: after.map(from, -1), slice: doc.slice(from, to), backward, pairedInsert: insert });
    } else if (to > from) {
      const nodes: PMNode[] = [];
      doc.nodesBetween(from, to, (node, pos) => {
        if (!node.isInline) return true;
        const start = Math.max(from, pos);
        const end = Math.min(to, pos + node.nodeSize);
        const piece = node.isText ? node.cut(start - pos, end - pos) : node;
        const ownInsert = markOf(piece, INSERT);
        // The reviewer's own pending insertion really goes; so does another's (it never was text).
        if (ownInsert) {
          if ((ownInsert.attrs as SuggestionAttributes).authorId === user.id) return false;
          nodes.push(piece);
          return false;
        }
        nodes.push(piece);
        return false;
      });
      if (nodes.length > 0) {
        const backward = oldSel.empty && oldSel.from === to && slice.size === 0;
        reinserts.push({ pos: after.map(from, -1), nodes, backward, pairedInsert: insert });
      }
    }
  });
  if (inserts.length === 0 && reinserts.length === 0 && structural.length === 0) return null;

  const out = newState.tr;
  out.setMeta(suggestionModeKey, true);
  out.setMeta("addToHistory", transactions.every((tr) => tr.getMeta("addToHistory") !== false));

  const fresh = (): SuggestionAttributes => ({ changeId: options.newChangeId(), authorId: user.id, authorName: user.name, createdAt: options.now() });
  const ownAttrs = (mark: Mark | undefined): SuggestionAttributes | null =>
    mark && (mark.attrs as SuggestionAttributes).authorId === user.id ? (mark.attrs as SuggestionAttributes) : null;
  const ownBreak = (node: PMNode | null | undefined, kind: SuggestedBreak["kind"]): SuggestionAttributes | null => {
    const found = breakOf(node);
    return found && found.kind === kind && found.authorId === user.id ? attrsOf(found) : null;
  };
  const neighbourAttrs = (doc: PMNode, from: number, to: number, preferred: string[]): SuggestionAttributes | null => {
    const $from = doc.resolve(from);
    const before = $from.nodeBefore;
    const after = doc.resolve(to).nodeAfter;
    for (const name of preferred) {
      const found = ownAttrs(markOf(before, name)) ?? ownAttrs(markOf(after, name));
      if (found) return found;
    }
    // Typing right after one's own suggested Enter continues that suggestion ("new paragraph: …").
    if ($from.parent.inlineContent && $from.parentOffset === 0) return ownBreak($from.parent, preferred[0] === DELETE ? "delete" : "insert");
    return null;
  };
  const setBreak = (pos: number, value: SuggestedBreak | null) => out.setNodeAttribute(pos, SUGGESTED_BREAK, value);

  // 1. Inserted text: the suggestionInsert mark, in the run it continues.
  const insertAttrsByRange = new Map<{ from: number; to: number }, SuggestionAttributes>();
  for (const range of inserts) {
    const from = out.mapping.map(range.from, 1);
    const to = out.mapping.map(range.to, -1);
    if (to <= from) continue;
    const attrs = neighbourAttrs(out.doc, from, to, [INSERT, DELETE]) ?? fresh();
    insertAttrsByRange.set(range, attrs);
    out.removeMark(from, to, deleteType);
    out.removeMark(from, to, insertType);
    out.addMark(from, to, insertType.create(attrs));
  }

  // 1b. Paragraph breaks inside inserted content (Enter, a paste of paragraphs): suggested breaks.
  for (const range of inserts) {
    const from = out.mapping.map(range.from, 1);
    const to = out.mapping.map(range.to, -1);
    if (to <= from) continue;
    const blocks = blocksIn(out.doc, from, to);
    if (blocks.length === 0) continue;
    const attrs = insertAttrsByRange.get(range) ?? neighbourAttrs(out.doc, from, to, [INSERT]) ?? fresh();
    insertAttrsByRange.set(range, attrs);
    for (const block of blocks) setBreak(block.pos, { ...attrsOf(attrs), kind: "insert" });
  }

  // 2. Deleted text comes back, marked for deletion; the caret moves over it.
  let caret: number | null = null;
  for (const item of reinserts) {
    const pos = out.mapping.map(item.pos, -1);
    const paired = item.pairedInsert ? insertAttrsByRange.get(item.pairedInsert) : undefined;
    const attrs = paired ?? neighbourAttrs(out.doc, pos, pos, [DELETE]) ?? fresh();
    const nodes = item.nodes.map((node) => {
      if (markOf(node, DELETE) || markOf(node, INSERT)) return node;
      return node.mark(deleteType.create(attrs).addToSet(node.marks));
    });
    const size = nodes.reduce((sum, node) => sum + node.nodeSize, 0);
    out.insert(pos, nodes);
    if (item.pairedInsert === null) caret = item.backward ? pos : pos + size;
  }

  // 3. Content deleted across paragraphs comes back whole: its text marked for deletion, the
  //    breaks in it suggested deletions; the user's own suggested text and breaks really go.
  for (const item of structural) {
    const pos = out.mapping.map(item.pos, -1);
    const mapsBefore = out.mapping.maps.length;
    const put = out.maybeStep(new ReplaceStep(pos, pos, item.slice));
    if (put.failed) out.replace(pos, pos, item.slice);
    const afterPut = out.mapping.maps.length;
    const end = out.mapping.slice(mapsBefore).map(pos, 1);
    const paired = item.pairedInsert ? insertAttrsByRange.get(item.pairedInsert) : undefined;
    const attrs = paired ?? neighbourAttrs(out.doc, pos, end, [DELETE]) ?? fresh();
    const removals: { from: number; to: number }[] = [];
    const joins: number[] = [];
    out.doc.nodesBetween(pos, end, (node, nodePos) => {
      if (!node.isInline) return true;
      const start = Math.max(pos, nodePos);
      const stop = Math.min(end, nodePos + node.nodeSize);
      const inserted = markOf(node, INSERT);
      if (inserted) {
        if ((inserted.attrs as SuggestionAttributes).authorId === user.id) removals.push({ from: start, to: stop });
      } else if (!markOf(node, DELETE)) out.addMark(start, stop, deleteType.create(attrs));
      return false;
    });
    for (const block of blocksIn(out.doc, pos, end)) {
      if (!block.hasPrevious) continue;
      const existing = breakOf(block.node);
      if (existing?.kind === "insert" && existing.authorId === user.id) joins.push(block.pos);
      else if (!existing) setBreak(block.pos, { ...attrsOf(attrs), kind: "delete" });
    }
    const edits = [...removals.map((r) => ({ at: r.from, run: () => out.delete(r.from, r.to) })), ...joins.map((at) => ({ at, run: () => out.join(at) }))];
    for (const edit of edits.sort((a, b) => b.at - a.at)) {
      try {
        edit.run();
      } catch {
        // A join ProseMirror cannot make leaves the break as it was.
      }
    }
    const start = out.mapping.slice(mapsBefore).map(pos, -1);
    const stop = out.mapping.slice(afterPut).map(end, -1);
    if (item.pairedInsert === null) caret = item.backward ? start : stop;
  }
  if (caret !== null && reinserts.length + structural.length === 1 && inserts.length === 0) {
    out.setSelection(TextSelection.create(out.doc, caret));
  }
  return out.docChanged ? out : null;
}

/**
 * Text this user inserts (typed, pasted, dropped) loses the suggestion marks of other authors: with
 * a mark it inherited inside or at the edge of someone else's suggestion, it would join that
 * suggestion, and rejecting the suggestion would delete it (issue 14). The server refuses such an
 * edit too (realtime/src/collab/suggestions.ts, close code foreignSuggestion).
 */
function stripForeignMarks(user: SuggestionUser, transactions: readonly Transaction[], newState: EditorState): Transaction | null {
  const ranges: { from: number; to: number }[] = [];
  const mapping = new Mapping();
  const all: Step[] = transactions.flatMap((tr) => tr.steps);
  for (const step of all) mapping.appendMap(step.getMap());
  all.forEach((step, k) => {
    const after = mapping.slice(k + 1);
    step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      if (newEnd > newStart) ranges.push({ from: after.map(newStart, 1), to: after.map(newEnd, -1) });
    });
  });
  const out = newState.tr;
  for (const { from, to } of ranges) {
    if (to <= from) continue;
    newState.doc.nodesBetween(from, to, (node, pos) => {
      if (!node.isInline) return true;
      for (const mark of node.marks) {
        if ((mark.type.name === INSERT || mark.type.name === DELETE) && (mark.attrs as SuggestionAttributes).authorId !== user.id) {
          out.removeMark(Math.max(from, pos), Math.min(to, pos + node.nodeSize), mark);
        }
      }
      return false;
    });
    // Pasted paragraphs may carry someone else's suggested break: in Editing they are plain breaks.
    for (const block of blocksIn(newState.doc, from, to)) {
      const value = breakOf(block.node);
      if (value && value.authorId !== user.id) out.setNodeAttribute(block.pos, SUGGESTED_BREAK, null);
    }
  }
  if (!out.docChanged) return null;
  out.setMeta(suggestionModeKey, true);
  out.setMeta("addToHistory", transactions.every((tr) => tr.getMeta("addToHistory") !== false));
  return out;
}

/** The plugin: refuses what suggest mode cannot express, rewrites the rest as suggestions. */
export function suggestionModePlugin(options: SuggestionModeOptions): Plugin<SuggestionModeState> {
  return new Plugin<SuggestionModeState>({
    key: suggestionModeKey,
    state: {
      init: () => ({ enabled: options.enabled }),
      apply: (tr, value) => {
        const meta = tr.getMeta(suggestionModeKey) as SuggestionModeState | true | undefined;
        return typeof meta === "object" && meta !== null ? { enabled: meta.enabled } : value;
      },
    },
    filterTransaction(tr, state) {
      if (!isSuggesting(state) || !options.user || !tr.docChanged || isRemote(tr)) return true;
      const refused = tr.steps.findIndex((step, i) => !isInlineReplace(step, tr.docs[i]!) && !isParagraphReplace(step, tr.docs[i]!));
      if (refused < 0) return true;
      options.onRefused(refusedKind(tr.steps[refused]!, tr.docs[refused]!));
      return false;
    },
    appendTransaction(transactions, oldState, newState) {
      if (!options.user) return null;
      const local = transactions.filter((tr) => tr.docChanged && !isRemote(tr));
      if (local.length === 0) return null;
      // Mixed local and remote transactions in one batch: the remote steps would shift positions.
      if (local.length !== transactions.filter((tr) => tr.docChanged).length) return null;
      if (!isSuggesting(oldState)) return stripForeignMarks(options.user, local, newState);
      return buildSuggestion(options, local, oldState, newState);
    },
  });
}

/**
 * Suggest mode (DESIGN.md §3): what a reviewer types becomes a suggested insertion, what they
 * delete is marked for deletion instead of removed, deleting their own suggested text really
 * deletes it, and formatting or block changes are refused. The accepted text (inserted text
 * removed, deleted text kept) never changes: the server's rule for reviewers
 * (realtime/src/collab/suggestions.ts).
 */
export const SuggestionMode = Extension.create<SuggestionModeOptions>({
  name: SUGGESTION_TRACKING_EXTENSION,
  addOptions() {
    return { user: null, enabled: true, newChangeId: randomId, now: () => new Date().toISOString(), onRefused: notifyRefused };
  },
  addProseMirrorPlugins() {
    return [suggestionModePlugin(this.options)];
  },
});

/**
 * For the editor's `extraExtensions` prop: suggestion tracking for everyone who may change the
 * document. Reviewers (collab mode "suggest") always suggest; those who may edit start in the mode
 * they chose last (the editor's mode switch turns it on and off), and in Editing their typing still
 * never joins someone else's suggestion. Nothing for read-only users.
 */
export function suggestionExtensions(context: SuggestionExtensionContext & { suggesting?: boolean }): Extensions {
  if (context.mode === "read-only") return [];
  const enabled = context.mode === "suggest" || Boolean(context.suggesting);
  return [SuggestionMode.configure({ user: { id: context.user.id, name: context.user.name }, enabled })];
}
