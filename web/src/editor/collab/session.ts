import * as Y from "yjs";
import { Awareness } from "y-protocols/awareness";
import { WebsocketProvider } from "y-websocket";
import { COLLAB_PATH } from "@clausewise/shared";
import { createAckChannel, type AckableProvider } from "./ack";
import { closeReason, type CloseReason } from "./close-reasons";
import { presenceFromStates, type PresenceUser } from "./presence";

/** The part of y-websocket's WebsocketProvider the editor relies on (tests pass a stand-in or none). */
export interface CollabProvider {
  on(event: "status", listener: (event: { status: "connected" | "disconnected" | "connecting" }) => void): void;
  on(event: "sync", listener: (synced: boolean) => void): void;
  on(event: "closed", listener: (event: { code: number; reason: string }) => void): void;
  readonly synced: boolean;
  readonly wsconnected: boolean;
  readonly ws: { bufferedAmount: number; close?: () => void } | null;
  connect(): void;
  destroy(): void;
}

export interface ConnectArgs {
  ydoc: Y.Doc;
  awareness: Awareness;
  contractId: string;
}

/** Opens the live connection of a session; `null` works on the local Y.Doc only (tests, previews). */
export type ConnectFn = (args: ConnectArgs) => CollabProvider | null;

/**
 * DESIGN.md §2: `new WebsocketProvider(origin + '/collab', contractId, ydoc)`, authenticated by the
 * session cookie. No BroadcastChannel: every edit goes through the server, which decides what this
 * user may change (a tab must not pass a refused edit to another tab behind the server's back).
 */
export const connectWebsocket: ConnectFn = ({ ydoc, awareness, contractId }) =>
  new WebsocketProvider(`${window.location.origin.replace(/^http/, "ws")}${COLLAB_PATH}`, encodeURIComponent(contractId), ydoc, {
    awareness,
    disableBc: true,
  });

export type ConnectionState = "local" | "connecting" | "live" | "offline" | "closed";

export interface SessionSnapshot {
  connection: ConnectionState;
  /** The server's document has arrived at least once (always true without a provider). */
  loaded: boolean;
  /** "saving" while edits made here have not yet reached the server over a live connection. */
  delivery: "saved" | "saving";
  closed: CloseReason | null;
  presence: PresenceUser[];
}

export interface SessionUser {
  id: string;
  name: string;
  color: string;
}

/** Quiet time after the last local edit before asking the server whether it has everything. */
const SETTLE_MS = 300;
const CHECK_MS = 200;
/** A connection that drops this soon after an acknowledgement may not have stored what it acknowledged. */
const STORE_GRACE_MS = 2000;
/** An unanswered probe is sent again after this long (the connection's own watchdog handles dead sockets). */
const PROBE_TIMEOUT_MS = 5000;

/**
 * One live session of a document: the Y.Doc, presence and the connection, with a snapshot of its
 * state for React (useSyncExternalStore). The server stores every update on arrival (DESIGN.md §4);
 * an edit counts as saved once the server answered a sync probe sent after it (see ack.ts). A
 * refused or unstored update closes the connection, and the resync after reconnecting sends it again.
 */
export class CollabSession {
  readonly ydoc = new Y.Doc();
  readonly awareness = new Awareness(this.ydoc);
  private readonly provider: CollabProvider | null;
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private lastLocalEdit = 0;
  private localEdits = 0;
  private lastConfirmed = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ack: { probe: () => boolean } | null = null;
  /** Local edit count covered by the probe in flight, and when it was sent. */
  private probe: { edits: number; at: number } | null = null;
  private destroyed = false;

