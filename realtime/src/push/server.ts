import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { accessRevokedPayload, COLLAB_EVENTS, PUSH_EVENTS, SOCKET_PATH, userDeactivatedPayload } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import type { AuthState } from "@clausewise/api/auth/sessions";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { DEFAULT_REDIS_PREFIX } from "@clausewise/api/events/redis-connection";
import { getContractInCompany } from "@clausewise/api/loaders/contract";
import { authenticateUpgrade, upgradeOriginAllowed } from "../auth";
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
export function attachPush(httpServer: HttpServer, deps: AppDeps): Server {
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
   * A change to one person's sessions or role (sign-out, password change, role change): each of their
   * sockets on this instance re-checks its session, and one whose session ended is disconnected.
   */
  const recheckUser = async (userId: string) => {
    const namespace = io.of("/");
    const held = [...(namespace.adapter.rooms.get(rooms.user(userId)) ?? [])].flatMap((id) => namespace.sockets.get(id) ?? []);
    await Promise.all(
      held.map(async (socket) => {
        const auth = await authenticateUpgrade(socket.request, deps).catch((error: unknown) => {
          deps.logger.warn({ err: error, userId }, "push: re-checking a session failed");
          return undefined;
        });
        if (auth === undefined) return; // unknown: the next change or reconnect decides
        if (!auth || auth.user.id !== userId) socket.disconnect(true);
        else (socket.data as SocketData).auth = auth;
      }),
    );
  };

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
