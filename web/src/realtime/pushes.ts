import { useEffect, useRef } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { io, type Socket } from "socket.io-client";
import { PUSH_EVENTS, SOCKET_PATH } from "@clausewise/shared";
import { contractKey, contractsKey } from "../api/keys";
import { notificationsKey } from "../api/notifications";

/**
 * Pushes tell the client what changed; it refetches what it shows (DESIGN.md §2). The 30 s polling
 * of the spec stays as the fallback, so a lost socket costs freshness, never correctness.
 */
let socket: Socket | null = null;
const contractRooms = new Map<string, number>();
/** Components listening to a push event themselves (usePushEvent), whenever the socket opens. */
const listeners = new Map<string, Set<(payload: unknown) => void>>();

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
    for (const event of Object.values(PUSH_EVENTS)) {
      s.on(event, (payload: unknown) => {
        invalidateFor(queryClient, event, payload);
        listeners.get(event)?.forEach((listener) => listener(payload));
      });
    }
    // Rooms live on the server connection: rejoin the open contracts after every reconnect.
    s.on("connect", () => contractRooms.forEach((_count, id) => joinRoom(id)));
    return () => {
      s.close();
      if (socket === s) socket = null;
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
      }
    };
  }, [contractId]);
}

/** Calls `handler` with each payload of one push event while the component is mounted. */
export function usePushEvent(event: string, handler: (payload: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (payload: unknown) => latest.current(payload);
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}
