import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { CollabSession, type ConnectFn, type SessionSnapshot, type SessionUser } from "../collab/session";

/** How long a closed editor keeps its connection to deliver edits that had not reached the server. */
const RETIRE_WAIT_MS = 10 * 60 * 1000;

/**
 * Ends a session. If it still holds edits the server has not acknowledged (typed offline, then the
 * tab was switched), it stays connected in the background until they are delivered, so leaving the
 * editor never drops them; its presence is withdrawn at once.
 */
function retire(session: CollabSession): void {
  const { delivery, connection } = session.getSnapshot();
  if (delivery === "saved" || connection === "closed" || connection === "local") {
    session.destroy();
    return;
  }
  session.awareness.setLocalState(null);
  void session.whenSaved(RETIRE_WAIT_MS).then(() => session.destroy());
}

/**
 * One live session per contract and restart: created after mount and destroyed on unmount, so
 * StrictMode's mount → unmount → mount opens one connection that stays. `restart()` starts a new
 * session (fresh Y.Doc from the server), e.g. after the server refused an edit.
 */
export function useCollabSession(contractId: string, user: SessionUser, connect: ConnectFn) {
  const [generation, setGeneration] = useState(0);
  const [session, setSession] = useState<CollabSession | null>(null);
  const { id, name, color } = user;

  useEffect(() => {
    const created = new CollabSession(contractId, { id, name, color }, connect);
    setSession(created);
    return () => {
      retire(created);
      setSession((current) => (current === created ? null : current));
    };
    // A new name or colour is announced through awareness by the editor; it needs no new session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contractId, id, connect, generation]);

  useEffect(() => {
    if (!session) return;
    const online = () => session.reconnect();
    const offline = () => session.goOffline();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [session]);

  const restart = useCallback(() => setGeneration((g) => g + 1), []);
  return { session, restart };
}

const NO_SNAPSHOT: SessionSnapshot = { connection: "connecting", loaded: false, delivery: "saved", closed: null, presence: [] };
const noop = () => () => undefined;

export function useSessionSnapshot(session: CollabSession | null): SessionSnapshot {
  return useSyncExternalStore(session?.subscribe ?? noop, session?.getSnapshot ?? (() => NO_SNAPSHOT));
}
