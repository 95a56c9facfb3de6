import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { readSuggestedBreak, SUGGESTED_BREAK, SUGGESTED_BREAK_TYPES, SuggestionDelete, SuggestionInsert } from "@clausewise/shared/editor";
import { decodedUpdate } from "./decoded-update";
import { textDelta } from "@clausewise/api/collab/delta";

/** Mark names of the editor's suggestion mode, from the one editor schema. */
export const SUGGESTION_MARKS = { insert: SuggestionInsert.name, delete: SuggestionDelete.name } as const;

/*
 * The rule for reviewers (suggest mode, DESIGN.md §3: "their edits in the live editor are
 * suggestions, not direct edits"): an update is accepted only if it leaves the ACCEPTED document
 * unchanged. The accepted document is the `default` fragment with
 * - text marked `suggestionInsert` removed (a pending insertion is not yet part of the contract),
 * - text marked `suggestionDelete` kept, without that mark (a pending deletion has not happened),
 * - a paragraph or heading whose `suggestedBreak` is an insertion read as part of the block before
 *   it (the suggested break is not there yet), a suggested deletion of a break read as a break,
 *   and the attribute itself left out (issue 14: Enter, pasted paragraphs, deleting across them),
 * - everything else as it is: blocks (node names and attributes) and the other formatting.
 * So a reviewer may type suggestion-marked text, delete or reformat their own suggested text, mark
 * text for deletion and withdraw such a mark; anything else (plain typing or deleting, splitting or
 * adding blocks, formatting, touching another root type) is refused.
 * y-prosemirror stores a mark as a text attribute named after it, or `<name>--<hash>` for marks that
 * may overlap, so both spellings count.
 */
const hasMark = (attributes: Record<string, unknown> | undefined, name: string) =>
  Object.entries(attributes ?? {}).some(([key, value]) => value != null && (key === name || key.startsWith(`${name}--`)));

const withoutMark = (attributes: Record<string, unknown> | undefined, name: string) =>
  Object.fromEntries(Object.entries(attributes ?? {}).filter(([key, value]) => value != null && key !== name && !key.startsWith(`${name}--`)));

const sortedJson = (value: Record<string, unknown>) => JSON.stringify(Object.keys(value).sort().map((k) => [k, value[k]]));

type Run = { text: string; attributes: string };

/** Appends `text`'s accepted runs to `runs`: consecutive texts (a joined block's) read as one. */
function acceptedRuns(text: Y.XmlText, runs: Run[]): void {
  for (const op of textDelta(text)) {
    if (hasMark(op.attributes, SUGGESTION_MARKS.insert)) continue;
    const attributes = sortedJson(withoutMark(op.attributes, SUGGESTION_MARKS.delete));
    const insert = typeof op.insert === "string" ? op.insert : `\u0000${JSON.stringify(op.insert instanceof Y.AbstractType ? op.insert.toJSON() : op.insert)}\u0000`;
    const last = runs.at(-1);
    // Removing a suggestion can leave two neighbouring runs alike: they are one run of text.
    if (last && last.attributes === attributes) last.text += insert;
    else runs.push({ text: insert, attributes });
  }
}

type Child = Y.XmlElement | Y.XmlText | Y.XmlHook;
const BREAK_TYPES = new Set<string>(SUGGESTED_BREAK_TYPES);

/** A paragraph or heading of the accepted document: one element, or several joined by suggested (not yet accepted) breaks. */
interface Block {
  block: Y.XmlElement;
  children: Child[];
}

const elementHead = (element: Y.XmlElement) => {
  const { [SUGGESTED_BREAK]: _suggested, ...attributes } = element.getAttributes() as Record<string, unknown>;
  return `${element.nodeName}${sortedJson(attributes)}`;
};

function childrenView(children: Child[]): string {
  const groups: (Child | Block)[] = [];
  for (const child of children) {
    if (child instanceof Y.XmlElement && BREAK_TYPES.has(child.nodeName)) {
      const last = groups.at(-1);
      if (readSuggestedBreak(child.getAttribute(SUGGESTED_BREAK))?.kind === "insert" && last && !(last instanceof Y.AbstractType)) {
        last.children.push(...child.toArray());
        continue;
      }
      groups.push({ block: child, children: child.toArray() });
    } else groups.push(child);
  }
  let out = "";
  let runs: Run[] | null = null;
  const flush = () => {
    if (runs) out += `T${JSON.stringify(runs)}`;
    runs = null;
  };
  for (const group of groups) {
    if (group instanceof Y.XmlText) {
      runs ??= [];
      acceptedRuns(group, runs);
      continue;
    }
    flush();
    if (group instanceof Y.XmlElement) out += acceptedView(group);
    else if (group instanceof Y.AbstractType) out += `H${group.toString()}`;
    else out += `<${elementHead(group.block)}>${childrenView(group.children)}</>`;
  }
  flush();
  return out;
}

