import type { Node as PMNode } from "@tiptap/pm/model";
import { AddMarkStep, RemoveMarkStep, ReplaceStep, type Step } from "@tiptap/pm/transform";
import { toast } from "../../stores/toast";

/** Kinds of edit suggest mode cannot express yet: they are refused with a message, never dropped silently. */
export type RefusedEdit = "split" | "join" | "paragraphs" | "formatting" | "block";

const MESSAGES: Record<RefusedEdit, string> = {
  split: "A new paragraph cannot be suggested yet. Type the text where it belongs; an approver can split the paragraph when accepting it.",
  join: "Deleting across paragraphs cannot be suggested yet. Select the text of one paragraph at a time to suggest its deletion.",
  paragraphs: "Pasting several paragraphs cannot be suggested yet. Paste one paragraph at a time.",
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
    const textInSlice = slice.content.size - blocks * 2;
    if (from === to && blocks === 2 && textInSlice <= 0) return "split";
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
