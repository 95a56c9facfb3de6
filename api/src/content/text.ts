import render from "dom-serializer";
import { Element, Text, type ChildNode } from "domhandler";
import { parseDocument } from "htmlparser2";

/**
 * The plain-text view of a document, the coordinate system of every offset the API carries
 * (document changes' {start, end}, markup ranges): each block element (paragraph, heading, list
 * item, table row, …) is one line; lines are joined with "\n"; table cells are joined with "\t".
 * Approving a change edits the HTML at those offsets, so the HTML and its text never disagree.
 */
const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "tr", "div", "blockquote", "dt", "dd", "caption"]);
const CELLS = new Set(["td", "th"]);
/**
 * Containers whose first and last inner block do not open or close a line of their own: the editor
 * wraps every list item's, cell's and quote's text in <p>, and a row must stay one line of cells, a
 * list item one line of kind "listItem". The text's length does not change, so offsets survive.
 * collab/text-edit.ts walks the Y.Doc by the same rule (its parity test keeps them equal).
 */
export const TRANSPARENT_CONTAINERS = new Set(["li", "td", "th", "blockquote"]);
/** Containers whose whitespace-only text is layout (indentation between tags), not content. */
const LAYOUT = new Set(["ul", "ol", "table", "thead", "tbody", "tfoot", "tr", "dl"]);

interface Segment {
  node: Text | null; // null: a virtual separator ("\n" between blocks, "\t" between cells)
  start: number;
  text: string;
  /** The innermost block element around this text (for the first segment of a line). */
  block: string | null;
}

function segments(root: ChildNode[]): Segment[] {
  const out: Segment[] = [];
  let offset = 0;
  let lineHasContent = false;
  let pendingBreak = false;
  const blockStack: string[] = [];
  const push = (seg: Omit<Segment, "start" | "block">) => {
    out.push({ ...seg, start: offset, block: blockStack.at(-1) ?? null });
    offset += seg.text.length;
  };
  const breakLine = () => {
    if (lineHasContent) pendingBreak = true;
  };
  const walk = (nodes: ChildNode[], cellIndex = { n: 0 }) => {
    for (const node of nodes) {
      if (node instanceof Text) {
        if (node.data.length === 0) continue;
        const parent = node.parent instanceof Element ? node.parent.name.toLowerCase() : null;
        if ((parent === null || LAYOUT.has(parent)) && node.data.trim() === "") continue;
        if (pendingBreak) {
          push({ node: null, text: "\n" });
          pendingBreak = false;
        }
        push({ node, text: node.data });
        lineHasContent = true;
      } else if (node instanceof Element) {
        const name = node.name.toLowerCase();
        if (name === "script" || name === "style") continue;
        if (name === "br") {
          breakLine();
          continue;
        }
        if (CELLS.has(name)) {
          if (cellIndex.n > 0 && lineHasContent && !pendingBreak) push({ node: null, text: "\t" });
          cellIndex.n++;
          walk(node.children);
          continue;
        }
        const block = BLOCKS.has(name);
        const parent = node.parent instanceof Element ? node.parent : null;
        const inContainer = block && parent !== null && TRANSPARENT_CONTAINERS.has(parent.name.toLowerCase());
        const siblings = inContainer ? parent!.children.filter((c): c is Element => c instanceof Element) : [];
        const opensLine = block && !(inContainer && siblings[0] === node);
        const closesLine = block && !(inContainer && siblings.at(-1) === node);
        if (opensLine) breakLine();
        if (block && !inContainer) blockStack.push(name);
        walk(node.children, name === "tr" ? { n: 0 } : cellIndex);
        if (block && !inContainer) blockStack.pop();
        if (closesLine) breakLine();
      }
    }
  };
  walk(root);
  return out;
}

function decodeDocument(html: string) {
  return parseDocument(html, { decodeEntities: true });
}

export function htmlToPlainText(html: string): string {
  return segments(decodeDocument(html).children)
    .map((s) => s.text)
    .join("");
}

export type BlockKind = "heading" | "paragraph" | "listItem" | "quote" | "row" | "code";

export interface TextBlock {
  kind: BlockKind;
  /** Heading level 1-6, for headings. */
  level?: number;
  text: string;
  /** Offset of the block's first character in htmlToPlainText(html). */
  start: number;
}

function kindOf(tag: string | null): Pick<TextBlock, "kind" | "level"> {
  if (tag && /^h[1-6]$/.test(tag)) return { kind: "heading", level: Number(tag[1]) };
  if (tag === "li") return { kind: "listItem" };
  if (tag === "blockquote") return { kind: "quote" };
  if (tag === "tr") return { kind: "row" };
  if (tag === "pre") return { kind: "code" };
  return { kind: "paragraph" };
}

/**
 * The document as lines with their kind and offset: what the web's Document Viewer renders, so a
 * selection there maps to the same offsets the server applies changes at.
 */
export function htmlToBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock | null = null;
  for (const seg of segments(decodeDocument(html).children)) {
    if (seg.node === null && seg.text === "\n") {
      current = null;
      continue;
    }
    if (!current) {
      current = { ...kindOf(seg.block), text: "", start: seg.start };
      blocks.push(current);
    }
    current.text += seg.text;
  }
  return blocks;
}

export class TextRangeError extends Error {}

/**
 * Replaces the plain-text range [start, end) with `replacement`, editing the HTML's text nodes in
 * place so formatting around the range is kept. The replacement lands in the first text node the
 * range touches (or the one just before an insertion point); a range spanning several blocks keeps
 * the blocks. Newlines in the replacement become spaces: one change never creates paragraphs.
 */
export function applyTextEdit(html: string, start: number, end: number, replacement: string): string {
  const doc = decodeDocument(html);
  const segs = segments(doc.children);
  const total = segs.reduce((n, s) => n + s.text.length, 0);
  if (start < 0 || end < start || end > total) throw new TextRangeError(`The range ${start}-${end} lies outside the document (length ${total}).`);
  const text = replacement.replace(/\r?\n/g, " ");
  let placed = false;
  for (const seg of segs) {
    if (!seg.node) continue;
    const segEnd = seg.start + seg.text.length;
    const from = Math.max(start, seg.start);
    const to = Math.min(end, segEnd);
    const touches = start === end ? start >= seg.start && start <= segEnd : from < to;
    if (!touches) continue;
    const localFrom = from - seg.start;
    const localTo = start === end ? localFrom : to - seg.start;
    seg.node.data = seg.node.data.slice(0, localFrom) + (placed ? "" : text) + seg.node.data.slice(localTo);
    placed = true;
    if (start === end) break;
  }
  if (!placed) {
    if (total === 0 && start === 0) return `<p>${escapeHtml(text)}</p>`;
    // An insertion at a block boundary with no text node at that point: put it at the end of the previous text.
    const before = [...segs].reverse().find((s) => s.node && s.start + s.text.length <= start);
    if (!before?.node) throw new TextRangeError("There is no text at that position to change.");
    before.node.data += text;
  }
  return render(doc, { encodeEntities: "utf8", decodeEntities: true });
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text → HTML paragraphs (one <p> per line), escaped. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}
