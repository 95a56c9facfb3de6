import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { COLLAB_CLOSE, COLLAB_PATH, type CollabCloseName } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import type { AuthState, SessionLookup } from "@clausewise/api/auth/sessions";
import { metrics } from "@clausewise/api/metrics";
import { keptHeaders, lookupUpgrade, sessionKey, upgradeOriginAllowed } from "../auth";
import { createSweep, eachFew } from "../sweep";
import { accessFor, accessForMany, resolveAccess, type CollabAccess, type DocumentAccess } from "./access";
import { CollabConnection } from "./connection";
import type { LiveDocument } from "./document";
import { subscribeCollabEvents, type AccessChange } from "./events";
import { createLocalFanout, type CollabFanout } from "./fanout";
import { createRedisFanout } from "./fanout-redis";
import { DEFAULT_COLLAB_OPTIONS, type CollabOptions } from "./options";
import { createDocumentStore, type DocumentPersistence } from "./persistence";
import { decodeMessage, MalformedMessage } from "./protocol";
import { DocumentRegistry } from "./registry";
import { createSuggestionSync } from "./suggestion-sync";
import { CollabSocket } from "./socket";

export interface CollabServer {
  /** Answers an HTTP upgrade on /collab/<contractId>. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Stores everything pending, closes every client (they reconnect elsewhere), unloads. */
  close(): Promise<void>;
}

export interface CollabServerOptions extends Partial<CollabOptions> {
  persistence?: DocumentPersistence;
  fanout?: CollabFanout;
}

/** `/collab/<id>` or `/collab/<id>?…` → the id; anything else under /collab → "" (answered as not found). */
export function contractIdFromUrl(url: string | undefined): string {
  const path = (url ?? "").split("?")[0] ?? "";
  const rest = path.startsWith(`${COLLAB_PATH}/`) ? path.slice(COLLAB_PATH.length + 1) : "";
  try {
    return decodeURIComponent(rest);
  } catch {
    return "";
  }
}

