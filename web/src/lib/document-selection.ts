import type { DocumentBlock } from "@clausewise/shared";

/*
 * The API's coordinate system (GET /api/contracts/{id}/text): the plain text of a document is its
 * blocks' texts joined with "\n", and every offset the API carries (a proposed change's range, a
 * markup's range) indexes that text, end exclusive. The Document Viewer renders one element per
 * block, marked with BLOCK_ATTR = its index; everything in this file maps between DOM positions in
 * that rendering and offsets in the plain text.
 */

/** Attribute of the element that renders one block's text; its value is the block's index. */
export const BLOCK_ATTR = "data-block";
/** Marks elements inside a block whose text is not document text (badges, labels): never counted. */
export const SKIP_ATTR = "data-doc-skip";

export interface DocRange {
  start: number;
  end: number;
}

export interface DocSelection extends DocRange {
  /** Index of the block holding `start` (a markup's position.paragraph). */
  startBlock: number;
  /** Index of the block holding the last selected character (or the caret). */
  endBlock: number;
  collapsed: boolean;
  /** The selected plain text, exactly as the API sees it (what a change's originalText must be). */
  text: string;
}

/** The document's plain text, built from the blocks' offsets ("\n" between blocks). */
export function documentPlainText(blocks: readonly DocumentBlock[]): string {
  let text = "";
  for (const block of blocks) {
    if (block.start > text.length) text += "\n".repeat(block.start - text.length);
    text = text.slice(0, block.start) + block.text;
  }
  return text;
}

/** Index of the block that holds `offset` (the last block starting at or before it); -1 without blocks. */
export function blockIndexAt(blocks: readonly DocumentBlock[], offset: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.start <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return blocks.length > 0 ? Math.max(found, 0) : -1;
}

function blockElementOf(root: Element, node: Node): HTMLElement | null {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const block = element?.closest<HTMLElement>(`[${BLOCK_ATTR}]`) ?? null;
  return block && root.contains(block) ? block : null;
}

