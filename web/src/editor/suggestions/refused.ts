import type { Node as PMNode } from "@tiptap/pm/model";
import { AddMarkStep, RemoveMarkStep, ReplaceStep, type Step } from "@tiptap/pm/transform";
import { toast } from "../../stores/toast";

/**
 * Kinds of edit suggest mode cannot express yet (formatting, block types, structure inside lists and
 * tables): they are refused with a message, never dropped silently. Splits, joins and pastes of
 * ordinary paragraphs are suggested breaks (SuggestionMode.ts).
 */
export type RefusedEdit = "split" | "join" | "paragraphs" | "formatting" | "block";

const MESSAGES: Record<RefusedEdit, string> = {
  split: "A new paragraph can be suggested in ordinary paragraphs and headings, not yet in lists or tables. Type the text where it belongs, or add a comment.",
  join: "Deleting across paragraphs can be suggested between ordinary paragraphs and headings, not yet across lists or tables. Select the text of one paragraph or list item at a time.",
  paragraphs: "Pasting or deleting content that holds lists, tables or other blocks cannot be suggested yet. Paste or select ordinary paragraphs, or one item at a time.",
  formatting: "Formatting changes cannot be suggested yet. Suggest the wording, or add a comment asking for the formatting.",
  block: "Changing a paragraph's type or layout cannot be suggested yet. Add a comment asking for the change.",
};

/** What kind of edit `step` (refused in suggest mode) is, for the message. */
export function refusedKind(step: Step, doc: PMNode): RefusedEdit {
  if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) return "formatting";
  if (step instanceof ReplaceStep) {
    const { from, to, slice } = step as unknown as { from: number; to: number; slice: { content: { childCount: number; size: number }; openStart: number } };
    let blocks = 0;
    (slice.content as unknown as PMNode["content"]).forEach((node) => {
      if (node.isBlock) blocks++;
    });
    const fragment = slice.content as unknown as PMNode["content"];
    const hasText = fragment.textBetween(0, fragment.size).length > 0;
    if (from === to && blocks === 2 && !hasText) return "split";
    if (blocks >= 2) return "paragraphs";
    if (to > from && !doc.resolve(from).sameParent(doc.resolve(to))) return "join";
  }
  return "block";
}

const lastShown = new Map<RefusedEdit, number>();

/** Tells the user why an edit did not happen (once per kind every few seconds: a paste may try several times). */
export function notifyRefused(kind: RefusedEdit): void {
  const now = Date.now();
  if (now - (lastShown.get(kind) ?? 0) < 4000) return;
  lastShown.set(kind, now);
  toast({ title: "Not possible as a suggestion", description: MESSAGES[kind], variant: "destructive" });
}
