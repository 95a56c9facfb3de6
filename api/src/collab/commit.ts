import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import type { DomainEvent } from "../events/bus";
import { appendUpdates } from "./store";

/**
 * The bus event that carries an edit made outside the realtime server (REST save, approval,
 * restore) to every realtime instance: those holding the document apply the update and relay it
 * to their clients. Not a socket.io push (the push server forwards only PUSH_EVENTS).
 */
export const COLLAB_UPDATE_EVENT = "collab:update";

export interface CollabUpdatePayload {
  /** The Yjs update, base64. */
  update: string;
}

export const encodeUpdate = (update: Uint8Array): string => Buffer.from(update.buffer, update.byteOffset, update.byteLength).toString("base64");
export const decodeUpdate = (encoded: string): Uint8Array => new Uint8Array(Buffer.from(encoded, "base64"));

export function collabUpdateEvent(edit: { companyId: string; contractId: string; update: Uint8Array }): DomainEvent {
  const payload: CollabUpdatePayload = { update: encodeUpdate(edit.update) };
  return { type: COLLAB_UPDATE_EVENT, companyId: edit.companyId, contractId: edit.contractId, payload: { ...payload } };
}

/** The contract and update of a collab:update event (null for any other event or a malformed one). */
export function parseCollabUpdateEvent(event: DomainEvent): { companyId: string; contractId: string; update: Uint8Array } | null {
  if (event.type !== COLLAB_UPDATE_EVENT || !event.contractId || typeof event.payload.update !== "string") return null;
  const update = decodeUpdate(event.payload.update);
  return update.byteLength > 0 ? { companyId: event.companyId, contractId: event.contractId, update } : null;
}

export interface CommittedEdit {
  /** The log row of the edit. */
  updateId: number;
  /** Publishes the edit to the live editors; call after the transaction committed (afterCommit does). */
  publish(deps: Pick<AppDeps, "bus">): Promise<void>;
}

/**
 * The one way the API changes a live document: (a) the update goes into the log inside the
 * caller's transaction, (b) after commit, `publish` sends it on the bus as collab:update, so no
 * live editor ever sees an edit that was rolled back. Callers then refresh the derived content.
 */
export async function commitDocumentEdit(tx: Db, edit: { companyId: string; contractId: string; update: Uint8Array }): Promise<CommittedEdit> {
  const updateId = (await appendUpdates(tx, edit.contractId, [edit.update]))!;
  const event = collabUpdateEvent(edit);
  return { updateId, publish: (deps) => deps.bus.publish(event) };
}