/** The text nodes that carry a block's document text, in order (decorations marked SKIP_ATTR left out). */
function documentTextNodes(block: Element): Text[] {
  const doc = block.ownerDocument;
  const skipped = (node: Node) => {
    const decoration = node.parentElement?.closest(`[${SKIP_ATTR}]`);
    return Boolean(decoration && block.contains(decoration));
  };
  const walker = doc.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (skipped(node) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** Characters of the block's text before the DOM point (container, offset), which lies inside `block`. */
function offsetInBlock(block: Element, container: Node, offset: number): number {
  const point = block.ownerDocument.createRange();
  point.setStart(container, offset);
  let count = 0;
  for (const text of documentTextNodes(block)) {
    if (text === container) return count + Math.min(offset, text.length);
    // (text, 0) at or after the point: the point comes before this node's first character.
    if (point.comparePoint(text, 0) >= 0) return count;
    count += text.length;
  }
  return count;
}

function blockIndexOf(element: Element): number {
  return Number(element.getAttribute(BLOCK_ATTR));
}

/**
 * The plain-text offset of a DOM point inside the viewer `root`, or null when the point is outside
 * it. A point between blocks (or beside one, in its gutter) maps to the start of the next block.
 */
export function pointToOffset(root: Element, blocks: readonly DocumentBlock[], container: Node, offset: number): number | null {
  if (!root.contains(container)) return null;
  const end = blocks.length ? blocks.at(-1)!.start + blocks.at(-1)!.text.length : 0;
  const blockElement = blockElementOf(root, container);
  if (blockElement) {
    const block = blocks[blockIndexOf(blockElement)];
    if (!block) return null;
    return block.start + Math.min(offsetInBlock(blockElement, container, offset), block.text.length);
  }
  const point = root.ownerDocument.createRange();
  point.setStart(container, offset);
  for (const element of Array.from(root.querySelectorAll(`[${BLOCK_ATTR}]`))) {
    const block = blocks[blockIndexOf(element)];
    if (!block) continue;
    if (point.comparePoint(element, 0) >= 0) return block.start;
  }
  return end;
}

/**
 * A DOM range (the browser's selection) as a range of the document's plain text, or null when it
 * does not touch the viewer. Ends outside the viewer are clamped to the document's ends; the line
 * breaks a triple-click or a drag across a block edge picks up at either end are left out, so a
 * selected paragraph is the paragraph's text.
 */
export function rangeToSelection(root: Element, blocks: readonly DocumentBlock[], range: Range, plainText = documentPlainText(blocks)): DocSelection | null {
  if (blocks.length === 0) return null;
  const touches = root.contains(range.startContainer) || root.contains(range.endContainer) || range.intersectsNode(root);
  if (!touches) return null;
  let start = root.contains(range.startContainer) ? pointToOffset(root, blocks, range.startContainer, range.startOffset) : 0;
  let end = root.contains(range.endContainer) ? pointToOffset(root, blocks, range.endContainer, range.endOffset) : plainText.length;
  if (start === null || end === null) return null;
  if (end < start) [start, end] = [end, start];
  if (end > start) {
    while (start < end && plainText[start] === "\n") start++;
    while (end > start && plainText[end - 1] === "\n") end--;
  }
  const collapsed = start === end;
  return {
    start,
    end,
    startBlock: blockIndexAt(blocks, start),
    endBlock: blockIndexAt(blocks, collapsed ? end : end - 1),
    collapsed,
    text: plainText.slice(start, end),
  };
}

/** The current DOM selection in the viewer `root`, or null when there is none there. */
export function currentSelection(root: Element, blocks: readonly DocumentBlock[], plainText?: string): DocSelection | null {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  return rangeToSelection(root, blocks, selection.getRangeAt(0), plainText);
}

/**
 * The DOM range showing the plain-text range [start, end) in the viewer, for scrolling to it or
 * selecting it again; null when the blocks are not rendered.
 */
export function offsetsToRange(root: Element, blocks: readonly DocumentBlock[], start: number, end: number): Range | null {
  const locate = (offset: number): [Node, number] | null => {
    const index = blockIndexAt(blocks, offset);
    const block = blocks[index];
    const element = root.querySelector(`[${BLOCK_ATTR}="${index}"]`);
    if (!block || !element) return null;
    let remaining = Math.min(Math.max(offset - block.start, 0), block.text.length);
    const nodes = documentTextNodes(element);
    for (const text of nodes) {
      if (remaining <= text.length) return [text, remaining];
      remaining -= text.length;
    }
    return [element, element.childNodes.length];
  };
  const from = locate(start);
  const to = locate(end);
  if (!from || !to) return null;
  const range = root.ownerDocument.createRange();
  range.setStart(from[0], from[1]);
  range.setEnd(to[0], to[1]);
  return range;
}

export interface Highlight {
  id: string;
  start: number;
  end: number;
}

export interface Segment {
  /** Offsets within the block's text, end exclusive. */
  from: number;
  to: number;
  /** The highlights covering this piece, in the order they were given. */
  ids: string[];
  /** Empty highlights (insertion points) sitting just before this piece. */
  markers: string[];
}

/**
 * Cuts a block's text at the edges of the highlights that overlap it, so each piece can be rendered
 * with the highlights covering it; an empty highlight (an insertion point) becomes a marker on the
 * piece that starts there (a last, empty piece for the end of the block). The pieces always add up
 * to the whole text, so the rendering keeps the coordinate system intact.
 */
export function segmentBlock(block: DocumentBlock, highlights: readonly Highlight[]): Segment[] {
  const length = block.text.length;
  const ranges: { id: string; from: number; to: number }[] = [];
  const points: { id: string; at: number }[] = [];
  for (const h of highlights) {
    const from = h.start - block.start;
    const to = h.end - block.start;
    if (h.end === h.start) {
      if (from >= 0 && from <= length) points.push({ id: h.id, at: from });
    } else if (Math.min(to, length) > Math.max(from, 0)) {
      ranges.push({ id: h.id, from: Math.max(from, 0), to: Math.min(to, length) });
    }
  }
  const edges = [...new Set([0, length, ...ranges.flatMap((r) => [r.from, r.to]), ...points.map((p) => p.at)])].sort((a, b) => a - b);
  const markersAt = (at: number) => points.filter((p) => p.at === at).map((p) => p.id);
  const segments: Segment[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const ids = ranges.filter((r) => r.from < to && r.to > from).map((r) => r.id);
    const markers = markersAt(from);
    const previous = segments.at(-1);
    if (previous && previous.ids.length === 0 && ids.length === 0 && markers.length === 0) previous.to = to;
    else segments.push({ from, to, ids, markers });
  }
  const trailing = markersAt(length);
  if (segments.length === 0 || (length > 0 && trailing.length > 0)) segments.push({ from: length, to: length, ids: [], markers: trailing });
  return segments;
}

/**
 * Where a range of text is now, after the document changed under it: the same offsets if the text
 * is still there, else the occurrence of the text nearest the old place, else null.
 */
export function relocateRange(plainText: string, range: DocRange & { text: string }): DocRange | null {
  if (plainText.slice(range.start, range.end) === range.text) return { start: range.start, end: range.end };
  if (range.text === "") return range.start <= plainText.length ? { start: range.start, end: range.start } : null;
  let best: number | null = null;
  for (let at = plainText.indexOf(range.text); at !== -1; at = plainText.indexOf(range.text, at + 1)) {
    if (best === null || Math.abs(at - range.start) < Math.abs(best - range.start)) best = at;
  }
  return best === null ? null : { start: best, end: best + range.text.length };
}
