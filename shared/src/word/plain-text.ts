import type { JSONContent } from "@tiptap/core";

/*
 * The API's plain-text coordinate system (api/src/content/text.ts: one line per block, lines joined
 * with "\n", cells of a row with "\t", <br> breaks a line, empty lines vanish) read off a ProseMirror
 * JSON document of the editor schema. The browser's Word export places markups (whose offsets are in
 * these coordinates) with it, and the server reads imported Word files through it. The walk is the
 * one of collab/text-edit.ts over a Y.Doc (the same node types render the same tags);
 * api/src/collab/convert.test.ts keeps the three equal.
 */

export const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "tr", "div", "blockquote", "dt", "dd", "caption"]);
export const CELL_TAGS = new Set(["td", "th"]);
/** Containers whose first and last inner block do not open or close a line of their own. */
export const TRANSPARENT_CONTAINER_TAGS = new Set(["li", "td", "th", "blockquote"]);

/** The tags each node type renders, outermost first; its content sits inside the last one. */
export const RENDERED_TAGS: Record<string, string[]> = {
  paragraph: ["p"],
  heading: ["h1"], // h1-h6: all blocks alike
  blockquote: ["blockquote"],
  bulletList: ["ul"],
  orderedList: ["ol"],
  listItem: ["li"],
  codeBlock: ["pre", "code"],
  horizontalRule: ["hr"],
  hardBreak: ["br"],
  image: ["img"],
  youtube: ["div", "iframe"],
  table: ["table", "tbody"],
  tableRow: ["tr"],
  tableHeader: ["th"],
  tableCell: ["td"],
};

export interface PlainTextWalk {
  text: string;
  /** Where each text node of the document starts in `text` (by identity). */
  starts: Map<JSONContent, number>;
  /**
   * Where each node of a type the walk does not render (markers such as comment anchors) stands:
   * `at` is the offset, `pendingBreak` whether a line break is due before the next text.
   */
  markers: Map<JSONContent, { at: number; pendingBreak: boolean }>;
}

/** The plain text of a ProseMirror JSON document, with the offset of every text node and marker. */
export function walkPlainText(doc: JSONContent, options: { known?: (type: string) => boolean } = {}): PlainTextWalk {
  const known = options.known ?? ((type: string) => type in RENDERED_TAGS);
  const starts = new Map<JSONContent, number>();
  const markers = new Map<JSONContent, { at: number; pendingBreak: boolean }>();
  const parts: string[] = [];
  let offset = 0;
  let lineHasContent = false;
  let pendingBreak = false;
  const push = (text: string) => {
    parts.push(text);
    offset += text.length;
  };
  const breakLine = () => {
    if (lineHasContent) pendingBreak = true;
  };
  const rendered = (node: JSONContent) => (node.type && node.type !== "text" && known(node.type) ? RENDERED_TAGS[node.type] : undefined);

  const walkChildren = (children: JSONContent[], cellIndex: { n: number }, container: boolean) => {
    const elements = children.filter((c) => rendered(c));
    for (const child of children) {
      if (child.type === "text") {
        const text = child.text ?? "";
        if (text.length === 0) continue;
        if (pendingBreak) {
          push("\n");
          pendingBreak = false;
        }
        starts.set(child, offset);
        push(text);
        lineHasContent = true;
        continue;
      }
      const tags = rendered(child);
      if (!tags) {
        markers.set(child, { at: offset, pendingBreak });
        continue;
      }
      const edge = container ? { first: elements[0] === child, last: elements.at(-1) === child } : undefined;
      walkTags(child, tags, 0, cellIndex, edge);
    }
  };

  const walkTags = (node: JSONContent, tags: string[], depth: number, cellIndex: { n: number }, edge?: { first: boolean; last: boolean }) => {
    if (depth === tags.length) {
      walkChildren(node.content ?? [], cellIndex, TRANSPARENT_CONTAINER_TAGS.has(tags.at(-1)!));
      return;
    }
    const name = tags[depth]!;
    if (name === "br") {
      breakLine();
      return;
    }
    if (CELL_TAGS.has(name)) {
      if (cellIndex.n > 0 && lineHasContent && !pendingBreak) push("\t");
      cellIndex.n++;
      walkTags(node, tags, depth + 1, { n: 0 });
      return;
    }
    const block = BLOCK_TAGS.has(name);
    const opensLine = block && !(depth === 0 && edge?.first);
    const closesLine = block && !(depth === 0 && edge?.last);
    if (opensLine) breakLine();
    walkTags(node, tags, depth + 1, name === "tr" ? { n: 0 } : cellIndex);
    if (closesLine) breakLine();
  };

  walkChildren(doc.content ?? [], { n: 0 }, false);
  return { text: parts.join(""), starts, markers };
}