function refuseHttp(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The live-document server (y-websocket protocol, DESIGN.md §2 and §4), as a lifecycle:
 * authenticate (origin, session, contract access → mode) → load (registry) → change (document:
 * validate, store, apply, relay) → unload (registry), with revocation and heartbeats around it.
 */
export function createCollabServer(deps: AppDeps, overrides: CollabServerOptions = {}): CollabServer {
  const { persistence: givenPersistence, fanout: givenFanout, ...timings } = overrides;
  // PostgreSQL: a few group commits in flight at once (each waits for its WAL flush); PGlite: one.
  const options: CollabOptions = { ...DEFAULT_COLLAB_OPTIONS, batchParallelWrites: deps.database.kind === "postgres" ? 3 : 1, ...timings };
  const persistence = givenPersistence ?? createDocumentStore(deps.db);
  const fanout = givenFanout ?? (deps.config.redisUrl ? createRedisFanout(deps.config.redisUrl, deps.logger, deps.bus.redisPrefix) : createLocalFanout());
  const registry = new DocumentRegistry({ persistence, fanout, logger: deps.logger, options, suggestions: createSuggestionSync(deps) });
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes, WebSocket: CollabSocket, perMessageDeflate: false });
  const connections = new Set<CollabConnection>();
  let closing = false;

  fanout.onInterrupted(() => void registry.reloadAll());
  metrics.gauge("clausewise_collab_connections_open", "Open live-document (/collab) connections on this instance.", () => [{ value: connections.size }]);
  metrics.gauge("clausewise_collab_documents_loaded", "Live documents loaded on this instance.", () => [{ value: registry.loaded().length }]);
  metrics.gauge("clausewise_collab_update_log_pending", "Updates accepted but not yet committed to the update log, on this instance.", () => [
    { value: registry.loaded().reduce((sum, doc) => sum + doc.pendingUpdates, 0) },
  ]);

  /** Upgrades only to send a close code: the stock client reads codes, never HTTP statuses. */
  const upgradeAndClose = (req: IncomingMessage, socket: Duplex, head: Buffer, name: CollabCloseName) => {
    wss.handleUpgrade(req, socket, head, (ws) => ws.close(COLLAB_CLOSE[name].code, COLLAB_CLOSE[name].reason));
  };

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const access = await resolveAccess(req, deps, contractIdFromUrl(req.url));
    if ("refused" in access) return upgradeAndClose(req, socket, head, access.refused);
    if (closing) return refuseHttp(socket, 503, "Service Unavailable"); // load nothing after shutdown began
    const doc = await registry.acquire(access.contractId);
    let upgraded = false;
    try {
      if (closing) return refuseHttp(socket, 503, "Service Unavailable");
      if (doc.connections.size >= options.maxClientsPerDocument) return upgradeAndClose(req, socket, head, "tooManyClients");
      wss.handleUpgrade(req, socket, head, (ws) => {
        upgraded = true;
        attach(ws, req, access, doc);
      });
    } finally {
      doc.reserved--;
      if (!upgraded) registry.release(doc);
    }
  }

  function attach(ws: WebSocket, req: IncomingMessage, access: CollabAccess, doc: LiveDocument): void {
    const connection = new CollabConnection(ws, keptHeaders(req), access, options);
    connections.add(connection);
    doc.join(connection);
    ws.on("message", (data: RawData, isBinary: boolean) => onMessage(connection, doc, data, isBinary));
    ws.on("pong", () => {
      connection.alive = true;
    });
    ws.on("error", () => undefined); // ws closes the socket itself; 'close' follows
    ws.on("close", () => {
      connections.delete(connection);
      doc.leave(connection);
      registry.release(doc);
    });
  }

  function onMessage(connection: CollabConnection, doc: LiveDocument, data: RawData, isBinary: boolean): void {
    if (!connection.isOpen || closing) return; // after shutdown began, the client resends on reconnect
    if (!connection.admit()) return connection.close("rateLimited");
    if (!isBinary) return connection.close("malformed");
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    try {
      doc.receive(connection, decodeMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    } catch (error) {
      if (!(error instanceof MalformedMessage)) deps.logger.error({ err: error, contractId: connection.contractId }, "collab: message failed");
      connection.close("malformed");
    }
  }

  /**
   * One round of re-checks (a sweep, or a bus event) asks the database once per session and once per
   * user and contract: a person's tabs, and the many connections of one session, share the answer.
   */
  const newRound = () => ({ sessions: new Map<string, Promise<SessionLookup>>(), modes: new Map<string, Promise<DocumentAccess | null>>() });
  type Round = ReturnType<typeof newRound>;

  /**
   * Re-checks a connection's session and access: closes it when the user may no longer read (4410),
   * or when the session timed out (4401: sign in again). The look-up is also the connection's
   * activity, which keeps its session from idling out while it is open. When the contract's text
   * became locked, a connection that could write is closed with 4423 (the editor reloads read-only
   * and says why); when a read-only connection may write again (reopened), it is closed with a
   * transient code, so the client reconnects in the new mode and resends what it typed meanwhile
   * (a read-only connection's updates are dropped unseen).
   */
  async function revalidate(connection: CollabConnection, round: Round = newRound(), closeAs: "accessRevoked" | "notFound" = "accessRevoked"): Promise<void> {
    const key = sessionKey(connection.request);
    let session = round.sessions.get(key);
    if (!session) round.sessions.set(key, (session = lookupUpgrade(connection.request, deps)));
    const found = await session;
    const auth = found.status === "active" ? found.auth : null;
    let access: DocumentAccess | null = null;
    if (auth && auth.user.id === connection.userId) {
      const key = `${auth.user.id}|${connection.contractId}`;
      let check = round.modes.get(key);
      if (!check) round.modes.set(key, (check = accessFor(deps, auth, connection.contractId)));
      access = await check;
    }
    if (!connection.isOpen) return;
    if (found.status === "expired") return connection.close("unauthorized");
    if (!auth || !access) return connection.close(auth ? closeAs : "accessRevoked");
    connection.auth = auth;
    const before = connection.mode;
    // A narrower mode applies to the next message; the page learns its abilities from the API.
    connection.mode = access.mode;
    if (access.locked && before !== "read-only") return connection.close("locked");
    if (before === "read-only" && access.mode !== "read-only") return connection.close("accessChanged");
  }

  const revalidateAll = (filter: (c: CollabConnection) => boolean, round = newRound(), closeAs: "accessRevoked" | "notFound" = "accessRevoked") =>
    Promise.all(
      [...connections].filter(filter).map((c) =>
        revalidate(c, round, closeAs).catch((error: unknown) => deps.logger.warn({ err: error, contractId: c.contractId }, "collab: re-checking access failed")),
      ),
    );

  const onAccessChange = (change: AccessChange) =>
    void revalidateAll(
      (c) => c.companyId === change.companyId && (!change.userId || c.userId === change.userId) && (!change.contractId || c.contractId === change.contractId),
      newRound(),
      change.erased ? "notFound" : "accessRevoked",
    );
  const unsubscribeBus = subscribeCollabEvents(deps.bus, registry, onAccessChange, deps.logger);

  /**
   * Before a sweep's checks: each session looked up once (a few at a time), then one access query
   * per user for every contract they have open, instead of one per connection (a thousand open
   * documents were a thousand statements every sweep).
   */
  async function prefetchRound(items: readonly CollabConnection[], round: Round): Promise<void> {
    const bySession = new Map<string, CollabConnection>();
    for (const c of items) bySession.set(sessionKey(c.request), c);
    await eachFew([...bySession], async ([key, c]) => {
      if (!round.sessions.has(key)) round.sessions.set(key, lookupUpgrade(c.request, deps));
      await round.sessions.get(key)!.catch(() => undefined); // the connection's own check reports it
    });
    const byUser = new Map<string, { auth: AuthState; contractIds: Set<string> }>();
    for (const c of items) {
      const found = await round.sessions.get(sessionKey(c.request))!.catch(() => null);
      if (found?.status !== "active" || found.auth.user.id !== c.userId) continue;
      const entry = byUser.get(c.userId) ?? { auth: found.auth, contractIds: new Set<string>() };
      byUser.set(c.userId, entry);
      entry.contractIds.add(c.contractId);
    }
    await eachFew([...byUser.values()], async ({ auth, contractIds }) => {
      const many = accessForMany(deps, auth, [...contractIds]);
      for (const contractId of contractIds) {
        const one = many.then((found) => found.get(contractId) ?? null);
        one.catch(() => undefined); // a connection that closed meanwhile never awaits it
        round.modes.set(`${auth.user.id}|${contractId}`, one);
      }
      await many.catch(() => undefined);
    });
  }

  const sweep = createSweep(
    () => [...connections],
    newRound,
    async (c, round) => {
      if (!c.isOpen) return;
      await revalidate(c, round).catch((error: unknown) => deps.logger.warn({ err: error, contractId: c.contractId }, "collab: re-checking access failed"));
    },
    prefetchRound,
  );
  // A crashed predecessor may have left edits in the update log that the derived text lacks.
  void persistence
    .withLoggedUpdates()
    .then((ids) => registry.recover(ids, () => closing))
    .then((recovered) => recovered > 0 && deps.logger.info({ documents: recovered }, "collab: refreshed the derived text of documents with logged edits"))
    .catch((error: unknown) => deps.logger.warn({ err: error }, "collab: start-up recovery failed"));
  const revalidateTimer = setInterval(() => void sweep(), options.revalidateMs);
  const heartbeatTimer = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) connection.ws.terminate();
      else {
        connection.alive = false;
        connection.ws.ping();
      }
    }
  }, options.heartbeatMs);
  revalidateTimer.unref();
  heartbeatTimer.unref();

  return {
    handleUpgrade(req, socket, head) {
      if (!upgradeOriginAllowed(req, deps)) return refuseHttp(socket, 403, "Forbidden");
      if (closing) return refuseHttp(socket, 503, "Service Unavailable");
      socket.on("error", () => socket.destroy());
      admit(req, socket, head).catch((error: unknown) => {
        deps.logger.error({ err: error, url: req.url }, "collab: connecting failed");
        if (!socket.destroyed) refuseHttp(socket, 503, "Service Unavailable");
      });
    },

    async close() {
      if (closing) return;
      closing = true;
      clearInterval(revalidateTimer);
      clearInterval(heartbeatTimer);
      unsubscribeBus();
      await registry.flushAll();
      for (const connection of connections) connection.close("serverRestart");
      await registry.closeAll();
      await fanout.close();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
