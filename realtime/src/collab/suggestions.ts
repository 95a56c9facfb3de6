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

/** The author named by each suggestion (changeId → authorId) anywhere under `node`. */
function suggestionAuthors(node: Y.XmlFragment | Y.XmlElement, out = new Map<string, unknown>()): Map<string, unknown> {
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlElement) suggestionAuthors(child, out);
    else if (child instanceof Y.XmlText) {
      for (const op of child.toDelta() as DeltaOp[]) {
        for (const [key, value] of Object.entries(op.attributes ?? {})) {
          const isSuggestion = [SUGGESTION_MARKS.insert, SUGGESTION_MARKS.delete].some((name) => key === name || key.startsWith(`${name}--`));
          if (!isSuggestion || !value || typeof value !== "object") continue;
          const { changeId, authorId } = value as { changeId?: unknown; authorId?: unknown };
          if (typeof changeId === "string") out.set(changeId, authorId);
        }
      }
    }
  }
  return out;
}

/**
 * Whether `update`, applied after the live document and the updates still waiting to be stored,
 * changes nothing but suggestions, and every suggestion it starts (or re-signs) names `authorId`
 * as its author: a reviewer cannot suggest in someone else's name. Checked on a scratch copy; the
 * live document is not touched.
 */
export function changesOnlySuggestions(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array, authorId?: string): boolean {
  const scratch = new Y.Doc();
  try {
    const fragment = scratch.getXmlFragment(COLLAB_FRAGMENT);
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(live));
    for (const u of waiting) Y.applyUpdate(scratch, u);
    const before = acceptedView(fragment);
    const authorsBefore = authorId === undefined ? null : suggestionAuthors(fragment);
    let otherRoot = false;
    scratch.on("afterTransaction", (transaction: Y.Transaction) => {
      for (const type of transaction.changed.keys()) if (rootOf(type as AnyType) !== (fragment as unknown as AnyType)) otherRoot = true;
    });
    Y.applyUpdate(scratch, update);
    if (otherRoot || acceptedView(fragment) !== before) return false;
    if (!authorsBefore) return true;
    for (const [changeId, author] of suggestionAuthors(fragment)) {
      if (author !== authorsBefore.get(changeId) && author !== authorId) return false;
    }
    return true;
  } finally {
    scratch.destroy();
  }
}
