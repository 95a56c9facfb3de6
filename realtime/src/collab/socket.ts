import type { Duplex } from "node:stream";
import { WebSocket } from "ws";
import { COLLAB_CLOSE } from "@clausewise/shared";

/** What `sendFramed` reads of ws's sender: when it is idle, a whole frame may go straight to the socket. */
interface SenderState {
  _state?: unknown;
  _queue?: unknown;
  _socket?: Duplex;
}

/** ws's sender state when nothing is being compressed or read from a Blob. */
const SENDER_IDLE = 0;

/**
 * One binary message as a complete server frame (FIN, binary opcode, unmasked, uncompressed: the
 * server never negotiates permessage-deflate), made once for every socket a relay sends it to. The
 * message is `prefix` followed by `payload` (a relayed update is its message header and the update:
 * framed at once, in one allocation, rather than copied into a message and that into a frame).
 */
export function binaryFrame(payload: Uint8Array, prefix: readonly number[] = []): Buffer {
  const length = prefix.length + payload.byteLength;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x82;
  if (length < 126) frame[1] = length;
  else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  for (let i = 0; i < prefix.length; i++) frame[header + i] = prefix[i]!;
  frame.set(payload, header + prefix.length);
  return frame;
}

/** The message inside a frame made by binaryFrame: a view of the same bytes, for an ordinary send. */
export function frameMessage(frame: Buffer): Buffer {
  const first = frame[1]! & 0x7f;
  return frame.subarray(first < 126 ? 2 : first === 126 ? 4 : 10);
}

/**
 * ws answers a message over `maxPayload` by closing with 1009, which the stock y-websocket client
 * treats as transient: it would reconnect and send the same oversized update forever. This socket
 * closes with the shared, final `messageTooBig` code instead, so the page can say why and reload.
 */
export class CollabSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    if (code === 1009) super.close(COLLAB_CLOSE.messageTooBig.code, COLLAB_CLOSE.messageTooBig.reason);
    else super.close(code, data);
  }

  /**
   * Sends `payload`, already framed as `frame` (binaryFrame). A relay sends one edit to every other
   * client of the document: ws would frame it again for each socket and write header and payload
   * through a corked writev; written whole, the frame costs one plain write. Only while ws's sender
   * is idle (nothing queued ahead of it, so frames keep their order) and the socket is open;
   * otherwise, or if ws's internals ever differ from what this reads, it is an ordinary send.
   */
  sendFramed(frame: Buffer, payload: Uint8Array): void {
    const sender = (this as unknown as { _sender?: SenderState })._sender;
    const socket = sender?._socket;
    if (this.readyState === WebSocket.OPEN && sender?._state === SENDER_IDLE && Array.isArray(sender._queue) && sender._queue.length === 0 && socket && typeof socket.write === "function") {
      socket.write(frame);
      return;
    }
    this.send(payload);
  }
}
