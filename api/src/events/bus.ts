import { EventEmitter } from "node:events";

/** A domain event: something happened to a company's data. Realtime turns these into pushes. */
export interface DomainEvent {
  type: string;
  companyId: string;
  /** Users who must hear of it directly (notifications). */
  userIds?: string[];
  contractId?: string;
  payload: Record<string, unknown>;
}

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
  /**
   * Redis-backed buses only: the deployment's channel prefix. Whatever else this deployment puts on
   * Redis (the socket.io adapter) uses it too, so deployments and parallel test runs never cross.
   */
  readonly redisPrefix?: string;
}

/** Single-process bus (embedded default). A Redis-backed bus implements the same interface. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(handler) {
      emitter.on("event", handler);
      return () => emitter.off("event", handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