  constructor(
    readonly contractId: string,
    readonly user: SessionUser,
    connect: ConnectFn,
  ) {
    this.provider = connect({ ydoc: this.ydoc, awareness: this.awareness, contractId });
    this.snapshot = {
      connection: this.provider ? "connecting" : "local",
      loaded: this.provider === null,
      delivery: "saved",
      closed: null,
      presence: this.readPresence(),
    };
    this.ydoc.on("update", this.onUpdate);
    this.awareness.on("change", this.onAwareness);
    if (this.provider) {
      this.provider.on("status", ({ status }) => this.onStatus(status));
      this.provider.on("sync", (synced) => {
        if (synced) this.set({ loaded: true, connection: "live" });
      });
      this.provider.on("closed", ({ code }) => this.set({ connection: "closed", closed: closeReason(code) }));
      this.ack = createAckChannel(this.provider as unknown as AckableProvider, this.ydoc, this.onAck);
      this.timer = setInterval(this.checkDelivery, CHECK_MS);
    }
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snapshot;

  /** How many edits were made in this session, here (a checkpoint is due when it moved on). */
  get localEditCount(): number {
    return this.localEdits;
  }

  /** Resolves true once every edit made here is saved; false after `timeoutMs` or when the server closed the connection. */
  whenSaved(timeoutMs: number): Promise<boolean> {
    if (this.snapshot.delivery === "saved" && this.snapshot.connection !== "closed") return Promise.resolve(true);
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(timeout);
        unsubscribe();
      };
      const timeout = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const unsubscribe = this.subscribe(() => {
        if (this.snapshot.delivery === "saved" || this.snapshot.connection === "closed") {
          stop();
          resolve(this.snapshot.delivery === "saved" && this.snapshot.connection !== "closed");
        }
      });
    });
  }

  /**
   * The browser lost the network (its `offline` event): say so at once, since the socket itself
   * notices only when its heartbeat goes unanswered (~30 s), and drop the socket so y-websocket's
   * reconnect loop takes over (it keeps trying, so a missed `online` event cannot strand the editor).
   */
  goOffline(): void {
    if (!this.provider || this.snapshot.connection === "closed") return;
    this.onStatus("disconnected");
    this.provider.ws?.close?.();
  }

  /** Tries to reconnect now (after the browser came back online) instead of waiting for the back-off. */
  reconnect(): void {
    if (this.provider && this.snapshot.connection === "offline") this.provider.connect();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.timer) clearInterval(this.timer);
    this.ydoc.off("update", this.onUpdate);
    this.awareness.off("change", this.onAwareness);
    this.provider?.destroy();
    this.awareness.destroy();
    this.ydoc.destroy();
    this.listeners.clear();
  }

  private set(patch: Partial<SessionSnapshot>): void {
    if (this.destroyed) return;
    const next = { ...this.snapshot, ...patch };
    if ((Object.keys(patch) as (keyof SessionSnapshot)[]).every((key) => next[key] === this.snapshot[key])) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private onStatus(status: "connected" | "disconnected" | "connecting"): void {
    if (this.snapshot.connection === "closed") return;
    if (status === "connected") {
      this.set({ connection: this.provider?.synced ? "live" : "connecting" });
      return;
    }
    this.probe = null;
    // Edits acknowledged just before the connection dropped may still have failed to store; they
    // go again with the resync after reconnecting, so they are not saved yet.
    const recentlySent = Date.now() - this.lastConfirmed < STORE_GRACE_MS && this.lastLocalEdit > 0;
    this.set({ connection: status === "disconnected" ? "offline" : this.snapshot.loaded ? "offline" : "connecting", delivery: recentlySent ? "saving" : this.snapshot.delivery });
  }

  private readonly onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (this.provider && origin === this.provider) return;
    // Local edits (the editor's sync plugin, undo) are what this browser still has to deliver.
    this.lastLocalEdit = Date.now();
    this.localEdits++;
    if (this.provider) this.set({ delivery: "saving" });
  };

  private readonly checkDelivery = () => {
    if (this.snapshot.delivery !== "saving" || !this.provider) return;
    const live = this.provider.wsconnected && this.provider.synced && this.snapshot.connection === "live";
    const flushed = (this.provider.ws?.bufferedAmount ?? 0) === 0;
    const now = Date.now();
    if (!live || !flushed || now - this.lastLocalEdit < SETTLE_MS) return;
    if (this.probe && now - this.probe.at < PROBE_TIMEOUT_MS) return;
    if (this.ack?.probe()) {
      this.probe = { edits: this.localEdits, at: now };
      return;
    }
    // No way to ask the server: the edits left over a live, synced connection.
    this.confirm();
  };

  private readonly onAck = () => {
    const probe = this.probe;
    if (!probe) return;
    this.probe = null;
    if (probe.edits === this.localEdits) this.confirm();
  };

  private confirm(): void {
    this.lastConfirmed = Date.now();
    this.set({ delivery: "saved" });
  }

  private readonly onAwareness = () => {
    const presence = this.readPresence();
    if (JSON.stringify(presence) !== JSON.stringify(this.snapshot.presence)) this.set({ presence });
  };

  private readPresence(): PresenceUser[] {
    return presenceFromStates(this.awareness.getStates(), this.ydoc.clientID, this.user.id);
  }
}
