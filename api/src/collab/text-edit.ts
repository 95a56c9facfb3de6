import { getEditorSchema } from "@clausewise/shared/editor";
import { BLOCK_TAGS, CELL_TAGS, RENDERED_TAGS } from "@clausewise/shared/word";
import * as Y from "yjs";
import { TextRangeError, TRANSPARENT_CONTAINERS } from "../content/text";
import { captureUpdate, documentFragment } from "./convert";
import { textDelta, textValue } from "./delta";

/*
 * Plain-text offsets on the live document. The API's offsets index htmlToPlainText(content)
 * (content/text.ts); here the same text is read straight off the Y.XmlFragment, so a change can be
 * applied to the Y.Doc as a small edit of its XmlTexts instead of a whole-document replacement.
 *
 * The walk below mirrors htmlToPlainText over the HTML the editor schema renders: each node type
 * stands for the tags it renders around its content, and the same rules apply to those tags (one
 * line per block, "\t" between cells of a row, <br> breaks a line). collab.test.ts checks that
 * documentText(doc) === htmlToPlainText(ydocToHtml(doc)) on every node type of the schema; if
 * text.ts learns a new rule, that test fails until this walk learns it too.
 */

// The tag sets of content/text.ts and the tags each node type renders, shared with the walk over
// ProseMirror JSON (@clausewise/shared/word). Its LAYOUT set only matters for whitespace-only text
// directly inside list and table tags, which this schema never renders (text lives in textblocks).
const BLOCKS = BLOCK_TAGS;
const CELLS = CELL_TAGS;

/** Node types the walk knows; the test keeps this equal to the schema's. */
export const WALKED_NODE_TYPES = Object.keys(RENDERED_TAGS);

export interface TextSegment {
  /** null: a separator ("\n" between lines, "\t" between cells), not editable text. */
  node: Y.XmlText | null;
  start: number;
  text: string;
}

/**
 * The walk of documentSegments. A class rather than closures inside the function: the derived
 * refresh walks every live document, and V8 compiles each new closure of a hot function afresh.
 */
class SegmentWalk {
  readonly out: TextSegment[] = [];
  private readonly schema = getEditorSchema();
  private offset = 0;
  private lineHasContent = false;
  private pendingBreak = false;

  private push(node: Y.XmlText | null, text: string): void {
    this.out.push({ node, start: this.offset, text });
    this.offset += text.length;
  }

  private breakLine(): void {
    if (this.lineHasContent) this.pendingBreak = true;
  }

  private walked(child: Y.XmlElement | Y.XmlText | Y.XmlHook): child is Y.XmlElement {
    return child instanceof Y.XmlElement && Boolean(RENDERED_TAGS[child.nodeName]) && Boolean(this.schema.nodes[child.nodeName]);
  }

  /** `container`: the parent renders as li/td/th/blockquote (see TRANSPARENT_CONTAINERS in content/text.ts). */
  children(children: (Y.XmlElement | Y.XmlText | Y.XmlHook)[], atRoot: boolean, cellIndex: { n: number }, container = false): void {
    let first: Y.XmlElement | undefined;
    let last: Y.XmlElement | undefined;
    if (container) {
      for (const child of children) {
        if (!this.walked(child)) continue;
        first ??= child;
        last = child;
      }
    }
    for (const child of children) {
      if (child instanceof Y.XmlText) {
        const text = textValue(child);
        if (text.length === 0 || (atRoot && text.trim() === "")) continue;
        if (this.pendingBreak) {
          this.push(null, "\n");
          this.pendingBreak = false;
        }
        this.push(child, text);
        this.lineHasContent = true;
      } else if (this.walked(child)) {
        // ydocToHtml skips what the schema does not know, content and all.
        const edge = container ? { first: first === child, last: last === child } : undefined;
        this.tags(child, RENDERED_TAGS[child.nodeName]!, 0, cellIndex, edge);
      }
    }
  }

  private tags(element: Y.XmlElement, tags: string[], depth: number, cellIndex: { n: number }, edge?: { first: boolean; last: boolean }): void {
    if (depth === tags.length) {
      this.children(element.toArray(), false, cellIndex, TRANSPARENT_CONTAINERS.has(tags.at(-1)!));
      return;
    }
    const name = tags[depth]!;
    if (name === "br") {
      this.breakLine();
      return;
    }
    if (CELLS.has(name)) {
      if (cellIndex.n > 0 && this.lineHasContent && !this.pendingBreak) this.push(null, "\t");
      cellIndex.n++;
      this.tags(element, tags, depth + 1, { n: 0 });
      return;
    }
    const block = BLOCKS.has(name);
    // Only the outermost tag of a node sits directly in the container.
    const opensLine = block && !(depth === 0 && edge?.first);
    const closesLine = block && !(depth === 0 && edge?.last);
    if (opensLine) this.breakLine();
    this.tags(element, tags, depth + 1, name === "tr" ? { n: 0 } : cellIndex);
    if (closesLine) this.breakLine();
  }
}

