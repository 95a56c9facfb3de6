import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { PRESENCE_EVENT, PUSH_EVENTS } from "@clausewise/shared";
import { unreadCountKey } from "../api/keys";
import type { PresenceUser } from "../editor/collab/presence";
import { attachPushHandlers, type PushSocket } from "../realtime/pushes";
import { selectOffline, useConnectionStore, watchBrowserConnection } from "./connection";
import { followUnreadCount, useNotificationStore } from "./notifications";
import { usePresenceStore } from "./presence";
import { onPushEvent, PUSH_EVENT_HISTORY, usePushEventStore } from "./push-events";

/** A socket.io client socket as far as the pushes use it: the test fires its events. */
class FakeSocket implements PushSocket {
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, listener: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.handlers.get(event) ?? []) listener(...args);
  }
}

const initial = {
  connection: useConnectionStore.getState(),
  notifications: useNotificationStore.getState(),
  presence: usePresenceStore.getState(),
  events: usePushEventStore.getState(),
};

beforeEach(() => {
  useConnectionStore.setState(initial.connection, true);
  useNotificationStore.setState(initial.notifications, true);
  usePresenceStore.setState(initial.presence, true);
  usePushEventStore.setState(initial.events, true);
});

function connected(queryClient = new QueryClient()) {
  const socket = new FakeSocket();
  const onConnect = vi.fn();
  attachPushHandlers(socket, queryClient, onConnect);
  return { socket, queryClient, onConnect };
}

describe("connection store, fed by the socket", () => {
  it("goes connecting → connected → reconnecting → connected, and off when this tab closes it", () => {
    const { socket, onConnect } = connected();
    expect(useConnectionStore.getState().socket).toBe("connecting");
    socket.fire("connect");
    expect(useConnectionStore.getState().socket).toBe("connected");
    expect(onConnect).toHaveBeenCalledTimes(1);
    socket.fire("disconnect", "transport close");
    expect(useConnectionStore.getState().socket).toBe("reconnecting");
    socket.fire("connect_error", new Error("refused"));
    expect(useConnectionStore.getState().socket).toBe("reconnecting");
    socket.fire("connect");
    expect(onConnect).toHaveBeenCalledTimes(2); // rooms are joined again after every reconnect
    socket.fire("disconnect", "io client disconnect");
    expect(useConnectionStore.getState().socket).toBe("off");
  });

  it("is offline when the browser says so or the API cannot be reached, and back when a call gets through", () => {
    const { socket } = connected();
    expect(selectOffline(useConnectionStore.getState())).toBe(false);
    useConnectionStore.getState().apiFailed();
    expect(selectOffline(useConnectionStore.getState())).toBe(true);
    socket.fire("connect"); // the server answered
    expect(selectOffline(useConnectionStore.getState())).toBe(false);

    const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
    target.navigator = { onLine: true };
    const stop = watchBrowserConnection(target as unknown as Window);
    target.dispatchEvent(new Event("offline"));
    expect(selectOffline(useConnectionStore.getState())).toBe(true);
    target.dispatchEvent(new Event("online"));
    expect(selectOffline(useConnectionStore.getState())).toBe(false);
    stop();
    target.dispatchEvent(new Event("offline"));
    expect(useConnectionStore.getState().browserOnline).toBe(true);
  });
});

describe("notification store, fed by pushes and the unread-count query", () => {
  it("counts a pushed notification at once, then follows the server's count", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(unreadCountKey, 3);
    const stop = followUnreadCount(queryClient);
    expect(useNotificationStore.getState().unreadCount).toBe(3);

    const { socket } = connected(queryClient);
    socket.fire(PUSH_EVENTS.notificationNew, { id: "n9", title: "Approval required", type: "approval_required" });
    expect(useNotificationStore.getState().unreadCount).toBe(4);
    expect(useNotificationStore.getState().latest).toMatchObject({ id: "n9", title: "Approval required", type: "approval_required" });
    // The push made the server's count stale (TanStack Query refetches it) …
    expect(queryClient.getQueryState(unreadCountKey)?.isInvalidated).toBe(true);
    // … and the store takes whatever the server answers, optimistic mark-read included.
    queryClient.setQueryData(unreadCountKey, 5);
    expect(useNotificationStore.getState().unreadCount).toBe(5);
    queryClient.setQueryData(unreadCountKey, 0);
    expect(useNotificationStore.getState().unreadCount).toBe(0);
    // Signed out: the cache is cleared, and nobody's count is shown.
    queryClient.clear();
    expect(useNotificationStore.getState().unreadCount).toBeNull();
    stop();
    queryClient.setQueryData(unreadCountKey, 7);
    expect(useNotificationStore.getState().unreadCount).toBeNull();
  });

  it("ignores a malformed notification push", () => {
    const { socket } = connected();
    socket.fire(PUSH_EVENTS.notificationNew, { nope: true });
    expect(useNotificationStore.getState().unreadCount).toBeNull();
    expect(useNotificationStore.getState().latest).toBeNull();
  });
});

