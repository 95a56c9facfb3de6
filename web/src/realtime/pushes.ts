import { useEffect, useRef } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { io, type Socket } from "socket.io-client";
import { contractPresencePayload, PRESENCE_EVENT, PUSH_EVENTS, SOCKET_PATH } from "@clausewise/shared";
import { contractKey, contractsKey } from "../api/keys";
import { notificationsKey } from "../api/notifications";
import { useConnectionStore } from "../stores/connection";
import { useNotificationStore } from "../stores/notifications";
import { usePresenceStore } from "../stores/presence";
import { onPushEvent, usePushEventStore } from "../stores/push-events";

/**
 * Pushes tell the client what changed (DESIGN.md §2). Server data stays in TanStack Query: a push
 * marks the queries it concerns stale, and they refetch what is shown. What only the pushes know
 * lives in small zustand stores (docs/ARCHITECTURE.md, "Where state lives"): the connection, the
 * unread count between polls, the latest events. The 30 s polling of the spec stays as the fallback,
 * so a lost socket costs freshness, never correctness.
 */
let socket: Socket | null = null;
const contractRooms = new Map<string, number>();

function contractIdOf(payload: unknown): string | null {
  if (payload && typeof payload === "object" && "contractId" in payload) {
    const id = (payload as { contractId: unknown }).contractId;
    return typeof id === "string" ? id : null;
  }
  return null;
}

/** What each push makes stale: the whole contract (its detail, text, lists, panels) or the notifications. */
export function invalidateFor(queryClient: QueryClient, event: string, payload: unknown): void {
  if (event === PUSH_EVENTS.notificationNew) {
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    return;
  }
  const contractId = contractIdOf(payload);
  if (contractId) void queryClient.invalidateQueries({ queryKey: contractKey(contractId) });
  if (event === PUSH_EVENTS.contractUpdated) void queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] });
}

/** The part of a socket.io client socket the pushes use (a fake in tests). */
export interface PushSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/**
 * Feeds the stores and the query cache from one socket: its connection state, every push event
 * (recorded, then the queries it concerns made stale), and notification pushes into the unread count.
 */
export function attachPushHandlers(s: PushSocket, queryClient: QueryClient, onConnect?: () => void): void {
  const connection = useConnectionStore.getState();
  connection.setSocket("connecting");
  s.on("connect", () => {
    connection.setSocket("connected");
    // The server answered the upgrade: whatever failed before, it is reachable now.
    connection.apiReached();
    onConnect?.();
  });
  s.on("disconnect", (reason) => {
    // Closed by this tab (sign-out, unmount): off; otherwise socket.io retries on its own.
    connection.setSocket(reason === "io client disconnect" ? "off" : "reconnecting");
    // Who views what was the server's word over this connection; it says it again on rejoining.
    usePresenceStore.getState().forgetViewing();
  });
  s.on(PRESENCE_EVENT, (payload) => {
    const parsed = contractPresencePayload.safeParse(payload);
    if (parsed.success) usePresenceStore.getState().setViewing(parsed.data.contractId, parsed.data.viewers);
  });
  s.on("connect_error", () => connection.setSocket("reconnecting"));
  for (const event of Object.values(PUSH_EVENTS)) {
    s.on(event, (payload) => {
      usePushEventStore.getState().record(event, payload);
      if (event === PUSH_EVENTS.notificationNew) useNotificationStore.getState().received(payload);
      invalidateFor(queryClient, event, payload);
    });
  }
}

function joinRoom(contractId: string) {
  socket?.emit("contract:join", { contractId });
}

/** Opens the push connection for the signed-in app shell; closes it when the shell unmounts. */
export function usePushes(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const s = io({ path: SOCKET_PATH, transports: ["websocket"], withCredentials: true });
    socket = s;
    // Rooms live on the server connection: rejoin the open contracts after every reconnect.
    attachPushHandlers(s, queryClient, () => contractRooms.forEach((_count, id) => joinRoom(id)));
    return () => {
      s.close();
      if (socket === s) socket = null;
      useConnectionStore.getState().setSocket("off");
    };
  }, [enabled, queryClient]);
}

/** Subscribes the page to one contract's pushes (markups, changes, exhibits, analysis) while it is open. */
export function useContractRoom(contractId: string | undefined): void {
  useEffect(() => {
    if (!contractId) return;
    contractRooms.set(contractId, (contractRooms.get(contractId) ?? 0) + 1);
    if (socket?.connected) joinRoom(contractId);
    return () => {
      const left = (contractRooms.get(contractId) ?? 1) - 1;
      if (left > 0) contractRooms.set(contractId, left);
      else {
        contractRooms.delete(contractId);
        socket?.emit("contract:leave", { contractId });
        usePresenceStore.getState().forgetViewing(contractId);
      }
    };
  }, [contractId]);
}

/** Calls `handler` with each payload of one push event (from the events store) while the component is mounted. */
export function usePushEvent(event: string, handler: (payload: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      onPushEvent((entry) => {
        if (entry.event === event) latest.current(entry.payload);
      }),
    [event],
  );
}
