import { and, eq, sql } from "drizzle-orm";
import * as Y from "yjs";
import { PUSH_EVENTS, formatChangePosition } from "@clausewise/shared";
import { readSuggestedBreak, SUGGESTED_BREAK, SUGGESTED_BREAK_TYPES, SuggestionDelete, SuggestionInsert, type SuggestedBreak } from "@clausewise/shared/editor";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { contracts, documentChanges, users } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import { notify } from "../commands/notifications/notify";
import { contractMembersWith } from "../commands/notifications/recipients";
import { captureUpdate } from "./convert";
import { documentSegments } from "./text-edit";
import { textDelta } from "./delta";

/*
 * Suggestion mode on the server (DESIGN.md §3): a reviewer's edits live in the document as
 * suggestionInsert / suggestionDelete marks; each changeId is one document_changes row (anchor
 * {changeId, kind: "mark"}), kept in step with the marks by syncSuggestions, and decided by
 * applying or dropping the marked text (decideMarkedChange).
 */

export const SUGGESTION_MARK_NAMES = { insert: SuggestionInsert.name, delete: SuggestionDelete.name } as const;
export const WITHDRAWN_COMMENT = "Withdrawn by the reviewer";

export interface MarkAnchor {
  kind: "mark";
  changeId: string;
}

export const isMarkAnchor = (anchor: unknown): anchor is MarkAnchor =>
  typeof anchor === "object" && anchor !== null && (anchor as { kind?: unknown }).kind === "mark" && typeof (anchor as { changeId?: unknown }).changeId === "string";

export interface Suggestion {
  changeId: string;
  kind: "insert" | "delete" | "replace";
  /** The text marked for deletion. */
  originalText: string;
  /** The suggested text. */
  newText: string;
  /** Offsets in the accepted text (plain text without suggested insertions). */
  start: number;
  end: number;
  authorId: string | null;
  authorName: string | null;
  createdAt: string | null;
}

type MarkValue = { changeId?: unknown; authorId?: unknown; authorName?: unknown; createdAt?: unknown };

/** The attributes of a mark on a run (y-prosemirror stores `name` or `name--hash`). */
export function markOn(attributes: Record<string, unknown> | undefined, name: string): MarkValue | null {
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value != null && (key === name || key.startsWith(`${name}--`))) return typeof value === "object" ? (value as MarkValue) : {};
  }
  return null;
}

const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

const BREAK_TYPES = new Set<string>(SUGGESTED_BREAK_TYPES);

/** The suggested paragraph break on a Yjs element (a paragraph or heading's `suggestedBreak`). */
export function suggestedBreakOf(element: Y.XmlElement): SuggestedBreak | null {
  return BREAK_TYPES.has(element.nodeName) ? readSuggestedBreak(element.getAttribute(SUGGESTED_BREAK)) : null;
}

/** Every XmlText and every element with a suggested break under `node`, in document order. */
function walkInOrder(node: Y.XmlFragment | Y.XmlElement, visit: (item: Y.XmlText | { element: Y.XmlElement; suggested: SuggestedBreak }) => void): void {
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlText) visit(child);
    else if (child instanceof Y.XmlElement) {
      const suggested = suggestedBreakOf(child);
      if (suggested) visit({ element: child, suggested });
      walkInOrder(child, visit);
    }
  }
}

/**
 * One entry per changeId, in document order, with offsets in the accepted text. A suggested
 * paragraph break counts as a "\n" of its change: inserted (Enter, pasted paragraphs: newText) or
 * deleted (deleting across paragraphs: originalText), placed at the end of the paragraph before it.
 * Offsets after a suggested new paragraph that is still empty can be one off (the plain text has
 * no line for an empty paragraph).
 */
