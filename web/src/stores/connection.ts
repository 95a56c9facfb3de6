import { create } from "zustand";

/** The push socket (socket.io): off while signed out, then connecting, connected, or retrying after a loss. */
export type SocketStatus = "off" | "connecting" | "connected" | "reconnecting";

interface ConnectionState {
  /** `navigator.onLine` and its online/offline events. */
  browserOnline: boolean;
  /** The last API call could not reach the server at all (a network failure, not an error answer). */
  apiUnreachable: boolean;
  socket: SocketStatus;
  setBrowserOnline: (online: boolean) => void;
  apiReached: () => void;
  apiFailed: () => void;
  setSocket: (status: SocketStatus) => void;
}

export const useConnectionStore = create<ConnectionState>()((set) => ({
  browserOnline: typeof navigator === "undefined" ? true : navigator.onLine,
  apiUnreachable: false,
  socket: "off",
  setBrowserOnline: (online) => set(online ? { browserOnline: true } : { browserOnline: false }),
  apiReached: () => set((s) => (s.apiUnreachable ? { apiUnreachable: false } : s)),
  apiFailed: () => set((s) => (s.apiUnreachable ? s : { apiUnreachable: true })),
  setSocket: (socket) => set((s) => (s.socket === socket ? s : { socket })),
}));

/** Offline as the user sees it: the browser says so, or the server could not be reached. */
export const selectOffline = (s: Pick<ConnectionState, "browserOnline" | "apiUnreachable">): boolean => !s.browserOnline || s.apiUnreachable;

export function useOffline(): boolean {
  return useConnectionStore(selectOffline);
}

/** Follows the browser's online/offline events; returns the function that stops. */
export function watchBrowserConnection(target: Pick<Window, "addEventListener" | "removeEventListener"> & { navigator: { onLine: boolean } }): () => void {
  const { setBrowserOnline, apiReached } = useConnectionStore.getState();
  const online = () => {
    setBrowserOnline(true);
    // Back online: the next call decides whether the server is reachable; until then assume it is.
    apiReached();
  };
  const offline = () => setBrowserOnline(false);
  setBrowserOnline(target.navigator.onLine);
  target.addEventListener("online", online);
  target.addEventListener("offline", offline);
  return () => {
    target.removeEventListener("online", online);
    target.removeEventListener("offline", offline);
  };
}
