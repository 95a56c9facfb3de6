import * as Y from "yjs";
import { htmlToPlainText } from "../content/text";
import { seedDocFromHtml, ydocToHtml } from "./convert";

/*
 * Seeding a live document from HTML, on its own (no database) so that a worker thread can load it
 * (workers/cpu.ts: long documents are seeded off the event loop).
 */

export interface SeededDocument {
  /** The whole Y.Doc state as one update (the yjs_documents row). */
  state: Uint8Array;
  /** The HTML and plain text derived from it (contracts.content and plainText). */
  content: string;
  plainText: string;
}

/** A Y.Doc built from HTML, with the content derived from it (the editor's normal form of that HTML). */
export function seedFromHtml(html: string): SeededDocument {
  const doc = new Y.Doc();
  try {
    seedDocFromHtml(doc, html);
    const content = ydocToHtml(doc);
    return { state: Y.encodeStateAsUpdate(doc), content, plainText: htmlToPlainText(content) };
  } finally {
    doc.destroy();
  }
}
