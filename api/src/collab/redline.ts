import { randomUUID } from "node:crypto";
import * as Y from "yjs";
import { alignTexts } from "../documents/redline/align";
import type { PlannedChange, PlannedEdit, RedlinePlan, StyledText } from "../documents/redline/plan";
import { SUGGESTED_BREAK, SUGGESTED_BREAK_TYPES } from "@clausewise/shared/editor";
import { captureUpdate, documentFragment } from "./convert";
import { markOn, SUGGESTION_MARK_NAMES, type Suggestion } from "./suggestions";
import { documentSegments } from "./text-edit";
import { textDelta } from "./delta";

/*
 * A Word redline's tracked changes written into the live document as suggestions (the same
 * suggestionInsert / suggestionDelete marks a reviewer's typing makes), signed with the Word author's
 * name and no account (authorId null: they are not a member). The plan's base text is aligned with
 * the document's accepted text; a change whose words are not there unchanged is skipped, one already
 * pending (the same author, kind, words and place: our own export coming back) is left as it is.
 */

interface Char {
  node: Y.XmlText;
  index: number;
  /** Inside a pending suggested insertion: not part of the accepted text. */
  inserted: boolean;
  /** Already marked for deletion by a pending suggestion. */
  deleted: boolean;
}

/** A pending suggestion as the accepted text sees it. */
interface PendingSuggestion {
  kind: Suggestion["kind"];
  originalText: string;
  newText: string;
  authorName: string | null;
  /** Accepted offset of its first character (or of where its insertion stands). */
  start: number;
}

/** The document character by character: null for the "\n" and "\t" between lines and cells. */
interface LiveText {
  full: (Char | null)[];
  accepted: string;
  /** Full index of each accepted character (length accepted.length). */
  acceptedToFull: number[];
  pending: PendingSuggestion[];
}

/**
 * The accepted text (suggested insertions left out) of the live document, as the Word file's base
 * would be written: a line holding only suggested text is no line at all.
 */
function readLive(doc: Y.Doc): LiveText {
  const full: (Char | null)[] = [];
  const acceptedParts: string[] = [];
  const acceptedToFull: number[] = [];
  const pending = new Map<string, PendingSuggestion>();
  let lineHasAccepted = false;
  let pendingNewline: number | null = null;
  const accept = (ch: string, fullIndex: number) => {
    if (pendingNewline !== null) {
      acceptedToFull.push(pendingNewline);
      acceptedParts.push("\n");
      pendingNewline = null;
    }
    acceptedToFull.push(fullIndex);
    acceptedParts.push(ch);
    lineHasAccepted = true;
  };
  for (const segment of documentSegments(doc)) {
    if (!segment.node) {
      for (const ch of segment.text) {
        if (ch !== "\n") accept(ch, full.length);
        else if (lineHasAccepted) {
          pendingNewline ??= full.length;
          lineHasAccepted = false;
        }
        full.push(null);
      }
      continue;
    }
    let index = 0;
    for (const op of textDelta(segment.node)) {
      if (typeof op.insert !== "string") {
        index += 1;
        continue;
      }
      const insertMark = markOn(op.attributes, SUGGESTION_MARK_NAMES.insert);
      const deleteMark = insertMark ? null : markOn(op.attributes, SUGGESTION_MARK_NAMES.delete);
      const mark = insertMark ?? deleteMark;
      const changeId = typeof mark?.changeId === "string" ? mark.changeId : null;
      if (mark && changeId) {
        // Where its first character goes (past a line break still due); an insertion stands before that break.
        const start = acceptedParts.length + (deleteMark && pendingNewline !== null ? 1 : 0);
        const entry = pending.get(changeId) ?? { kind: "insert", originalText: "", newText: "", authorName: typeof mark.authorName === "string" ? mark.authorName : null, start };
        if (insertMark) entry.newText += op.insert;
        else entry.originalText += op.insert;
        entry.kind = entry.originalText && entry.newText ? "replace" : entry.originalText ? "delete" : "insert";
        pending.set(changeId, entry);
      }
      for (let i = 0; i < op.insert.length; i++) {
        if (!insertMark) accept(op.insert[i]!, full.length);
        full.push({ node: segment.node, index: index + i, inserted: insertMark !== null, deleted: deleteMark !== null });
      }
      index += op.insert.length;
    }
  }
  return { full, accepted: acceptedParts.join(""), acceptedToFull, pending: [...pending.values()] };
}

