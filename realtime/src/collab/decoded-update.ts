import * as Y from "yjs";

export type DecodedUpdate = ReturnType<typeof Y.decodeUpdate>;

/**
 * An incoming update is read by several checks before it is stored (whether it carries anything,
 * the schema guard's inspection and proof, the suggestion rules), and each update still waiting for
 * its write is read again by the proof of every update that arrives after it on the same document.
 * The structs are decoded once per update and kept as long as the update is; readers never change
 * them (they are detached: nothing is integrated into a document). A malformed update throws each
 * time it is asked about, as `Y.decodeUpdate` does.
 */
const decodedUpdates = new WeakMap<Uint8Array, DecodedUpdate>();

export function decodedUpdate(update: Uint8Array): DecodedUpdate {
  let decoded = decodedUpdates.get(update);
  if (decoded === undefined) {
    decoded = Y.decodeUpdate(update);
    decodedUpdates.set(update, decoded);
  }
  return decoded;
}
