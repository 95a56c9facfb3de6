/**
 * Relays a document's changes between realtime instances (DESIGN.md §4, "Several instances").
 * An `update` is one this instance has already stored in Postgres; `awareness` is presence (cursors,
 * names), never stored. Every instance ignores its own messages. Postgres stays the source of truth:
 * a message lost here is recovered when the instance reloads the document from the store.
 */
export type FanoutKind = "update" | "awareness";

export interface FanoutMessage {
  kind: FanoutKind;
  data: Uint8Array;
}

export interface CollabFanout {
  /** Starts relaying a document's messages to `handler`; resolves once subscribed. */
  subscribe(contractId: string, handler: (message: FanoutMessage) => void): Promise<() => Promise<void>>;
  publish(contractId: string, message: FanoutMessage): void;
  /** Called after the relay was interrupted (messages may have been missed). */
  onInterrupted(handler: () => void): void;
  close(): Promise<void>;
}

/** One instance (embedded default): nothing to relay. */
export function createLocalFanout(): CollabFanout {
  return {
    async subscribe() {
      return async () => {};
    },
    publish() {},
    onInterrupted() {},
    async close() {},
  };
}
