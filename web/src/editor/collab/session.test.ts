import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLLAB_CLOSE } from "@clausewise/shared";
import { FakeProvider } from "./fake-provider";
import { CollabSession } from "./session";

const user = { id: "u-1", name: "Pat Morgan", color: "#1d4ed8" };

describe("CollabSession", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is connecting until the server's document arrived, then live", () => {
    const provider = new FakeProvider();
    const session = new CollabSession("c-1", user, () => provider);
    expect(session.getSnapshot()).toMatchObject({ connection: "connecting", loaded: false, delivery: "saved" });
    provider.setLive(true);
    expect(session.getSnapshot()).toMatchObject({ connection: "live", loaded: true });
    session.destroy();
    expect(provider.destroyed).toBe(true);
  });

  it("says Saving... until a local edit left over a live connection, Saved after", () => {
    const provider = new FakeProvider();
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    session.ydoc.getText("probe").insert(0, "edit");
    expect(session.getSnapshot().delivery).toBe("saving");
    expect(session.localEditCount).toBe(1);
    provider.ws = { bufferedAmount: 100 };
    vi.advanceTimersByTime(1000);
    expect(session.getSnapshot().delivery).toBe("saving");
    provider.ws = { bufferedAmount: 0 };
    vi.advanceTimersByTime(1000);
    expect(session.getSnapshot().delivery).toBe("saved");
    session.destroy();
  });

  it("counts edits as saved only once the server answered a sync probe sent after them", () => {
    const provider = new FakeProvider();
    const sent: Uint8Array[] = [];
    provider.ws = { bufferedAmount: 0, send: (frame: Uint8Array) => void sent.push(frame) };
    const seen: number[] = [];
    (provider as unknown as { messageHandlers: unknown[] }).messageHandlers = [(_e: unknown, decoder: { arr: Uint8Array; pos: number }) => seen.push(decoder.arr[decoder.pos]!)];
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    session.ydoc.getText("probe").insert(0, "edit");
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.subarray(0, 2)]).toEqual([0, 0]); // sync, step 1
    expect(session.getSnapshot().delivery).toBe("saving");
    const handlers = (provider as unknown as { messageHandlers: ((...a: unknown[]) => void)[] }).messageHandlers;
    // The server's answer: sync step 2 (the provider's own handler still runs).
    handlers[0]!({}, { arr: Uint8Array.of(1, 0), pos: 0 }, provider, true, 0);
    expect(seen).toEqual([1]);
    expect(session.getSnapshot().delivery).toBe("saved");

    // An edit made while a probe is in flight waits for the next answer.
    session.ydoc.getText("probe").insert(0, "more");
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    session.ydoc.getText("probe").insert(0, "again");
    handlers[0]!({}, { arr: Uint8Array.of(1, 0), pos: 0 }, provider, true, 0);
    expect(session.getSnapshot().delivery).toBe("saving");
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(3);
    handlers[0]!({}, { arr: Uint8Array.of(1, 0), pos: 0 }, provider, true, 0);
    expect(session.getSnapshot().delivery).toBe("saved");
    session.destroy();
  });

  it("keeps edits made offline as unsaved until the connection is back", () => {
    const provider = new FakeProvider();
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    provider.setLive(false);
    expect(session.getSnapshot().connection).toBe("offline");
    session.ydoc.getText("probe").insert(0, "offline edit");
    vi.advanceTimersByTime(5000);
    expect(session.getSnapshot().delivery).toBe("saving");
    provider.setLive(true);
    vi.advanceTimersByTime(1000);
    expect(session.getSnapshot()).toMatchObject({ connection: "live", delivery: "saved" });
    session.destroy();
  });

  it("is offline as soon as the browser says so, dropping the socket so the provider's reconnect loop takes over", () => {
    const provider = new FakeProvider();
    let socketClosed = 0;
    provider.ws = { bufferedAmount: 0, close: () => void socketClosed++ };
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    session.ydoc.getText("probe").insert(0, "typed just before");
    session.goOffline();
    expect(session.getSnapshot()).toMatchObject({ connection: "offline", delivery: "saving" });
    expect(socketClosed).toBe(1);
    provider.setLive(true);
    expect(session.getSnapshot().connection).toBe("live");
    session.destroy();
  });

  it("does not count the server's updates as local edits", () => {
    const provider = new FakeProvider();
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    session.ydoc.transact(() => session.ydoc.getText("probe").insert(0, "from the server"), provider);
    expect(session.getSnapshot().delivery).toBe("saved");
    expect(session.localEditCount).toBe(0);
    session.destroy();
  });

  it("reports a final close with its reason", () => {
    const provider = new FakeProvider();
    const session = new CollabSession("c-1", user, () => provider);
    provider.setLive(true);
    provider.emit("closed", { code: COLLAB_CLOSE.accessRevoked.code, reason: COLLAB_CLOSE.accessRevoked.reason });
    expect(session.getSnapshot()).toMatchObject({ connection: "closed", closed: { action: "stop", title: "Access removed" } });
    session.destroy();
  });

  it("works on a local document without a provider", () => {
    const session = new CollabSession("c-1", user, () => null);
    expect(session.getSnapshot()).toMatchObject({ connection: "local", loaded: true, delivery: "saved" });
    session.ydoc.getText("probe").insert(0, "x");
    expect(session.getSnapshot().delivery).toBe("saved");
    session.destroy();
  });

  it("lists the people present from awareness", () => {
    const session = new CollabSession("c-1", user, () => null);
    session.awareness.setLocalStateField("user", user);
    expect(session.getSnapshot().presence).toEqual([{ id: "u-1", name: "Pat Morgan", color: "#1d4ed8", isSelf: true }]);
    session.destroy();
  });
});
