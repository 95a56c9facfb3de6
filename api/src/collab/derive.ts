import * as Y from "yjs";
import { htmlToPlainText } from "../content/text";
import { ydocToHtml } from "./convert";
import { applyAll } from "./merge";

/*
 * The text derived from a live document (contracts.content and plainText), on its own (no database)
 * so that a worker thread can load it (workers/cpu.ts): for a 300-page contract, rendering the HTML
 * takes one to two seconds, which must not hold the server's event loop (issue 15).
 */

export interface DerivedText {
  /** contracts.content: the editor's HTML of the document. */
  content: string;
  /** contracts.plainText: the text every offset refers to. */
  plainText: string;
}

/** The HTML and plain text of the document made of `updates` (a state row, log rows, a document's state). */
export function deriveFromUpdates(updates: readonly Uint8Array[]): DerivedText {
  const doc = new Y.Doc();
  try {
    applyAll(doc, updates);
    const content = ydocToHtml(doc);
    return { content, plainText: htmlToPlainText(content) };
  } finally {
    doc.destroy();
  }
}