export interface RedlineSkip {
  change: PlannedChange;
  reason: "text_changed" | "overlaps_suggestion";
}

export interface RedlineApplied {
  update: Uint8Array | null;
  /** The suggestion id given to each change written. */
  written: { change: PlannedChange; changeId: string }[];
  alreadyPending: PlannedChange[];
  skipped: RedlineSkip[];
  /** Stretches of the file's base text that differ from the contract outside tracked changes. */
  untrackedDifferences: number;
}

type Site = { node: Y.XmlText; index: number } | { after: Y.XmlElement | null; parent: Y.XmlFragment | Y.XmlElement; before?: boolean };

const normalise = (name: string | null) => (name ?? "").trim().toLowerCase();

function summary(change: PlannedChange): { kind: Suggestion["kind"]; originalText: string; newText: string } {
  const originalText = change.edits.map((e) => (e.kind === "delete" ? e.text : "")).join("");
  const newText = change.edits.map((e) => (e.kind === "delete" ? "" : e.runs.map((r) => r.text).join(""))).join("");
  return { kind: originalText && newText ? "replace" : originalText ? "delete" : "insert", originalText, newText };
}

/** A date Word wrote, as ISO; a missing, unreadable or future one is the import's time. */
export function wordDate(value: string | null, now: Date): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) && date.getTime() <= now.getTime() ? date.toISOString() : now.toISOString();
}

const runAttributes = (run: StyledText, mark: Record<string, unknown>) => ({ ...Object.fromEntries(run.marks.map((m) => [m, {}])), [SUGGESTION_MARK_NAMES.insert]: mark });

