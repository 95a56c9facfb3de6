import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FileLock2, LogIn, RefreshCw } from "lucide-react";
import { COLLAB_CLOSE, type ContractDetail, type CurrentUser } from "@clausewise/shared";
import { StatusPanel } from "../components/StatusPanel";
import { Button, buttonClasses } from "../components/ui/button";
import { LoadingState } from "../components/ui/spinner";
import { contractKey } from "../api/keys";
import { displayName } from "../lib/user";
import { usePresenceStore } from "../stores/presence";
import { toast } from "../stores/toast";
import type { CloseReason } from "./collab/close-reasons";
import { colorForUser } from "./collab/presence";
import { connectWebsocket, type ConnectFn } from "./collab/session";
import { DocumentEditor } from "./DocumentEditor";
import { suggestionExtensions } from "./suggestions";
import type { ExtraExtensions } from "./extension-points";
import { useCollabSession, useSessionSnapshot } from "./hooks/useCollabSession";
import "./editor.css";

export interface CollaborativeEditorProps {
  contract: ContractDetail;
  user: CurrentUser;
  /**
   * Behaviour added on top of the editor's own extensions. Default: suggestion tracking, so a
   * reviewer's typing becomes suggestions (suggestions/); `[]` leaves reviewers in View Mode.
   */
  extraExtensions?: ExtraExtensions;
  /** Opens the live connection; the default is the y-websocket server at /collab. `() => null` edits a local Y.Doc only. */
  connect?: ConnectFn;
}

/** Reloads after refused edits, at most this many within the window; then the editor stops (no reload loop). */
const MAX_RELOADS = 3;
const RELOAD_WINDOW_MS = 60_000;

/**
 * The live Word Editor of a contract (DESIGN.md §2, §4): a Y.Doc synced with the server over
 * y-websocket (room = contract id, fragment `default`), carets and presence over awareness. The
 * server seeds and stores the document and decides what this user may change; the editor never
 * passes initial content. When the server ends the connection for good, the editor says why, and
 * after a refused edit it reloads the server's document.
 */
export function CollaborativeEditor({ contract, user, extraExtensions = suggestionExtensions, connect = connectWebsocket }: CollaborativeEditorProps) {
  const name = displayName(user);
  const sessionUser = useMemo(() => ({ id: user.id, name, color: colorForUser(user.id) }), [user.id, name]);
  const { session, restart } = useCollabSession(contract.id, sessionUser, connect);
  const snapshot = useSessionSnapshot(session);
  const [notice, setNotice] = useState<CloseReason | null>(null);
  const [stopped, setStopped] = useState<CloseReason | null>(null);
  const reloads = useRef<number[]>([]);
  const queryClient = useQueryClient();
  // Read-only from a 4423 close until the page has the contract's new status (then the status decides).
  const [lockedByServer, setLockedByServer] = useState(false);
  useEffect(() => setLockedByServer(false), [contract.status, contract.updatedAt]);

  // Who is in this contract's document, from awareness, for every component that shows it (stores/presence.ts).
  useEffect(() => usePresenceStore.getState().setInDocument(contract.id, snapshot.presence), [contract.id, snapshot.presence]);
  useEffect(() => () => usePresenceStore.getState().forgetInDocument(contract.id), [contract.id]);

  const closed = snapshot.closed;
  useEffect(() => {
    if (!closed) return;
    if (closed.code === COLLAB_CLOSE.locked.code) {
      setLockedByServer(true);
      void queryClient.invalidateQueries({ queryKey: contractKey(contract.id), exact: true });
    }
    // The sender of a refused edit is told at once (the notice in the editor stays until dismissed).
    if (closed.action === "reload") toast({ title: closed.title, description: closed.message, variant: "destructive" });
    if (closed.action !== "reload") {
      setStopped(closed);
      return;
    }
    const now = Date.now();
    reloads.current = [...reloads.current.filter((t) => now - t < RELOAD_WINDOW_MS), now];
    if (reloads.current.length > MAX_RELOADS) {
      setStopped({ ...closed, action: "stop", message: `${closed.message} This happened several times in a row, so the editor stopped. Reload the page to try again.` });
      return;
    }
    setNotice(closed);
    restart();
  }, [closed, restart, queryClient, contract.id]);

  if (stopped) {
    const retry = () => {
      setStopped(null);
      restart();
    };
    return (
      <StatusPanel icon={FileLock2} title={stopped.title} tone="danger">
        <p>{stopped.message}</p>
        <div className="mt-5 flex justify-center gap-2">
          {stopped.action === "signIn" ? (
            <a href="/api/login" className={buttonClasses("primary")}>
              <LogIn aria-hidden="true" />
              Sign in again
            </a>
          ) : stopped.code === COLLAB_CLOSE.tooManyClients.code ? (
            <Button variant="secondary" onClick={retry}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          ) : null}
        </div>
      </StatusPanel>
    );
  }

  if (!session) return <LoadingState label="Opening the document..." className="min-h-96" />;

  return (
    <DocumentEditor
      key={session.ydoc.guid}
      session={session}
      snapshot={snapshot}
      contract={contract}
      user={sessionUser}
      extraExtensions={extraExtensions}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      lockedByServer={lockedByServer}
    />
  );
}

export default CollaborativeEditor;
