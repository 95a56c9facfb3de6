import type { Node as PMNode } from "@tiptap/pm/model";
import { readSuggestedBreak, SUGGESTED_BREAK } from "@clausewise/shared/editor";
import { DELETE, INSERT } from "./SuggestionMode";

/**
 * The accepted text of a document: suggested insertions left out, suggested deletions kept, other
 * marks kept, suggested paragraph breaks not yet made (an inserted one joins its block to the one
 * before, a deleted one is still a break) — the rule the server applies to a reviewer's updates.
 * Blocks are separated by "\n".
 */
export function acceptedDocText(doc: PMNode): string {
  const blocks: { head: string; runs: { marks: string; text: string }[]; breakable: boolean }[] = [];
  doc.descendants((node, _pos, parent, index) => {
    if (!node.isTextblock) return true;
    const suggested = readSuggestedBreak(node.attrs[SUGGESTED_BREAK]);
    const previous = index > 0 ? parent?.child(index - 1) : undefined;
    // A suggested (inserted) paragraph break is not there yet: the block continues the one before it.
    const joined = suggested?.kind === "insert" && previous?.isTextblock && blocks.at(-1)?.breakable;
    const block = joined ? blocks.at(-1)! : { head: `${node.type.name}${JSON.stringify({ ...node.attrs, [SUGGESTED_BREAK]: null })}`, runs: [], breakable: true };
    if (!joined) blocks.push(block);
    const runs = block.runs;
    node.forEach((child) => {
      if (child.marks.some((mark) => mark.type.name === INSERT)) return;
      const marks = JSON.stringify(child.marks.filter((mark) => mark.type.name !== DELETE).map((mark) => mark.toJSON()));
      const last = runs.at(-1);
      if (last && last.marks === marks) last.text += child.text ?? "*";
      else runs.push({ marks, text: child.text ?? "*" });
    });
    return false;
  });
  return blocks.map((block) => `${block.head}:${JSON.stringify(block.runs)}`).join("\n");
}

/** What the document reads like if every suggestion were accepted. */
export function proposedDocText(doc: PMNode): string {
  const blocks: string[] = [];
  doc.descendants((node, _pos, _parent, index) => {
    if (!node.isTextblock) return true;
    let text = "";
    node.forEach((child) => {
      if (child.marks.some((mark) => mark.type.name === DELETE)) return;
      text += child.text ?? "*";
    });
    if (readSuggestedBreak(node.attrs[SUGGESTED_BREAK])?.kind === "delete" && index > 0 && blocks.length > 0) blocks[blocks.length - 1] += text;
    else blocks.push(text);
    return false;
  });
  return blocks.join("\n");
}
