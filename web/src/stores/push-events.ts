import { create } from "zustand";

export interface PushEvent {
  /** Increasing per tab: tells two equal payloads apart. */
  seq: number;
  event: string;
  payload: unknown;
  receivedAt: number;
}

/** How many of the latest pushes are kept (newest first). */
export const PUSH_EVENT_HISTORY = 50;

interface PushEventState {
  latest: PushEvent[];
  record: (event: string, payload: unknown, now?: number) => PushEvent;
}

let seq = 0;

export const usePushEventStore = create<PushEventState>()((set) => ({
  latest: [],
  record: (event, payload, now = Date.now()) => {
    const entry: PushEvent = { seq: ++seq, event, payload, receivedAt: now };
    set((s) => ({ latest: [entry, ...s.latest].slice(0, PUSH_EVENT_HISTORY) }));
    return entry;
  },
}));

/** Calls `listener` with every push recorded from now on; returns the function that stops. */
export function onPushEvent(listener: (entry: PushEvent) => void): () => void {
  return usePushEventStore.subscribe((state, previous) => {
    const newest = state.latest[0];
    if (newest && newest !== previous.latest[0]) listener(newest);
  });
}
