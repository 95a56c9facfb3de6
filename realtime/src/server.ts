import type { Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import { COLLAB_PATH, SOCKET_PATH } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import { metrics } from "@clausewise/api/metrics";
import { createCollabServer, type CollabServerOptions } from "./collab/server";
import { attachPush, DEFAULT_PUSH_OPTIONS, type PushOptions } from "./push/server";

export interface Realtime {
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** Live-document timings, limits, store or fan-out (tests shorten timings). */
  collab?: CollabServerOptions;
  /** Push (socket.io) timings (tests shorten them). */
  push?: Partial<PushOptions>;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Attaches pushes (socket.io) and live documents (/collab) to an HTTP server. */
export function attachRealtime(httpServer: HttpServer, deps: AppDeps, options: RealtimeOptions = {}): Realtime {
  const io = attachPush(httpServer, deps, { ...DEFAULT_PUSH_OPTIONS, ...options.push });
  metrics.gauge("clausewise_push_connections_open", "Open socket.io (push) connections on this instance.", () => [{ value: io.engine.clientsCount }]);
  const collab = createCollabServer(deps, options.collab);
  httpServer.on("upgrade", (req, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (path.startsWith(`${SOCKET_PATH}/`)) return; // socket.io's own listener answers these
    if (path === COLLAB_PATH || path.startsWith(`${COLLAB_PATH}/`)) return collab.handleUpgrade(req, socket, head);
    refuse(socket, 404, "Not Found");
  });
  return {
    async close() {
      // Live documents first: every accepted edit is stored before the process goes.
      await collab.close();
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
    },
  };
}
