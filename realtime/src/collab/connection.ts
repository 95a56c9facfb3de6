import type { WebSocket } from "ws";
import { CollabSocket } from "./socket";
import { COLLAB_CLOSE, type CollabCloseName, type CollabMode } from "@clausewise/shared";
import type { AuthState } from "@clausewise/api/auth/sessions";
import type { UpgradeRequest } from "../auth";
import type { CollabAccess } from "./access";
import { TokenBucket } from "./rate-limit";

let nextId = 1;

/** One client's WebSocket on one document: who it is, how it may edit, and its message budget. */
export class CollabConnection {
  readonly id = nextId++;
  readonly contractId: string;
  readonly companyId: string;
  auth: AuthState;
  mode: CollabMode;
  /** Awareness client ids this connection announced; removed for everyone when it leaves. */
  readonly awarenessClients = new Set<number>();
  /** Answered the last ping. */
  alive = true;
  private closed = false;
  private readonly bucket: TokenBucket;
  private readonly maxBufferedBytes: number;

  constructor(
    readonly ws: WebSocket,
    /**
     * The upgrade request's cookie (and forwarded protocol), kept to re-check the session while the
     * connection lives (only those headers: the whole request would stay in memory for every idle connection).
     */
    readonly request: UpgradeRequest,
    access: CollabAccess,
    rate: { messagesPerSecond: number; messageBurst: number; maxMessageBytes: number },
  ) {
    this.maxBufferedBytes = 8 * rate.maxMessageBytes;
    this.auth = access.auth;
    this.mode = access.mode;
    this.contractId = access.contractId;
    this.companyId = access.companyId;
    this.bucket = new TokenBucket(rate.messagesPerSecond, rate.messageBurst);
  }

  get userId(): string {
    return this.auth.user.id;
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN;
  }

  /** Takes one message from the budget; false when the connection is over its rate. */
  admit(): boolean {
    return this.bucket.take();
  }

  /** `wire`: the same message already framed (binaryFrame), when it goes to several sockets. */
  send(frame: Uint8Array, wire?: Buffer): void {
    if (!this.isOpen) return;
    // A client that does not read what it is sent is dropped rather than buffered without end; it
    // reconnects and resyncs.
    if (this.ws.bufferedAmount > this.maxBufferedBytes) return this.ws.terminate();
    // A failed write ends the socket (ws closes it on the socket's error), so no callback is needed.
    if (wire && this.ws instanceof CollabSocket) this.ws.sendFramed(wire, frame);
    else this.ws.send(frame);
  }

  close(name: CollabCloseName): void {
    if (this.closed) return;
    this.closed = true;
    const { code, reason } = COLLAB_CLOSE[name];
    this.ws.close(code, reason);
  }
}