export function applyRedline(doc: Y.Doc, plan: RedlinePlan, now: Date): Omit<RedlineApplied, "update"> & { update: Uint8Array | null } {
  const live = readLive(doc);
  const alignment = alignTexts(plan.base, live.accepted);
  const pending = live.pending;
  const result: RedlineApplied = { update: null, written: [], alreadyPending: [], skipped: [], untrackedDifferences: alignment.differences };
  const formats: { node: Y.XmlText; index: number; length: number; mark: Record<string, unknown> }[] = [];
  const inserts: { site: Site; runs: StyledText[]; mark: Record<string, unknown>; order: number }[] = [];

  /** Where text inserted at accepted offset `a` goes: after the character before it, on its line. */
  const siteAt = (a: number): Site | null => {
    const prev = a > 0 ? live.full[live.acceptedToFull[a - 1]!] : null;
    if (prev) {
      let f = live.acceptedToFull[a - 1]! + 1;
      // After pending insertions that follow that character: they were there first.
      while (live.full[f]?.inserted && live.full[f]!.node === prev.node) f++;
      return { node: prev.node, index: prev.index + 1 + (f - live.acceptedToFull[a - 1]! - 1) };
    }
    const fullNext = a < live.acceptedToFull.length ? live.acceptedToFull[a]! : -1;
    let f = fullNext;
    while (f > 0 && live.full[f - 1]?.inserted && live.full[f - 1]!.node === live.full[fullNext]?.node) f--;
    const next = f >= 0 ? live.full[f] : null;
    return next ? { node: next.node, index: next.index } : null;
  };

  const paragraphSite = (a: number, before: boolean): Site => {
    const char = before ? live.full[live.acceptedToFull[a] ?? -1] : live.full[live.acceptedToFull[a - 1] ?? -1];
    const block = char?.node.parent;
    if (block instanceof Y.XmlElement && block.parent) return { after: block, parent: block.parent as Y.XmlElement, before };
    return { after: null, parent: documentFragment(doc) };
  };

  let order = 0;
  for (const change of plan.changes) {
    const mapped: { edit: PlannedEdit; start: number; end: number }[] = [];
    for (const edit of change.edits) {
      const range = edit.kind === "delete" ? alignment.range(edit.start, edit.end) : alignment.range(edit.at, edit.at);
      if (!range) break;
      mapped.push({ edit, ...range });
    }
    if (mapped.length !== change.edits.length) {
      result.skipped.push({ change, reason: "text_changed" });
      continue;
    }
    const { kind, originalText, newText } = summary(change);
    const first = Math.min(...mapped.map((m) => m.start));
    // An insertion at the start of a line and a new paragraph after the line before both stand before its break.
    const start = kind === "insert" && first > 0 && live.accepted[first - 1] === "\n" ? first - 1 : first;
    if (pending.some((s) => normalise(s.authorName) === normalise(change.revision.author) && s.kind === kind && s.originalText === originalText && s.newText === newText && s.start === start)) {
      result.alreadyPending.push(change);
      continue;
    }
    const deletions = mapped.filter((m) => m.edit.kind === "delete").flatMap((m) => live.acceptedToFull.slice(m.start, m.end).map((f) => live.full[f]).filter((c): c is Char => c !== null));
    if (deletions.some((c) => c.deleted)) {
      result.skipped.push({ change, reason: "overlaps_suggestion" });
      continue;
    }
    const changeId = randomUUID();
    const mark = { changeId, authorId: null, authorName: change.revision.author, createdAt: wordDate(change.revision.date, now) };
    for (const c of deletions) {
      const last = formats.at(-1);
      if (last && last.node === c.node && last.index + last.length === c.index && last.mark === mark) last.length++;
      else formats.push({ node: c.node, index: c.index, length: 1, mark });
    }
    for (const m of mapped) {
      if (m.edit.kind === "delete") continue;
      const site = m.edit.kind === "insert" ? siteAt(m.start) : paragraphSite(m.start, m.edit.before);
      if (site) inserts.push({ site, runs: m.edit.runs, mark, order: order++ });
      else inserts.push({ site: { after: null, parent: documentFragment(doc) }, runs: m.edit.runs, mark, order: order++ });
    }
    result.written.push({ change, changeId });
  }

  if (result.written.length === 0) return result;
  result.update = captureUpdate(doc, () => {
    for (const f of formats) f.node.format(f.index, f.length, { [SUGGESTION_MARK_NAMES.delete]: f.mark });
    // Back to front within each text, and the later of two insertions at one point first, so that
    // every index computed on the document before the edit stays right.
    const inText = inserts.filter((i) => "node" in i.site).sort((a, b) => (b.site as { index: number }).index - (a.site as { index: number }).index || b.order - a.order);
    for (const { site, runs, mark } of inText) {
      const { node, index } = site as { node: Y.XmlText; index: number };
      let at = index;
      for (const run of runs) {
        node.insert(at, run.text, runAttributes(run, mark));
        at += run.text.length;
      }
    }
    for (const { site, runs, mark } of inserts.filter((i) => !("node" in i.site)).sort((a, b) => b.order - a.order)) {
      const { after, parent, before } = site as Extract<Site, { parent: unknown }>;
      const paragraph = new Y.XmlElement("paragraph");
      const text = new Y.XmlText();
      paragraph.insert(0, [text]);
      let at = 0;
      for (const run of runs) {
        text.insert(at, run.text, runAttributes(run, mark));
        at += run.text.length;
      }
      const position = after ? parent.toArray().indexOf(after) + (before ? 0 : 1) : parent.length;
      // After a paragraph or heading, the new paragraph's break is part of the suggestion: rejecting
      // it leaves no trace, as in Word (issue 14, "Suggested paragraph breaks").
      if (after && !before && SUGGESTED_BREAK_TYPES.some((type) => type === after.nodeName)) paragraph.setAttribute(SUGGESTED_BREAK, { kind: "insert", ...mark } as unknown as string);
      parent.insert(position, [paragraph]);
    }
  });
  return result;
}
