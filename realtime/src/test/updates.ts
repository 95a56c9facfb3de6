import * as Y from "yjs";
import { htmlToProseMirror, seedDocFromHtml } from "@clausewise/api/collab/index";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { updateYFragment } from "y-prosemirror";

/* Live documents and the updates clients send, for the schema guard's tests. */

/** A live document seeded from HTML, as the server loads a contract. */
export function seeded(html: string): Y.Doc {
  const doc = new Y.Doc();
  seedDocFromHtml(doc, html);
  return doc;
}

/** What a client holding the same document sends after `edit`. */
export function updateFrom(doc: Y.Doc, edit: (replica: Y.Doc) => void): Uint8Array {
  const replica = new Y.Doc();
  Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
  const vector = Y.encodeStateVector(replica);
  edit(replica);
  return Y.encodeStateAsUpdate(replica, vector);
}

/** As the editor does it: the whole document re-rendered from HTML and diffed into the fragment. */
export const asEditor = (html: string) => (replica: Y.Doc) => updateYFragment(replica, replica.getXmlFragment(COLLAB_FRAGMENT), htmlToProseMirror(html), { mapping: new Map(), isOMark: new Map() });

/** A client holding the same document, whose edits are sent one update each (the server may not have applied the earlier ones yet). */
export function clientOf(doc: Y.Doc) {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
  const capture = (edit: () => void) => {
    const vector = Y.encodeStateVector(client);
    edit();
    return Y.encodeStateAsUpdate(client, vector);
  };
  return { client, capture };
}