export function collectSuggestions(doc: Y.Doc): Suggestion[] {
  const byId = new Map<string, Suggestion & { hasInsert: boolean; hasDelete: boolean }>();
  const starts = new Map<Y.XmlText, number>();
  for (const segment of documentSegments(doc)) if (segment.node) starts.set(segment.node, segment.start);
  let removed = 0; // characters of the plain text before the current point that the accepted text lacks
  let lastAccepted = 0; // the accepted offset at the end of the last text read
  const entryFor = (changeId: string, mark: MarkValue, accepted: number) => {
    let entry = byId.get(changeId);
    if (!entry) {
      entry = {
        changeId,
        kind: "insert",
        originalText: "",
        newText: "",
        start: accepted,
        end: accepted,
        authorId: str(mark.authorId),
        authorName: str(mark.authorName),
        createdAt: str(mark.createdAt),
        hasInsert: false,
        hasDelete: false,
      };
      byId.set(changeId, entry);
    }
    return entry;
  };
  walkInOrder(doc.getXmlFragment(COLLAB_FRAGMENT), (item) => {
    if (!(item instanceof Y.XmlText)) {
      const { suggested } = item;
      const entry = entryFor(suggested.changeId!, suggested, lastAccepted);
      if (suggested.kind === "insert") {
        entry.newText += "\n";
        entry.hasInsert = true;
        entry.start = Math.min(entry.start, lastAccepted);
        entry.end = Math.max(entry.end, lastAccepted);
        removed += 1; // its line break is in the plain text, not yet in the accepted text
      } else {
        entry.originalText += "\n";
        entry.hasDelete = true;
        entry.start = Math.min(entry.start, lastAccepted);
        entry.end = Math.max(entry.end, lastAccepted + 1);
      }
      return;
    }
    const start = starts.get(item);
    if (start === undefined) return;
    let plain = start;
    for (const op of textDelta(item)) {
      if (typeof op.insert !== "string") continue;
      const text = op.insert;
      const inserted = markOn(op.attributes, SUGGESTION_MARK_NAMES.insert);
      const deleted = inserted ? null : markOn(op.attributes, SUGGESTION_MARK_NAMES.delete);
      const mark = inserted ?? deleted;
      const accepted = Math.max(0, plain - removed);
      const changeId = mark ? str(mark.changeId) : null;
      if (mark && changeId) {
        const entry = entryFor(changeId, mark, accepted);
        if (inserted) {
          entry.newText += text;
          entry.hasInsert = true;
          entry.start = Math.min(entry.start, accepted);
          entry.end = Math.max(entry.end, accepted);
        } else {
          entry.originalText += text;
          entry.hasDelete = true;
          entry.start = Math.min(entry.start, accepted);
          entry.end = Math.max(entry.end, accepted + text.length);
        }
      }
      plain += text.length;
      if (inserted) removed += text.length;
    }
    lastAccepted = Math.max(0, plain - removed);
  });
  return [...byId.values()].map(({ hasInsert, hasDelete, ...entry }) => ({ ...entry, kind: hasInsert && hasDelete ? "replace" : hasDelete ? "delete" : "insert" }));
}

/**
 * Accepts or rejects the suggestion `changeId` in the document: accepting removes the text marked
 * for deletion and keeps the inserted text without its mark; rejecting removes the inserted text
 * and unmarks the deleted text. Returns the update (null: the document holds no such marks).
 */
export function decideMarkedSuggestion(doc: Y.Doc, changeId: string, decision: "accept" | "reject"): Uint8Array | null {
  const runs: { node: Y.XmlText; index: number; length: number; key: string; kind: "insert" | "delete" }[] = [];
  for (const segment of documentSegments(doc)) {
    if (!segment.node) continue;
    let index = 0;
    for (const op of textDelta(segment.node)) {
      const length = typeof op.insert === "string" ? op.insert.length : 1;
      for (const [key, value] of Object.entries(op.attributes ?? {})) {
        if (value == null || typeof value !== "object" || (value as MarkValue).changeId !== changeId) continue;
        const kind = key === SUGGESTION_MARK_NAMES.insert || key.startsWith(`${SUGGESTION_MARK_NAMES.insert}--`) ? "insert" : key === SUGGESTION_MARK_NAMES.delete || key.startsWith(`${SUGGESTION_MARK_NAMES.delete}--`) ? "delete" : null;
        if (kind) runs.push({ node: segment.node, index, length, key, kind });
      }
      index += length;
    }
  }
  const breaks: { element: Y.XmlElement; kind: SuggestedBreak["kind"] }[] = [];
  walkInOrder(doc.getXmlFragment(COLLAB_FRAGMENT), (item) => {
    if (!(item instanceof Y.XmlText) && item.suggested.changeId === changeId) breaks.push({ element: item.element, kind: item.suggested.kind });
  });
  if (runs.length === 0 && breaks.length === 0) return null;
  return captureUpdate(doc, () => {
    const emptied = new Set<Y.XmlText>();
    // Back to front, so the indexes of the runs still to do stay valid.
    for (const run of runs.reverse()) {
      const removeText = (run.kind === "delete") === (decision === "accept");
      if (removeText) {
        run.node.delete(run.index, run.length);
        if (run.node.length === 0) emptied.add(run.node);
      } else run.node.format(run.index, run.length, { [run.key]: null });
    }
    // Suggested paragraph breaks: an inserted one rejected or a deleted one accepted joins its
    // paragraph to the one before; otherwise the break stays, no longer a suggestion.
    for (const { element, kind } of breaks.reverse()) {
      if ((kind === "delete") === (decision === "accept")) joinToPrevious(element);
      else element.removeAttribute(SUGGESTED_BREAK);
    }
    for (const text of emptied) if (!isDeleted(text)) removeEmptyBlock(text);
  });
}