/** The document's plain text as segments, in document order. */
export function documentSegments(doc: Y.Doc): TextSegment[] {
  const walk = new SegmentWalk();
  walk.children(documentFragment(doc).toArray(), true, { n: 0 });
  return walk.out;
}

/** The document's plain text (= htmlToPlainText(ydocToHtml(doc)), without rendering HTML). */
export function documentText(doc: Y.Doc): string {
  return documentSegments(doc)
    .map((s) => s.text)
    .join("");
}

type Attributes = Record<string, unknown>;

/** The formatting of the character at `index` of an XmlText. */
function formattingAt(node: Y.XmlText, index: number): Attributes {
  let at = 0;
  for (const op of textDelta(node)) {
    const length = typeof op.insert === "string" ? op.insert.length : 1;
    if (index < at + length) return { ...(op.attributes ?? {}) };
    at += length;
  }
  return {};
}

/** Replaces [from, to) of one XmlText with `text`, formatted like `formatAt`'s character. */
function replaceInText(node: Y.XmlText, from: number, to: number, text: string, formatAt: number) {
  const formatting = node.length > 0 ? formattingAt(node, Math.min(Math.max(formatAt, 0), node.length - 1)) : {};
  if (to > from) node.delete(from, to - from);
  if (text.length > 0) node.insert(from, text, formatting);
}

/** Where text goes into a document without any: the first paragraph or heading, else a new paragraph. */
function firstTextHome(doc: Y.Doc): Y.XmlText {
  const fragment = documentFragment(doc);
  const find = (parent: Y.XmlFragment | Y.XmlElement): Y.XmlElement | null => {
    for (const child of parent.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      if (child.nodeName === "paragraph" || child.nodeName === "heading") return child;
      const inner = find(child);
      if (inner) return inner;
    }
    return null;
  };
  let block = find(fragment);
  if (!block) {
    block = new Y.XmlElement("paragraph");
    fragment.insert(fragment.length, [block]);
  }
  const existing = block.toArray().find((c): c is Y.XmlText => c instanceof Y.XmlText);
  if (existing) return existing;
  const text = new Y.XmlText();
  block.insert(0, [text]);
  return text;
}

/**
 * Replaces the plain-text range [start, end) of the live document with `replacement`, with the
 * placement rules of applyTextEdit (content/text.ts) so both give the same text: the replacement
 * lands in the first text the range touches (for an insertion: the text that ends or starts at
 * that point), with that text's formatting; other touched texts lose their part of the range;
 * blocks, line breaks and images are kept; newlines in the replacement become spaces.
 *
 * Returns the Yjs update of the edit (null when nothing changed). Throws TextRangeError when the
 * range lies outside the document.
 */
export function applyTextEditToDoc(doc: Y.Doc, start: number, end: number, replacement: string, opts: { origin?: unknown } = {}): Uint8Array | null {
  const segments = documentSegments(doc);
  const total = segments.reduce((n, s) => n + s.text.length, 0);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > total) {
    throw new TextRangeError(`The range ${start}-${end} lies outside the document (length ${total}).`);
  }
  const text = replacement.replace(/\r?\n/g, " ");
  const insertion = start === end;

  const edits: { node: Y.XmlText; from: number; to: number; text: string; formatAt: number }[] = [];
  for (const seg of segments) {
    if (!seg.node) continue;
    const segEnd = seg.start + seg.text.length;
    const from = Math.max(start, seg.start);
    const to = Math.min(end, segEnd);
    const touches = insertion ? start >= seg.start && start <= segEnd : from < to;
    if (!touches) continue;
    const localFrom = from - seg.start;
    const localTo = insertion ? localFrom : to - seg.start;
    const first = edits.length === 0;
    // An inserted text takes the formatting of the character before it (of the first one at a line start).
    edits.push({ node: seg.node, from: localFrom, to: localTo, text: first ? text : "", formatAt: insertion ? localFrom - 1 : localFrom });
    if (insertion) break;
  }
  if (edits.length === 0) {
    if (text.length === 0) return null;
    if (total === 0) {
      return captureUpdate(doc, () => replaceInText(firstTextHome(doc), 0, 0, text, 0), opts.origin ?? null);
    }
    // An insertion at a line boundary with no text at that point: at the end of the previous text.
    const before = [...segments].reverse().find((s) => s.node && s.start + s.text.length <= start);
    if (!before?.node) throw new TextRangeError("There is no text at that position to change.");
    edits.push({ node: before.node, from: before.text.length, to: before.text.length, text, formatAt: before.text.length - 1 });
  }
  return captureUpdate(
    doc,
    () => {
      for (const edit of edits) replaceInText(edit.node, edit.from, edit.to, edit.text, edit.formatAt);
    },
    opts.origin ?? null,
  );
}