describe("push events store", () => {
  it("keeps the latest events, newest first, and tells listeners of each", () => {
    const { socket, queryClient } = connected();
    queryClient.setQueryData(["contracts", "detail", "c1"], { id: "c1" });
    const heard: string[] = [];
    const stop = onPushEvent((entry) => heard.push(`${entry.event}:${(entry.payload as { id: string }).id}`));
    socket.fire(PUSH_EVENTS.markupNew, { contractId: "c1", id: "m1" });
    socket.fire(PUSH_EVENTS.changeNew, { contractId: "c1", id: "ch1" });
    expect(heard).toEqual(["markup:new:m1", "change:new:ch1"]);
    expect(usePushEventStore.getState().latest.map((e) => e.event)).toEqual([PUSH_EVENTS.changeNew, PUSH_EVENTS.markupNew]);
    // Server data stays in the query cache; the push only made it stale.
    expect(queryClient.getQueryState(["contracts", "detail", "c1"])?.isInvalidated).toBe(true);
    stop();
    socket.fire(PUSH_EVENTS.exhibitUpdated, { contractId: "c1", id: "e1" });
    expect(heard).toHaveLength(2);
  });

  it("keeps at most the last 50", () => {
    const { socket } = connected();
    for (let i = 0; i < PUSH_EVENT_HISTORY + 10; i++) socket.fire(PUSH_EVENTS.uploadProgress, { uploadId: "u", done: i, pages: 100 });
    const { latest } = usePushEventStore.getState();
    expect(latest).toHaveLength(PUSH_EVENT_HISTORY);
    expect((latest[0]?.payload as { done: number }).done).toBe(PUSH_EVENT_HISTORY + 9);
  });
});

describe("presence store", () => {
  const ann: PresenceUser = { id: "u1", name: "Ann Lee", color: "#b91c1c", isSelf: true };
  const bo: PresenceUser = { id: "u2", name: "Bo Chen", color: "#15803d", isSelf: false };

  it("holds who has each contract open, from the socket's presence pushes, and forgets it when the socket is lost", () => {
    const { socket } = connected();
    socket.fire("connect");
    socket.fire(PRESENCE_EVENT, { contractId: "c1", viewers: [{ id: "u1", name: "Ann Lee" }, { id: "u2", name: "Bo Chen" }] });
    socket.fire(PRESENCE_EVENT, { contractId: "c2", viewers: [{ id: "u1", name: "Ann Lee" }] });
    socket.fire(PRESENCE_EVENT, { contractId: "c3", viewers: "nobody" }); // malformed: ignored
    expect(usePresenceStore.getState().viewing).toEqual({
      c1: [{ id: "u1", name: "Ann Lee" }, { id: "u2", name: "Bo Chen" }],
      c2: [{ id: "u1", name: "Ann Lee" }],
    });
    socket.fire(PRESENCE_EVENT, { contractId: "c1", viewers: [{ id: "u1", name: "Ann Lee" }] });
    expect(usePresenceStore.getState().viewing.c1).toEqual([{ id: "u1", name: "Ann Lee" }]);
    socket.fire("disconnect", "transport close");
    expect(usePresenceStore.getState().viewing).toEqual({});
  });

  it("holds who is in each live document, from the editor's awareness", () => {
    const { setInDocument, forgetInDocument } = usePresenceStore.getState();
    setInDocument("c1", [ann, bo]);
    setInDocument("c2", [ann]);
    expect(usePresenceStore.getState().inDocument.c1?.map((p) => p.name)).toEqual(["Ann Lee", "Bo Chen"]);
    forgetInDocument("c1");
    expect(usePresenceStore.getState().inDocument.c1).toBeUndefined();
    expect(usePresenceStore.getState().inDocument.c2).toEqual([ann]);
  });
});

afterEach(() => vi.restoreAllMocks());
