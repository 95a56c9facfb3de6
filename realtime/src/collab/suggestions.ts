import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { SuggestionDelete, SuggestionInsert } from "@clausewise/shared/editor";

/** Mark names of the editor's suggestion mode, from the one editor schema. */
export const SUGGESTION_MARKS = { insert: SuggestionInsert.name, delete: SuggestionDelete.name } as const;

/*
 * The rule for reviewers (suggest mode, DESIGN.md §3: "their edits in the live editor are
 * suggestions, not direct edits"): an update is accepted only if it leaves the ACCEPTED document
 * unchanged. The accepted document is the `default` fragment with
 * - text marked `suggestionInsert` removed (a pending insertion is not yet part of the contract),
 * - text marked `suggestionDelete` kept, without that mark (a pending deletion has not happened),
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

interface DeltaOp {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

function acceptedText(text: Y.XmlText): string {
  const runs: { text: string; attributes: string }[] = [];
  for (const op of text.toDelta() as DeltaOp[]) {
    if (hasMark(op.attributes, SUGGESTION_MARKS.insert)) continue;
    const attributes = sortedJson(withoutMark(op.attributes, SUGGESTION_MARKS.delete));
    const insert = typeof op.insert === "string" ? op.insert : `\u0000${JSON.stringify(op.insert instanceof Y.AbstractType ? op.insert.toJSON() : op.insert)}\u0000`;
    const last = runs.at(-1);
    // Removing a suggestion can leave two neighbouring runs alike: they are one run of text.
    if (last && last.attributes === attributes) last.text += insert;
    else runs.push({ text: insert, attributes });
  }
  return JSON.stringify(runs);
}

/** A canonical serialisation of the accepted document (see the rule above). */
export function acceptedView(node: Y.XmlFragment | Y.XmlElement): string {
  const children = node
    .toArray()
    .map((child) => (child instanceof Y.XmlText ? `T${acceptedText(child)}` : child instanceof Y.XmlElement ? acceptedView(child) : `H${child.toString()}`));
  const head = node instanceof Y.XmlElement ? `${node.nodeName}${sortedJson(node.getAttributes())}` : "";
  return `<${head}>${children.join("")}</>`;
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
    if (child instanceof Y.XmlElement) suggestionRecords(child, out);
    else if (child instanceof Y.XmlText) {
      for (const op of child.toDelta() as DeltaOp[]) {
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
    if (child instanceof Y.XmlElement && hasSuggestionFormat(child)) return true;
    if (!(child instanceof Y.XmlText)) continue;
    for (let item = child._start; item; item = item.right) {
      if (!item.deleted && item.content instanceof Y.ContentFormat && item.content.value != null && isSuggestionKey(item.content.key)) return true;
    }
  }
  return false;
}

const updateFormatsSuggestions = (update: Uint8Array) =>
  Y.decodeUpdate(update).structs.some((struct) => struct instanceof Y.Item && struct.content instanceof Y.ContentFormat && isSuggestionKey(struct.content.key));

/**
 * Whether an update could touch a suggestion at all: text only inherits a suggestion mark where the
 * document has one, and a new one needs a format item. Walks the items (runs, not characters), so
 * a direct edit of a document without suggestions skips the scratch copy below.
 */
function mayTouchSuggestions(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array): boolean {
  return updateFormatsSuggestions(update) || waiting.some(updateFormatsSuggestions) || hasSuggestionFormat(live.getXmlFragment(COLLAB_FRAGMENT));
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
  const scratch = new Y.Doc();
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
