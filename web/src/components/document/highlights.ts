import type { DocumentChange, Markup, MarkupType } from "@clausewise/shared";
import { parseChangeRange } from "../../lib/apply-preview";
import type { Highlight } from "../../lib/document-selection";
import type { DocumentFinding } from "./findings";
import type { ReviewTarget } from "./review-target";

export type ViewerHighlight = Highlight &
  (
    | { kind: "markup"; markup: Markup }
    /** A pending change: its range (struck through), or where its new text goes (`insertion`). */
    | { kind: "change"; change: DocumentChange; insertion: boolean }
    /** What the open markup or change panel is about. */
    | { kind: "target" }
    /** A range the page asked to show ("Show in document"), briefly emphasised. */
    | { kind: "flash" }
    /** A risk or advantage of the contract's analysis, on the words it quotes (lasting). */
    | { kind: "finding"; finding: DocumentFinding }
  );

export interface ViewerAnnotations {
  /** Highlights with a range, or empty ones for insertion points. */
  highlights: ViewerHighlight[];
  /** Markups about a whole paragraph (no range), by block index. */
  paragraphNotes: Map<number, Markup[]>;
}

export const MARKUP_TYPE_LABELS: Record<MarkupType, string> = {
  comment: "Comment",
  suggestion: "Suggestion",
  approval: "Approval",
  flag: "Flag",
};

/** Background and underline per markup type; colour is never the only cue (the tooltip names the type). */
export const MARKUP_TYPE_STYLES: Record<MarkupType, string> = {
  comment: "bg-amber-100 border-amber-400",
  suggestion: "bg-sky-100 border-sky-400",
  approval: "bg-emerald-100 border-emerald-500",
  flag: "bg-red-100 border-red-400",
};

function markupRange(markup: Markup, length: number): { start: number; end: number } | null {
  const { start, end } = markup.position;
  if (start === undefined || end === undefined || !(end > start) || start < 0 || end > length) return null;
  return { start, end };
}

/**
 * The annotations the Document Viewer draws: markups on their ranges (or on their paragraph when
 * they have none), pending changes Word-style when `showChanges` is on, the analysis findings given
 * (already located in the current text), and the open panel's target.
 */
export function buildAnnotations(input: {
  markups: readonly Markup[];
  changes: readonly DocumentChange[];
  textLength: number;
  blockCount: number;
  showChanges: boolean;
  target: ReviewTarget | null;
  flash: { start: number; end: number } | null;
  findings?: readonly DocumentFinding[];
}): ViewerAnnotations {
  const highlights: ViewerHighlight[] = [];
  for (const finding of input.findings ?? []) {
    if (finding.end > finding.start && finding.end <= input.textLength) highlights.push({ id: finding.id, kind: "finding", finding, start: finding.start, end: finding.end });
  }
  const paragraphNotes = new Map<number, Markup[]>();
  for (const markup of input.markups) {
    const range = markupRange(markup, input.textLength);
    if (range) {
      highlights.push({ id: `m:${markup.id}`, kind: "markup", markup, ...range });
    } else if (input.blockCount > 0) {
      const block = Math.min(Math.max(Math.trunc(markup.position.paragraph) || 0, 0), input.blockCount - 1);
      paragraphNotes.set(block, [...(paragraphNotes.get(block) ?? []), markup]);
    }
  }
  if (input.showChanges) {
    for (const change of input.changes) {
      if (change.status !== "pending") continue;
      const range = parseChangeRange(change.position);
      if (!range || range.end > input.textLength) continue;
      if (change.changeType !== "insert" && range.end > range.start) {
        highlights.push({ id: `c:${change.id}`, kind: "change", change, insertion: false, ...range });
      }
      if (change.changeType !== "delete" && change.newText) {
        const at = change.changeType === "insert" ? range.start : range.end;
        highlights.push({ id: `c:${change.id}:new`, kind: "change", change, insertion: true, start: at, end: at });
      }
    }
  }
  const { target } = input;
  if (target?.kind === "range") highlights.push({ id: "target", kind: "target", start: target.start, end: target.end });
  if (target?.kind === "caret") highlights.push({ id: "target", kind: "target", start: target.start, end: target.start });
  if (input.flash && input.flash.end >= input.flash.start) highlights.push({ id: "flash", kind: "flash", ...input.flash });
  return { highlights, paragraphNotes };
}
