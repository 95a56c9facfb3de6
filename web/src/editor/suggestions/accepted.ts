import type { Node as PMNode } from "@tiptap/pm/model";
import { DELETE, INSERT } from "./SuggestionMode";

/**
 * The accepted text of a document: suggested insertions left out, suggested deletions kept, other
 * marks kept — the rule the server applies to a reviewer's updates. Blocks are separated by "\n".
 */
export function acceptedDocText(doc: PMNode): string {
  const blocks: string[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    const runs: { marks: string; text: string }[] = [];
    node.forEach((child) => {
      if (child.marks.some((mark) => mark.type.name === INSERT)) return;
      const marks = JSON.stringify(child.marks.filter((mark) => mark.type.name !== DELETE).map((mark) => mark.toJSON()));
      const last = runs.at(-1);
      if (last && last.marks === marks) last.text += child.text ?? "*";
      else runs.push({ marks, text: child.text ?? "*" });
    });
    blocks.push(`${node.type.name}${JSON.stringify(node.attrs)}:${JSON.stringify(runs)}`);
    return false;
  });
  return blocks.join("\n");
}

/** What the document reads like if every suggestion were accepted. */
export function proposedDocText(doc: PMNode): string {
  const blocks: string[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    let text = "";
    node.forEach((child) => {
      if (child.marks.some((mark) => mark.type.name === DELETE)) return;
      text += child.text ?? "*";
    });
    blocks.push(text);
    return false;
  });
  return blocks.join("\n");
}
