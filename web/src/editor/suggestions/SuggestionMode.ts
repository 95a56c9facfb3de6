import { Extension, type Extensions } from "@tiptap/core";
import type { Mark, Node as PMNode, Fragment } from "@tiptap/pm/model";
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Mapping, ReplaceStep, type Step } from "@tiptap/pm/transform";
import { SuggestionDelete, SuggestionInsert, type SuggestionAttributes } from "@clausewise/shared/editor";
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

const markOf = (node: PMNode | null | undefined, name: string): Mark | undefined => node?.marks.find((mark) => mark.type.name === name);

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
  const oldSel = oldState.selection;
  steps.forEach(({ step, doc }, k) => {
    const after = mapping.slice(k + 1);
    const { from, to, slice } = step as unknown as { from: number; to: number; slice: { size: number } };
    let insert: { from: number; to: number } | null = null;
    if (slice.size > 0) {
      insert = { from: after.map(from, 1), to: after.map(from + slice.size, -1) };
      inserts.push(insert);
    }
    if (to > from) {
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
  if (inserts.length === 0 && reinserts.length === 0) return null;

  const out = newState.tr;
  out.setMeta(suggestionModeKey, true);
  out.setMeta("addToHistory", transactions.every((tr) => tr.getMeta("addToHistory") !== false));

  const fresh = (): SuggestionAttributes => ({ changeId: options.newChangeId(), authorId: user.id, authorName: user.name, createdAt: options.now() });
  const ownAttrs = (mark: Mark | undefined): SuggestionAttributes | null =>
    mark && (mark.attrs as SuggestionAttributes).authorId === user.id ? (mark.attrs as SuggestionAttributes) : null;
  const neighbourAttrs = (doc: PMNode, from: number, to: number, preferred: string[]): SuggestionAttributes | null => {
    const before = doc.resolve(from).nodeBefore;
    const after = doc.resolve(to).nodeAfter;
    for (const name of preferred) {
      const found = ownAttrs(markOf(before, name)) ?? ownAttrs(markOf(after, name));
      if (found) return found;
    }
    return null;
  };

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
  if (caret !== null && reinserts.length === 1 && inserts.length === 0) {
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
      const refused = tr.steps.findIndex((step, i) => !isInlineReplace(step, tr.docs[i]!));
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
