// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { fakeConnect } from "../collab/fake-provider";
import { useCollabSession } from "./useCollabSession";

const user = { id: "u-1", name: "Pat Morgan", color: "#1d4ed8" };

describe("useCollabSession", () => {
  afterEach(() => vi.useRealTimers());

  it("closes the connection on unmount when everything was delivered", () => {
    const { connect, last } = fakeConnect();
    const { result, unmount } = renderHook(() => useCollabSession("c-1", user, connect));
    const provider = last();
    act(() => provider.setLive(true));
    expect(result.current.session?.getSnapshot().connection).toBe("live");
    unmount();
    expect(provider.destroyed).toBe(true);
  });

  it("follows the browser's offline and online events at once", () => {
    const { connect, last } = fakeConnect();
    const { result } = renderHook(() => useCollabSession("c-1", user, connect));
    const provider = last();
    let reconnects = 0;
    provider.connect = () => void reconnects++;
    act(() => provider.setLive(true));
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(result.current.session?.getSnapshot().connection).toBe("offline");
    act(() => void window.dispatchEvent(new Event("online")));
    expect(reconnects).toBe(1);
  });

  it("keeps an unmounted editor's connection until its offline edits reach the server", () => {
    vi.useFakeTimers();
    const { connect, last } = fakeConnect();
    const { result, unmount } = renderHook(() => useCollabSession("c-1", user, connect));
    const provider = last();
    const session = result.current.session!;
    act(() => provider.setLive(true));
    act(() => provider.setLive(false));
    act(() => void session.ydoc.getText("t").insert(0, "typed offline"));
    expect(session.getSnapshot().delivery).toBe("saving");

    unmount();
    expect(provider.destroyed).toBe(false);
    expect(session.awareness.getLocalState()).toBeNull();

    // Back online: the resync delivers the edit, then the session closes.
    provider.setLive(true);
    vi.advanceTimersByTime(2000);
    expect(session.getSnapshot().delivery).toBe("saved");
    return Promise.resolve().then(() => expect(provider.destroyed).toBe(true));
  });
});