/** A canonical serialisation of the accepted document (see the rule above). */
export function acceptedView(node: Y.XmlFragment | Y.XmlElement): string {
  const head = node instanceof Y.XmlElement ? elementHead(node) : "";
  return `<${head}>${childrenView(node.toArray())}</>`;
}

type AnyType = Y.AbstractType<Y.YEvent<Y.AbstractType<unknown>>>;

function rootOf(type: AnyType): AnyType {
  let current = type;
  while (current._item && current._item.parent instanceof Y.AbstractType) current = current._item.parent as AnyType;
  return current;
}

interface SuggestionRecord {
  authorId: unknown;
  /** The text marked as inserted and as deleted under this changeId, in document order. */
  inserted: string;
  deleted: string;
}

/** Each suggestion (changeId) anywhere under `node`: its author and its marked text. */
function suggestionRecords(node: Y.XmlFragment | Y.XmlElement, out = new Map<string, SuggestionRecord>()): Map<string, SuggestionRecord> {
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlElement) {
      // A suggested paragraph break counts as a "\n" of its suggestion, inserted or deleted.
      const suggested = readSuggestedBreak(child.getAttribute(SUGGESTED_BREAK));
      if (suggested?.changeId) {
        const record = out.get(suggested.changeId) ?? { authorId: suggested.authorId, inserted: "", deleted: "" };
        record[suggested.kind === "insert" ? "inserted" : "deleted"] += "\n";
        out.set(suggested.changeId, record);
      }
      suggestionRecords(child, out);
    } else if (child instanceof Y.XmlText) {
      for (const op of textDelta(child)) {
        const text = typeof op.insert === "string" ? op.insert : "\u0000";
        for (const [key, value] of Object.entries(op.attributes ?? {})) {
          const kind = key === SUGGESTION_MARKS.insert || key.startsWith(`${SUGGESTION_MARKS.insert}--`) ? "inserted" : key === SUGGESTION_MARKS.delete || key.startsWith(`${SUGGESTION_MARKS.delete}--`) ? "deleted" : null;
          if (!kind || !value || typeof value !== "object") continue;
          const { changeId, authorId } = value as { changeId?: unknown; authorId?: unknown };
          if (typeof changeId !== "string") continue;
          const record = out.get(changeId) ?? { authorId, inserted: "", deleted: "" };
          record[kind] += text;
          out.set(changeId, record);
        }
      }
    }
  }
  return out;
}

/** Whether `part` can be had from `whole` by leaving characters out (a suggestion that only shrank). */
function isSubsequence(part: string, whole: string): boolean {
  let i = 0;
  for (let j = 0; i < part.length && j < whole.length; j++) if (part[i] === whole[j]) i++;
  return i === part.length;
}

const isSuggestionKey = (key: string) => [SUGGESTION_MARKS.insert, SUGGESTION_MARKS.delete].some((name) => key === name || key.startsWith(`${name}--`));

function hasSuggestionFormat(node: Y.XmlFragment | Y.XmlElement): boolean {
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlElement && (child.getAttribute(SUGGESTED_BREAK) != null || hasSuggestionFormat(child))) return true;
    if (!(child instanceof Y.XmlText)) continue;
    for (let item = child._start; item; item = item.right) {
      if (!item.deleted && item.content instanceof Y.ContentFormat && item.content.value != null && isSuggestionKey(item.content.key)) return true;
    }
  }
  return false;
}

const formatsSuggestion = (struct: Y.Item | Y.GC | Y.Skip) =>
  struct instanceof Y.Item && ((struct.content instanceof Y.ContentFormat && isSuggestionKey(struct.content.key)) || struct.parentSub === SUGGESTED_BREAK);

/** Whether an update carries a suggestion format item or break (its decoding is shared with the other checks). */
const updateFormatsSuggestions = (update: Uint8Array): boolean => decodedUpdate(update).structs.some(formatsSuggestion);

/** Whether a transaction of `doc` integrated a suggestion format item or break: the structs it added, read in the store. */
function transactionFormatsSuggestions(doc: Y.Doc, transaction: Y.Transaction): boolean {
  for (const [client, after] of transaction.afterState) {
    const before = transaction.beforeState.get(client) ?? 0;
    if (after <= before) continue;
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) if (formatsSuggestion(structs[i]!)) return true;
  }
  return false;
}

/**
 * Live documents known to hold no suggestion (no live suggestion mark, no suggested break), kept
 * true by watching their transactions: Yjs items are never revived, so a document without
 * suggestions only gains one through a transaction that integrates a suggestion format item or
 * break, which `transactionFormatsSuggestions` finds among the structs it added (read in the store,
 * not decoded again from the update). Anything else leaves the answer standing, so typing in a long
 * contract without suggestions costs no walk of the document per keystroke.
 */
