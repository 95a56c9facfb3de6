import * as Y from "yjs";

/** lib0's decoder as y-websocket hands it to a message handler. */
interface Decoder {
  arr: Uint8Array;
  pos: number;
}
type MessageHandler = (encoder: unknown, decoder: Decoder, provider: unknown, emitSynced: boolean, messageType: number) => void;

/** What the acknowledgement needs of y-websocket's provider (its `messageHandlers` are meant to be extended). */
export interface AckableProvider {
  messageHandlers?: MessageHandler[];
  readonly ws: { send?: (data: Uint8Array) => void } | null;
}

const MESSAGE_SYNC = 0;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;

function varUint(out: number[], value: number): void {
  let n = value;
  while (n > 0x7f) {
    out.push(0x80 | (n & 0x7f));
    n = Math.floor(n / 128);
  }
  out.push(n);
}

/** A y-protocols "sync step 1" frame: message type, step, then the length-prefixed state vector. */
export function syncStep1Frame(doc: Y.Doc): Uint8Array {
  const stateVector = Y.encodeStateVector(doc);
  const head: number[] = [];
  varUint(head, MESSAGE_SYNC);
  varUint(head, SYNC_STEP1);
  varUint(head, stateVector.length);
  const frame = new Uint8Array(head.length + stateVector.length);
  frame.set(head);
  frame.set(stateVector, head.length);
  return frame;
}

/**
 * Server acknowledgement over the stock protocol. The server handles a connection's messages in
 * order and answers a sync step 1 with a step 2 at once, so the answer to a step 1 sent after our
 * updates proves the server has them (it stores them within milliseconds, or closes the
 * connection, and the resync after reconnecting sends them again).
 * Returns null when the provider cannot be probed (then delivery falls back to "sent").
 */
export function createAckChannel(provider: AckableProvider, doc: Y.Doc, onAck: () => void): { probe: () => boolean } | null {
  const handlers = provider.messageHandlers;
  const original = handlers?.[MESSAGE_SYNC];
  if (!handlers || !original) return null;
  handlers[MESSAGE_SYNC] = (encoder, decoder, ...rest) => {
    const step = decoder.arr[decoder.pos];
    original(encoder, decoder, ...rest);
    if (step === SYNC_STEP2) onAck();
  };
  return {
    probe: () => {
      const ws = provider.ws;
      if (!ws?.send) return false;
      try {
        ws.send(syncStep1Frame(doc));
        return true;
      } catch {
        return false;
      }
    },
  };
}