const isDeleted = (type: { _item: Y.Item | null }): boolean => {
  for (let item = type._item; item; item = item.parent instanceof Y.AbstractType ? item.parent._item : null) if (item.deleted) return true;
  return false;
};

/**
 * Joins `block` to the paragraph or heading before it (what accepting a deleted break or rejecting
 * an inserted one means): its content, formatting and suggestion marks included, goes to the end
 * of the previous block, which keeps its own type and attributes, and `block` is removed. Without
 * such a neighbour, the break simply stops being a suggestion.
 */
function joinToPrevious(block: Y.XmlElement): void {
  const container = block.parent;
  const index = container instanceof Y.XmlFragment || container instanceof Y.XmlElement ? container.toArray().indexOf(block) : -1;
  const previous = index > 0 ? (container as Y.XmlFragment | Y.XmlElement).get(index - 1) : null;
  if (!(previous instanceof Y.XmlElement) || !BREAK_TYPES.has(previous.nodeName)) {
    block.removeAttribute(SUGGESTED_BREAK);
    return;
  }
  for (const child of block.toArray()) {
    if (child instanceof Y.XmlText) {
      if (child.length === 0) continue;
      const last = previous.length > 0 ? previous.get(previous.length - 1) : null;
      let target: Y.XmlText;
      if (last instanceof Y.XmlText) target = last;
      else {
        target = new Y.XmlText();
        previous.insert(previous.length, [target]);
      }
      const delta = child.toDelta() as { insert: string; attributes?: Record<string, unknown> }[];
      target.applyDelta([...(target.length > 0 ? [{ retain: target.length }] : []), ...delta.map((op) => ({ insert: op.insert, attributes: op.attributes ?? {} }))]);
    } else if (child instanceof Y.XmlElement) previous.insert(previous.length, [child.clone()]);
  }
  (container as Y.XmlFragment | Y.XmlElement).delete(index, 1);
}

/**
 * A paragraph (or heading) whose whole text the decision removed goes too: accepting the deletion
 * of a whole paragraph must not leave an empty one behind (issue 14). The document keeps at least
 * one block, and blocks holding anything else (an image, a line break) stay.
 */
function removeEmptyBlock(text: Y.XmlText): void {
  const block = text.parent;
  if (!(block instanceof Y.XmlElement)) return;
  if (!block.toArray().every((child) => child instanceof Y.XmlText && child.length === 0)) return;
  const container = block.parent;
  if (!(container instanceof Y.XmlFragment || container instanceof Y.XmlElement) || container.length < 2) return;
  const index = container.toArray().indexOf(block);
  if (index >= 0) container.delete(index, 1);
}

type AfterCommitTask = DomainEvent | { publish(deps: AppDeps): Promise<void> };

export interface SuggestionSyncResult {
  created: string[];
  updated: string[];
  withdrawn: string[];
  /** Suggestions the document holds (none: every pending change backed by a mark is now withdrawn). */
  found: number;
  /** Events and notifications to publish once the transaction committed. */
  afterCommit: AfterCommitTask[];
}

/**
 * Brings the contract's mark-backed changes in line with the document's suggestion marks: a row
 * for each new changeId (pending; approvers notified), texts and positions updated for changed
 * ones, and pending rows whose marks are gone closed as withdrawn. Decided rows are never reopened.
 */
