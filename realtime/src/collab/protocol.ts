import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as Y from "yjs";
import { decodedUpdate } from "./decoded-update";

/*
 * The y-websocket wire protocol (y-protocols): every binary frame is one message, a varuint type
 * followed by its body. Sync messages carry a second varuint (step 1: a state vector; step 2 and
 * update: a Yjs update) and then one length-prefixed byte array.
 */
export const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;
export const SYNC = { step1: 0, step2: 1, update: 2 } as const;

export type IncomingMessage =
  | { kind: "sync-step1"; stateVector: Uint8Array }
  | { kind: "sync-step2"; update: Uint8Array }
  | { kind: "update"; update: Uint8Array }
  | { kind: "awareness"; update: Uint8Array }
  | { kind: "query-awareness" };

export class MalformedMessage extends Error {}

/** Parses one frame; anything that is not a well-formed message of a known type throws MalformedMessage. */
export function decodeMessage(frame: Uint8Array): IncomingMessage {
  try {
    const decoder = decoding.createDecoder(frame);
    const type = decoding.readVarUint(decoder);
    const message = decodeBody(type, decoder);
    if (decoding.hasContent(decoder)) throw new MalformedMessage("trailing bytes");
    return message;
  } catch (error) {
    throw error instanceof MalformedMessage ? error : new MalformedMessage(String(error));
  }
}

function decodeBody(type: number, decoder: decoding.Decoder): IncomingMessage {
  switch (type) {
    case MESSAGE.sync: {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (step === SYNC.step1) return { kind: "sync-step1", stateVector: payload };
      if (step === SYNC.step2) return { kind: "sync-step2", update: payload };
      if (step === SYNC.update) return { kind: "update", update: payload };
      throw new MalformedMessage(`unknown sync step ${step}`);
    }
    case MESSAGE.awareness:
      return { kind: "awareness", update: decoding.readVarUint8Array(decoder) };
    case MESSAGE.queryAwareness:
      return { kind: "query-awareness" };
    default:
      throw new MalformedMessage(`unknown message type ${type}`);
  }
}

/**
 * Whether a Yjs update carries anything (structs or deletions); throws MalformedMessage when it does
 * not decode, so a broken update is refused before it reaches the log or the document.
 */
export function updateHasContent(update: Uint8Array): boolean {
  try {
    const { structs, ds } = decodedUpdate(update);
    return structs.length > 0 || ds.clients.size > 0;
  } catch (error) {
    throw new MalformedMessage(`undecodable update: ${String(error)}`);
  }
}

/** Parses an awareness update's framing (client ids, clocks, JSON states) without applying it; returns the client ids. */
export function awarenessClientIds(update: Uint8Array): number[] {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(decoding.readVarUint(decoder));
      decoding.readVarUint(decoder);
      JSON.parse(decoding.readVarString(decoder));
    }
    if (decoding.hasContent(decoder)) throw new Error("trailing bytes");
    return ids;
  } catch (error) {
    throw new MalformedMessage(`undecodable awareness update: ${String(error)}`);
  }
}

function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

export const encodeSyncStep1 = (doc: Y.Doc) =>
  frame((e) => {
    encoding.writeVarUint(e, MESSAGE.sync);
    encoding.writeVarUint(e, SYNC.step1);
    encoding.writeVarUint8Array(e, Y.encodeStateVector(doc));
  });

export const encodeSyncStep2 = (doc: Y.Doc, stateVector: Uint8Array) =>
  frame((e) => {
    encoding.writeVarUint(e, MESSAGE.sync);
    encoding.writeVarUint(e, SYNC.step2);
    encoding.writeVarUint8Array(e, Y.encodeStateAsUpdate(doc, stateVector));
  });

/** What an update message (encodeUpdate) puts before the update itself: its type, its step and the update's length. */
export function updateMessagePrefix(updateLength: number): number[] {
  const prefix: number[] = [MESSAGE.sync, SYNC.update];
  let rest = updateLength;
  while (rest > 0x7f) {
    prefix.push(0x80 | (rest & 0x7f));
    rest = Math.floor(rest / 128);
  }
  prefix.push(rest);
  return prefix;
}

export const encodeUpdate = (update: Uint8Array) =>
  frame((e) => {
    encoding.writeVarUint(e, MESSAGE.sync);
    encoding.writeVarUint(e, SYNC.update);
    encoding.writeVarUint8Array(e, update);
  });

export const encodeAwareness = (awareness: awarenessProtocol.Awareness, clients: number[]) =>
  frame((e) => {
    encoding.writeVarUint(e, MESSAGE.awareness);
    encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  });
