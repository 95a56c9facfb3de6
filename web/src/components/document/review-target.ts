import type { CreateMarkupRequest, DocumentBlock } from "@clausewise/shared";
import { relocateRange, type DocSelection } from "../../lib/document-selection";

/**
 * What a markup or a proposed change is about: selected text, an insertion point (a collapsed
 * caret), or a whole paragraph (the one with focus, when nothing is selected). Offsets are in the
 * document's plain text; `block` is the index of the block (paragraph) it starts in.
 */
export type ReviewTarget =
  | { kind: "range"; start: number; end: number; text: string; block: number }
  | { kind: "caret"; start: number; block: number }
  | { kind: "paragraph"; block: number };

export function targetFromSelection(selection: DocSelection | null, focusedBlock: number): ReviewTarget {
  if (selection && !selection.collapsed) {
    return { kind: "range", start: selection.start, end: selection.end, text: selection.text, block: selection.startBlock };
  }
  if (selection) return { kind: "caret", start: selection.start, block: selection.startBlock };
  return { kind: "paragraph", block: focusedBlock };
}

export function sameTarget(a: ReviewTarget | null, b: ReviewTarget | null): boolean {
  if (!a || !b) return a === b;
  if (a.kind !== b.kind || a.block !== b.block) return false;
  if (a.kind === "range" && b.kind === "range") return a.start === b.start && a.end === b.end;
  if (a.kind === "caret" && b.kind === "caret") return a.start === b.start;
  return a.kind === "paragraph";
}

/** A markup's position: the paragraph, and the range when text was selected (spec: paragraph index). */
export function markupPosition(target: ReviewTarget): CreateMarkupRequest["position"] {
  return target.kind === "range" ? { paragraph: target.block, start: target.start, end: target.end } : { paragraph: target.block };
}

/**
 * The target in a document that changed since it was chosen: the same words if they can still be
 * found (nearest to where they were), or null when they are gone. Insertion points and paragraphs
 * are kept as long as they are still inside the document.
 */
export function relocateTarget(target: ReviewTarget, plainText: string, blocks: readonly DocumentBlock[]): ReviewTarget | null {
  if (target.kind === "range") {
    const moved = relocateRange(plainText, target);
    if (!moved) return null;
    if (moved.start === target.start) return target;
    const block = blocks.findLastIndex((b) => b.start <= moved.start);
    return { ...target, ...moved, block: Math.max(block, 0) };
  }
  if (target.kind === "caret") return target.start <= plainText.length ? target : null;
  return target.block < blocks.length ? target : null;
}