export async function syncSuggestions(
  tx: Db,
  input: { companyId: string; contractId: string; doc: Y.Doc; now?: Date; /** The caller tells the deciders once (a Word import), instead of once per new suggestion. */ quiet?: boolean },
): Promise<SuggestionSyncResult> {
  const now = input.now ?? new Date();
  const { companyId, contractId } = input;
  const suggestions = collectSuggestions(input.doc);
  const result: SuggestionSyncResult = { created: [], updated: [], withdrawn: [], found: suggestions.length, afterCommit: [] };
  const rows = await tx
    .select()
    .from(documentChanges)
    .where(and(eq(documentChanges.contractId, contractId), eq(documentChanges.companyId, companyId), sql`${documentChanges.anchor}->>'kind' = 'mark'`));
  const byChangeId = new Map(rows.filter((row) => isMarkAnchor(row.anchor)).map((row) => [(row.anchor as unknown as MarkAnchor).changeId, row]));
  const seen = new Set<string>();
  let contract: { id: string; companyId: string; title: string } | undefined;

  for (const s of suggestions) {
    seen.add(s.changeId);
    const position = formatChangePosition({ start: s.start, end: s.kind === "insert" ? s.start : s.end });
    const row = byChangeId.get(s.changeId);
    if (row) {
      if (row.status !== "pending") continue;
      if (row.originalText === s.originalText && row.newText === s.newText && row.position === position && row.changeType === s.kind) continue;
      await tx.update(documentChanges).set({ originalText: s.originalText, newText: s.newText, position, changeType: s.kind }).where(eq(documentChanges.id, row.id));
      result.updated.push(row.id);
      result.afterCommit.push({ type: PUSH_EVENTS.changeUpdated, companyId, contractId, payload: { contractId, id: row.id } });
      continue;
    }
    // The author named in the mark counts only if they are a member of the company.
    const [author] = s.authorId && /^[0-9a-f-]{36}$/i.test(s.authorId) ? await tx.select({ id: users.id }).from(users).where(and(eq(users.id, s.authorId), eq(users.companyId, companyId))) : [];
    const [created] = await tx
      .insert(documentChanges)
      .values({
        companyId,
        contractId,
        userId: author?.id ?? null,
        // A mark without an account (authorId null) is a Word import's: it keeps the name it carried.
        externalAuthor: s.authorId === null ? s.authorName : null,
        changeType: s.kind,
        originalText: s.originalText,
        newText: s.newText,
        position,
        anchor: { kind: "mark", changeId: s.changeId } satisfies MarkAnchor,
        status: "pending",
        createdAt: now,
      })
      .returning();
    result.created.push(created!.id);
    result.afterCommit.push({ type: PUSH_EVENTS.changeNew, companyId, contractId, payload: { contractId, id: created!.id } });
    if (input.quiet) continue;
    contract ??= (await tx.select({ id: contracts.id, companyId: contracts.companyId, title: contracts.title }).from(contracts).where(eq(contracts.id, contractId)))[0];
    if (contract) {
      const deciders = await contractMembersWith(tx, contract, "decideChanges", [author?.id]);
      // A suggested paragraph break reads as the pilcrow Word shows for it.
      const shown = (text: string) => text.replace(/\n/g, "¶");
      const what = s.kind === "insert" ? `insert “${shown(s.newText)}”` : s.kind === "delete" ? `delete “${shown(s.originalText)}”` : `replace “${shown(s.originalText)}” with “${shown(s.newText)}”`;
      const notifications = await notify(tx, {
        companyId,
        userIds: deciders,
        type: "approval_required",
        title: `Change awaiting approval on ${contract.title}`,
        message: `${s.authorName ?? "A reviewer"} suggests to ${what.length > 300 ? `${what.slice(0, 297)}…` : what}.`,
        actionUrl: `/contracts/${contractId}`,
      });
      result.afterCommit.push(notifications);
    }
  }

  for (const [changeId, row] of byChangeId) {
    if (seen.has(changeId) || row.status !== "pending") continue;
    await tx
      .update(documentChanges)
      .set({ status: "rejected", decidedBy: row.userId, decidedAt: now, decisionComment: WITHDRAWN_COMMENT })
      .where(eq(documentChanges.id, row.id));
    result.withdrawn.push(row.id);
    result.afterCommit.push({ type: PUSH_EVENTS.changeUpdated, companyId, contractId, payload: { contractId, id: row.id } });
  }
  return result;
}

/** syncSuggestions in its own transaction, for a contract known by id (the realtime server's call). */
export async function syncContractSuggestions(db: Db, input: { contractId: string; doc: Y.Doc; now?: Date }): Promise<SuggestionSyncResult | null> {
  return db.transaction(async (tx) => {
    // The contract's row lock, as approvals and rejections take it: two syncs (two instances) or a
    // sync and a decision never interleave, so a changeId never gets two rows.
    const [contract] = await tx.select({ companyId: contracts.companyId }).from(contracts).where(eq(contracts.id, input.contractId)).for("update");
    if (!contract) return null;
    return syncSuggestions(tx, { companyId: contract.companyId, contractId: input.contractId, doc: input.doc, now: input.now });
  });
}
