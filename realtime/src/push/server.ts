import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { accessRevokedPayload, COLLAB_EVENTS, PUSH_EVENTS, SOCKET_PATH, userDeactivatedPayload } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import type { AuthState, SessionLookup } from "@clausewise/api/auth/sessions";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { DEFAULT_REDIS_PREFIX } from "@clausewise/api/events/redis-connection";
import { getContractInCompany } from "@clausewise/api/loaders/contract";
import { authenticateUpgrade, lookupUpgrade, sessionKey, upgradeOriginAllowed } from "../auth";
import { createSweep } from "../sweep";
import { redisAdapter } from "./adapter";

interface SocketData {
  auth: AuthState;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  company: (id: string) => `company:${id}`,
  contract: (id: string) => `contract:${id}`,
};

const joinPayload = z.object({ contractId: z.string().uuid() });

/**
 * socket.io at /socket.io (websocket transport only, so no sticky sessions are needed):
 * authenticated by the session cookie, rooms per user, company and contract joined on the server.
 * With REDIS_URL, the Redis adapter links the instances.
 */
export interface PushOptions {
  /** Re-check every socket's session this often. */
  revalidateMs: number;
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = { revalidateMs: 30_000 };

export function attachPush(httpServer: HttpServer, deps: AppDeps, options: PushOptions = DEFAULT_PUSH_OPTIONS): Server {
  const { redisUrl } = deps.config;
  const io = new Server(httpServer, {
    ...(redisUrl ? { adapter: redisAdapter(redisUrl, deps.bus.redisPrefix ?? DEFAULT_REDIS_PREFIX, deps.logger) } : {}),
    path: SOCKET_PATH,
    transports: ["websocket"],
    serveClient: false,
    // Other upgrade paths (/collab) are handled by their own listener.
    destroyUpgrade: false,
    allowRequest: (req, callback) => callback(null, upgradeOriginAllowed(req, deps)),
  });

  io.use((socket, next) => {
    authenticateUpgrade(socket.request, deps).then(
      (auth) => {
        if (!auth) return next(new Error("Unauthorized"));
        (socket.data as SocketData).auth = auth;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error("Unauthorized")),
    );
  });

  io.on("connection", (socket: Socket) => {
    const { user } = (socket.data as SocketData).auth;
    void socket.join([rooms.user(user.id), rooms.company(user.companyId)]);
    socket.on("contract:join", (raw: unknown, ack?: (result: { ok: boolean }) => void) => {
      const parsed = joinPayload.safeParse(raw);
      if (!parsed.success) return ack?.({ ok: false });
      getContractInCompany(deps.db, { id: parsed.data.contractId, companyId: user.companyId }).then(
        () => {
          void socket.join(rooms.contract(parsed.data.contractId));
          ack?.({ ok: true });
        },
        () => ack?.({ ok: false }),
      );
    });
    socket.on("contract:leave", (raw: unknown) => {
      const parsed = joinPayload.safeParse(raw);
      if (parsed.success) void socket.leave(rooms.contract(parsed.data.contractId));
    });
  });

  /**
   * Re-checks one socket's session: disconnected when it ended (signed out, revoked, timed out) or
   * now names someone else. Sockets carrying the same cookie share one look-up per round, and the
   * look-up is the connection's activity, keeping its session from idling out while it is open.
   */
  const recheck = async (socket: Socket, round: Map<string, Promise<SessionLookup>>) => {
    const key = sessionKey(socket.request);
    let lookup = round.get(key);
    if (!lookup) round.set(key, (lookup = lookupUpgrade(socket.request, deps)));
    const found = await lookup.catch((error: unknown) => {
      deps.logger.warn({ err: error }, "push: re-checking a session failed");
      return undefined;
    });
    if (found === undefined || !socket.connected) return; // unknown: the next round or reconnect decides
    const data = socket.data as SocketData;
    if (found.status !== "active" || found.auth.user.id !== data.auth.user.id) socket.disconnect(true);
    else data.auth = found.auth;
  };

  /** A change to one person's sessions or role (sign-out, password change, role change): each of their sockets here re-checks at once. */
  const recheckUser = async (userId: string) => {
    const namespace = io.of("/");
    const held = [...(namespace.adapter.rooms.get(rooms.user(userId)) ?? [])].flatMap((id) => namespace.sockets.get(id) ?? []);
    const round = new Map<string, Promise<SessionLookup>>();
    await Promise.all(held.map((socket) => recheck(socket, round)));
  };

  // Periodically, every socket: a session that timed out (idle or past its absolute end) closes its pushes.
  const sweep = createSweep(() => [...io.of("/").sockets.values()], () => new Map<string, Promise<SessionLookup>>(), recheck);
  const sweepTimer = setInterval(() => void sweep(), options.revalidateMs);
  sweepTimer.unref();
  io.engine.on("close", () => clearInterval(sweepTimer));

  const known = new Set<string>(Object.values(PUSH_EVENTS));
  const unsubscribe = deps.bus.subscribe((event: DomainEvent) => {
    // A deactivated user or a suspended company stops hearing pushes at once (sessions are gone).
    if (event.type === COLLAB_EVENTS.userDeactivated) {
      const parsed = userDeactivatedPayload.safeParse(event.payload);
      if (parsed.success) io.local.in(rooms.user(parsed.data.userId)).disconnectSockets(true);
      return;
    }
    if (event.type === COLLAB_EVENTS.accessRevoked) {
      const parsed = accessRevokedPayload.safeParse(event.payload);
      if (parsed.success && !parsed.data.contractId) void recheckUser(parsed.data.userId);
      return;
    }
    if (event.type === COLLAB_EVENTS.companySuspended) {
      io.local.in(rooms.company(event.companyId)).disconnectSockets(true);
      return;
    }
    if (!known.has(event.type)) return;
    const targets = event.userIds?.length ? event.userIds.map(rooms.user) : [event.contractId ? rooms.contract(event.contractId) : rooms.company(event.companyId)];
    // Every instance hears every domain event (a Redis bus fans them out), so each one pushes to the
    // sockets it holds: through the adapter, N instances would deliver every push N times.
    io.local.to(targets).emit(event.type, event.payload);
  });
  io.engine.on("close", unsubscribe);
  return io;
}
