import type { ChangeType } from "@clausewise/shared";
import type { DocRange } from "./document-selection";

/** Spec §9: change texts are cut to 100 characters in track changes (50 in the dashboard panel). */
export const TRACK_CHANGES_TEXT_CHARS = 100;
/** Spec §5: the selected-text preview of a proposed change, in the contract detail view. */
export const SELECTION_PREVIEW_CHARS = 100;

/** The first `max` characters of `text` and "…" when there is more; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The range in a change's `position` string ('{"start":12,"end":40}'), or null when it is not one. */
export function parseChangeRange(position: string): DocRange | null {
  let raw: unknown;
  try {
    raw = JSON.parse(position);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const { start, end } = raw as { start?: unknown; end?: unknown };
  if (!Number.isInteger(start) || !Number.isInteger(end)) return null;
  const range = { start: start as number, end: end as number };
  return range.start >= 0 && range.end >= range.start ? range : null;
}

/** The `position` string the API expects for a range. */
export function formatChangeRange(range: DocRange): string {
  return JSON.stringify({ start: range.start, end: range.end });
}

export interface ProposedEdit extends DocRange {
  changeType: ChangeType;
  newText: string;
}

/** The text as it would read once the edit is applied (spec §4: insert at start, replace the range, delete it). */
export function applyEdit(text: string, edit: ProposedEdit): string {
  const start = Math.min(edit.start, text.length);
  const end = edit.changeType === "insert" ? start : Math.min(Math.max(edit.end, start), text.length);
  const replacement = edit.changeType === "delete" ? "" : edit.newText;
  return text.slice(0, start) + replacement + text.slice(end);
}

export interface EditPreview {
  /** Context before the edit, starting with "…" when cut. */
  before: string;
  removed: string;
  inserted: string;
  /** Context after the edit, ending with "…" when cut. */
  after: string;
}

/**
 * The edit in its surroundings, for a Word-style preview (struck-out old text, underlined new
 * text): up to `context` characters either side, kept within the block (the line) it sits in.
 */
export function previewEdit(text: string, edit: ProposedEdit, context = 60): EditPreview {
  const start = Math.min(edit.start, text.length);
  const end = edit.changeType === "insert" ? start : Math.min(Math.max(edit.end, start), text.length);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const nextBreak = text.indexOf("\n", end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const from = Math.max(lineStart, start - context);
  const to = Math.min(lineEnd, end + context);
  return {
    before: (from > lineStart ? "…" : "") + text.slice(from, start),
    removed: edit.changeType === "insert" ? "" : text.slice(start, end),
    inserted: edit.changeType === "delete" ? "" : edit.newText,
    after: text.slice(end, to) + (to < lineEnd ? "…" : ""),
  };
}