const withoutSuggestions = new WeakSet<Y.Doc>();
/** Per watched document, how many of its transactions integrated a suggestion format item or break. */
const suggestionEpochs = new WeakMap<Y.Doc, number>();

function watch(live: Y.Doc): void {
  if (suggestionEpochs.has(live)) return;
  suggestionEpochs.set(live, 0);
  live.on("afterTransaction", (transaction: Y.Transaction) => {
    if (!transactionFormatsSuggestions(live, transaction)) return;
    suggestionEpochs.set(live, suggestionEpochs.get(live)! + 1);
    withoutSuggestions.delete(live);
  });
}

/**
 * A count that changes whenever a suggestion mark or break comes into `live` (typed, stored
 * elsewhere, applied by a decision), counted from the first time it is asked: equal answers mean no
 * suggestion arrived in between.
 */
export function suggestionEpoch(live: Y.Doc): number {
  watch(live);
  return suggestionEpochs.get(live)!;
}

function liveHasSuggestions(live: Y.Doc): boolean {
  if (withoutSuggestions.has(live)) return false;
  watch(live);
  const has = hasSuggestionFormat(live.getXmlFragment(COLLAB_FRAGMENT));
  if (!has) withoutSuggestions.add(live);
  return has;
}

/**
 * Whether an update could touch a suggestion at all: text only inherits a suggestion mark where the
 * document has one, and a new one needs a format item. The document is walked (runs, not
 * characters) only while it may hold suggestions, so a direct edit of a document without
 * suggestions skips both the walk and the scratch copy below.
 */
function mayTouchSuggestions(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array): boolean {
  return updateFormatsSuggestions(update) || waiting.some(updateFormatsSuggestions) || liveHasSuggestions(live);
}

export type SuggestionVerdict = "ok" | "suggestionOnly" | "foreignSuggestion";

/**
 * Checks `update`, applied after the live document and the updates still waiting to be stored, on
 * a scratch copy (the live document is not touched), for the sender `authorId`:
 * - every suggestion it starts or re-signs names the sender: nobody suggests in someone else's
 *   name, so the server attributes a suggestion to its real author (issue 14, every role);
 * - no suggestion of someone else gains text: what the sender types never joins another author's
 *   suggestion, so rejecting that suggestion cannot delete it (DESIGN.md §3 "A suggestion holds
 *   only its author's text"). Shrinking one (deleting in it) stays allowed to those who may edit;
 * - with `suggestOnly` (reviewers), the accepted document is unchanged (the rule above).
 */
export function checkSuggestionUpdate(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array, sender: { authorId?: string; suggestOnly: boolean }): SuggestionVerdict {
  if (!sender.suggestOnly && !mayTouchSuggestions(live, waiting, update)) return "ok";
  const scratch = new Y.Doc({ guid: "suggestion-check" }); // fixed: a generated guid draws from crypto.getRandomValues
  try {
    const fragment = scratch.getXmlFragment(COLLAB_FRAGMENT);
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(live));
    for (const u of waiting) Y.applyUpdate(scratch, u);
    const before = sender.suggestOnly ? acceptedView(fragment) : "";
    const recordsBefore = sender.authorId === undefined ? null : suggestionRecords(fragment);
    let otherRoot = false;
    scratch.on("afterTransaction", (transaction: Y.Transaction) => {
      for (const type of transaction.changed.keys()) if (rootOf(type as AnyType) !== (fragment as unknown as AnyType)) otherRoot = true;
    });
    Y.applyUpdate(scratch, update);
    if (sender.suggestOnly && (otherRoot || acceptedView(fragment) !== before)) return "suggestionOnly";
    if (!recordsBefore) return "ok";
    for (const [changeId, after] of suggestionRecords(fragment)) {
      if (after.authorId === sender.authorId) continue;
      const previous = recordsBefore.get(changeId);
      if (!previous || previous.authorId !== after.authorId) return sender.suggestOnly ? "suggestionOnly" : "foreignSuggestion";
      if (!isSubsequence(after.inserted, previous.inserted) || !isSubsequence(after.deleted, previous.deleted)) return "foreignSuggestion";
    }
    return "ok";
  } finally {
    scratch.destroy();
  }
}

/**
 * Whether `update` changes nothing but suggestions, and every suggestion it starts (or re-signs)
 * names `authorId` as its author, and no suggestion of someone else gains text (the reviewers' rule).
 */
export function changesOnlySuggestions(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array, authorId?: string): boolean {
  return checkSuggestionUpdate(live, waiting, update, { authorId, suggestOnly: true }) === "ok";
}
