import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { getEditorSchema } from "@clausewise/shared/editor";
import type { Mark, Node as PmNode } from "@tiptap/pm/model";
import { prosemirrorToYXmlFragment, updateYFragment } from "y-prosemirror";
import * as Y from "yjs";
import { htmlToPlainText } from "../content/text";
import { htmlToProseMirrorNode, proseMirrorToHtml } from "./html-codec";
import { textDelta } from "./delta";

/*
 * Conversions between the stored HTML, ProseMirror and the Y.Doc, all through the ONE editor schema
 * of `@clausewise/shared/editor`, so the server reads and writes exactly what the web editor does.
 */

/** The contract's shared XML fragment (TipTap's Collaboration `field`). */
export const documentFragment = (doc: Y.Doc): Y.XmlFragment => doc.getXmlFragment(COLLAB_FRAGMENT);

/**
 * HTML → a ProseMirror document of the editor schema. Whitespace inside text is preserved (a
 * newline becomes a space), so offsets of the plain text stay where they were: collapsing runs of
 * spaces would move every markup and proposed change after them.
 */
export function htmlToProseMirror(html: string): PmNode {
  return htmlToProseMirrorNode(html, getEditorSchema(), { preserveWhitespace: true });
}

/**
 * Runs `edit` in one Yjs transaction and returns the update it produced (null: nothing changed).
 * The origin lets a server holding the document tell this edit from its clients' edits.
 */
export function captureUpdate(doc: Y.Doc, edit: () => void, origin: unknown = null): Uint8Array | null {
  const updates: Uint8Array[] = [];
  const collect = (update: Uint8Array) => updates.push(update);
  doc.on("update", collect);
  try {
    doc.transact(edit, origin);
  } finally {
    doc.off("update", collect);
  }
  if (updates.length === 0) return null;
  return updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
}

/** Fills the (empty) fragment of `doc` from HTML. Seeding happens once, on the server (DESIGN.md §4). */
export function seedDocFromHtml(doc: Y.Doc, html: string): void {
  const node = htmlToProseMirror(html);
  doc.transact(() => prosemirrorToYXmlFragment(node, documentFragment(doc)));
}

/** A whole Y.Doc state, seeded from HTML, as one update. */
export function htmlToYUpdate(html: string): Uint8Array {
  const doc = new Y.Doc();
  try {
    seedDocFromHtml(doc, html);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * Replaces the document's content with `html` as ONE edit: the new content is diffed against the
 * fragment (unchanged blocks are kept, changed text is edited in place), so live editors see a
 * normal edit and their cursors stay where the text stayed. Returns the update, or null.
 */
export function applyHtmlToDoc(doc: Y.Doc, html: string, opts: { origin?: unknown } = {}): Uint8Array | null {
  const node = htmlToProseMirror(html);
  return captureUpdate(doc, () => updateYFragment(doc, documentFragment(doc), node, { mapping: new Map(), isOMark: new Map() }), opts.origin ?? null);
}

/** y-prosemirror names marks that may overlap `name--<hash>` (its yattr2markname, not exported). */
const markName = (key: string) => /^(.*)--[a-zA-Z0-9+/=]{8}$/.exec(key)?.[1] ?? key;

function marksOf(attributes: Record<string, unknown> | undefined): Mark[] {
  const schema = getEditorSchema();
  const marks: Mark[] = [];
  for (const [key, attrs] of Object.entries(attributes ?? {})) {
    const type = schema.marks[markName(key)];
    if (!type || attrs === null) continue;
    try {
      marks.push(type.create(attrs as Record<string, unknown>));
    } catch {
      // A mark this schema cannot build is dropped from the rendering, not from the document.
    }
  }
  return marks;
}

function toProseMirrorNodes(children: (Y.XmlElement | Y.XmlText | Y.XmlHook)[]): PmNode[] {
  const schema = getEditorSchema();
  const nodes: PmNode[] = [];
  for (const child of children) {
    if (child instanceof Y.XmlText) {
      for (const op of textDelta(child)) {
        if (typeof op.insert === "string" && op.insert.length > 0) nodes.push(schema.text(op.insert, marksOf(op.attributes)));
      }
    } else if (child instanceof Y.XmlElement) {
      try {
        nodes.push(schema.node(child.nodeName, child.getAttributes(), toProseMirrorNodes(child.toArray())));
      } catch {
        // Unknown node type or bad attributes: skipped, as the editors skip it.
      }
    }
  }
  return nodes;
}

/**
 * The Y.Doc as a ProseMirror document. Unlike y-prosemirror's converter this never writes to the
 * Y.Doc (that one deletes elements the schema rejects): reading a document must not edit it.
 */
export function ydocToProseMirror(doc: Y.Doc): PmNode {
  const schema = getEditorSchema();
  const content = toProseMirrorNodes(documentFragment(doc).toArray());
  return schema.topNodeType.create(null, content.length > 0 ? content : schema.nodes.paragraph!.create());
}

/** The document as HTML, as the editor renders it: what `contracts.content` holds. */
export function ydocToHtml(doc: Y.Doc): string {
  return proseMirrorToHtml(ydocToProseMirror(doc));
}

/** Per live document, each top-level block's HTML ("" for a block the schema skips), until the block changes. */
const blockHtml = new WeakMap<Y.Doc, WeakMap<Y.XmlElement, string>>();

/**
 * `ydocToHtml` of a live document, re-rendering only the top-level blocks that changed since the
 * last call: the document's HTML is its top-level blocks' HTML one after the other, and a block's
 * own HTML depends on nothing outside it. A deep observer, installed on the first call, forgets a
 * block whenever anything in it changes (Yjs never revives an element: a moved block is a new one).
 * Top-level text, which the serializer would join with its neighbours, and an empty document fall
 * back to the whole render. Call it outside a transaction of `doc` (observers run at its end).
 */
export function liveDocumentHtml(doc: Y.Doc): string {
  const fragment = documentFragment(doc);
  let blocks = blockHtml.get(doc);
  if (!blocks) {
    const cache = new WeakMap<Y.XmlElement, string>();
    blocks = cache;
    blockHtml.set(doc, cache);
    fragment.observeDeep((events) => {
      for (const event of events) {
        let type: Y.AbstractType<unknown> | null = event.target;
        while (type && type.parent !== fragment) type = type.parent;
        if (type instanceof Y.XmlElement) cache.delete(type);
      }
    });
  }
  const children = fragment.toArray();
  if (!children.every((child) => child instanceof Y.XmlElement)) return ydocToHtml(doc);
  const schema = getEditorSchema();
  let html = "";
  for (const child of children as Y.XmlElement[]) {
    let own = blocks.get(child);
    if (own === undefined) {
      const nodes = toProseMirrorNodes([child]);
      own = nodes.length > 0 ? proseMirrorToHtml(schema.topNodeType.create(null, nodes)) : "";
      blocks.set(child, own);
    }
    html += own;
  }
  return html === "" ? ydocToHtml(doc) : html;
}

/** The document in the API's plain-text coordinate system (content/text.ts), unchanged by the Y.Doc. */
export function ydocToPlainText(doc: Y.Doc): string {
  return htmlToPlainText(ydocToHtml(doc));
}
