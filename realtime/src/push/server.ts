import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { accessRevokedPayload, COLLAB_EVENTS, PRESENCE_EVENT, PUSH_EVENTS, SOCKET_PATH, userDeactivatedPayload, type ContractPresence } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import type { AuthState, SessionLookup } from "@clausewise/api/auth/sessions";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { getContractInCompany } from "@clausewise/api/loaders/contract";
import { personName } from "@clausewise/api/presenters/reviewer";
import { authenticateUpgrade, lookupUpgrade, sessionKey, upgradeOriginAllowed } from "../auth";
import { createSweep } from "../sweep";
import { redisAdapter } from "./adapter";
import { DEFAULT_PRESENCE_OPTIONS, INSTANCE_PRESENCE_EVENT, PresenceBoard, type PresenceBoardOptions } from "./presence";

/**
 * What other instances may read of a socket (fetchSockets serialises `socket.data` through the
 * adapter): who it is, for presence, and nothing of the session or the user row.
 */
interface SocketData {
  viewer: { id: string; name: string };
}

/** The session behind each socket, kept on this instance only. */
const authOf = new WeakMap<Socket, AuthState>();

export const rooms = {
  user: (id: string) => `user:${id}`,
  company: (id: string) => `company:${id}`,
  contract: (id: string) => `contract:${id}`,
};

const joinPayload = z.object({ contractId: z.string().uuid() });

/**
 * socket.io at /socket.io (websocket transport only, so no sticky sessions are needed):
 * authenticated by the session cookie, rooms per user, company and contract joined on the server.
 * With REDIS_URL, the Redis adapter links the instances, and presence is shared over the bus.
 */
