import type { CollabProvider } from "./session";

type Listener = (...args: never[]) => void;

/** y-websocket's provider as the session sees it, driven by a test (the edge of the network). */
export class FakeProvider implements CollabProvider {
  synced = false;
  wsconnected = false;
  ws: { bufferedAmount: number; send?: (frame: Uint8Array) => void; close?: () => void } | null = { bufferedAmount: 0 };
  destroyed = false;
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  connect(): void {}

  destroy(): void {
    this.destroyed = true;
  }

  /** Connected and synced, or dropped. */
  setLive(live: boolean): void {
    this.wsconnected = live;
    this.emit("status", { status: live ? "connected" : "disconnected" });
    this.synced = live;
    if (live) this.emit("sync", true);
  }
}

/** A connect function that records every provider it opens. */
export function fakeConnect() {
  const providers: FakeProvider[] = [];
  const connect = () => {
    const provider = new FakeProvider();
    providers.push(provider);
    return provider;
  };
  return { connect, providers, last: () => providers[providers.length - 1]! };
}