export interface PushOptions {
  /** Re-check every socket's session this often. */
  revalidateMs: number;
  /** How often, and for how long, instances tell each other who they hold on a contract (scaled mode). */
  presence?: PresenceBoardOptions;
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = { revalidateMs: 30_000 };

export function attachPush(httpServer: HttpServer, deps: AppDeps, options: PushOptions = DEFAULT_PUSH_OPTIONS): Server {
  const { redisUrl } = deps.config;
  // The adapter links the instances that share a Redis bus (scaled mode), under the bus's prefix; a
  // process on the in-memory bus has no peers to ask (and must not answer another deployment's).
  const adapterPrefix = redisUrl ? deps.bus.redisPrefix : undefined;
  const io = new Server(httpServer, {
    ...(redisUrl && adapterPrefix !== undefined ? { adapter: redisAdapter(redisUrl, adapterPrefix, deps.logger) } : {}),
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
        authOf.set(socket, auth);
        (socket.data as SocketData).viewer = { id: auth.user.id, name: personName(auth.user) };
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error("Unauthorized")),
    );
  });

  // Scaled mode: the instances tell each other over the bus who they hold (presence.ts).
  const board = deps.bus.redisPrefix !== undefined ? new PresenceBoard(deps.bus, options.presence ?? DEFAULT_PRESENCE_OPTIONS) : null;
  /** The company of each contract this instance has had a room for (what a report is published under). */
  const companyOfContract = new Map<string, string>();

  /** The people this instance holds on a contract, one entry per person. */
  const localViewers = async (contractId: string) => {
    const held = await io.local.in(rooms.contract(contractId)).fetchSockets();
    const viewers = new Map<string, ContractPresence["viewers"][number]>();
    for (const remote of held) {
      const viewer = (remote.data as Partial<SocketData>).viewer;
      if (viewer && !viewers.has(viewer.id)) viewers.set(viewer.id, { id: viewer.id, name: viewer.name });
    }
    return [...viewers.values()];
  };

  /** Tells the other instances who this one holds on a contract; forgets the contract once nobody is left here. */
  const sharePresence = async (contractId: string, viewers: ContractPresence["viewers"]) => {
    const companyId = companyOfContract.get(contractId);
    if (!board || !companyId) return;
    if (viewers.length === 0) companyOfContract.delete(contractId);
    await board.share(companyId, contractId, viewers);
  };

  /**
   * Tells a contract's room who has it open now, one entry per person: the sockets this instance
   * holds and, in scaled mode, those the other instances reported (and, with `share`, tells them).
   */
  const announcePresence = async (contractId: string, share = true) => {
    try {
      const local = await localViewers(contractId);
      if (share) await sharePresence(contractId, local);
      const payload: ContractPresence = board
        ? board.merged(contractId, local)
        : { contractId, viewers: [...local].sort((a, b) => a.name.localeCompare(b.name)) };
      io.local.to(rooms.contract(contractId)).emit(PRESENCE_EVENT, payload);
    } catch (error) {
      deps.logger.warn({ err: error, contractId }, "push: announcing presence failed");
    }
  };

  // While this instance holds anyone, it repeats its reports so the others keep them; reports of an
  // instance that stopped repeating expire, and the rooms here hear the shorter list.
  if (board) {
    const heartbeat = setInterval(() => {
      for (const contractId of board.expire()) void announcePresence(contractId, false);
      for (const contractId of companyOfContract.keys()) {
        void localViewers(contractId)
          .then((viewers) => sharePresence(contractId, viewers))
          .catch((error: unknown) => deps.logger.warn({ err: error, contractId }, "push: repeating presence failed"));
      }
    }, (options.presence ?? DEFAULT_PRESENCE_OPTIONS).heartbeatMs);
    heartbeat.unref();
    io.engine.on("close", () => clearInterval(heartbeat));
  }
  const contractIdOfRoom = (room: string) => (room.startsWith("contract:") ? room.slice("contract:".length) : null);

  io.on("connection", (socket: Socket) => {
    const auth = authOf.get(socket);
    if (!auth) return void socket.disconnect(true);
    const { user } = auth;
    void socket.join([rooms.user(user.id), rooms.company(user.companyId)]);
    // The contracts this socket had open are told it left once it is gone.
    let leaving: string[] = [];
    socket.on("disconnecting", () => {
      leaving = [...socket.rooms].flatMap((room) => contractIdOfRoom(room) ?? []);
    });
    socket.on("disconnect", (reason) => {
      // Not while this server closes: the room's other sockets are going too, and in scaled mode the
      // adapter's Redis connections close under the question to the other instances.
      if (reason === "server shutting down") return;
      for (const contractId of leaving) void announcePresence(contractId);
    });
    socket.on("contract:join", (raw: unknown, ack?: (result: { ok: boolean }) => void) => {
      const parsed = joinPayload.safeParse(raw);
      if (!parsed.success) return ack?.({ ok: false });
      getContractInCompany(deps.db, { id: parsed.data.contractId, companyId: user.companyId }).then(
        () => {
          void socket.join(rooms.contract(parsed.data.contractId));
          companyOfContract.set(parsed.data.contractId, user.companyId);
          ack?.({ ok: true });
          void announcePresence(parsed.data.contractId);
        },
        () => ack?.({ ok: false }),
      );
    });
    socket.on("contract:leave", (raw: unknown) => {
      const parsed = joinPayload.safeParse(raw);
      if (!parsed.success || !socket.rooms.has(rooms.contract(parsed.data.contractId))) return;
      void socket.leave(rooms.contract(parsed.data.contractId));
      void announcePresence(parsed.data.contractId);
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
    const held = authOf.get(socket);
    if (found.status !== "active" || found.auth.user.id !== held?.user.id) socket.disconnect(true);
    else authOf.set(socket, found.auth);
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
    if (event.type === INSTANCE_PRESENCE_EVENT) {
      const heard = board?.receive(event);
      // An instance new on the contract has not heard of this one's people: they are told at once.
      if (heard) void announcePresence(heard.contractId, heard.newInstance && companyOfContract.has(heard.contractId));
      return;
    }
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
