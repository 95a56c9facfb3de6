import type { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { clauseModel } from "@clausewise/api/analysis/engine/model/classifier";
import { createRuntime } from "@clausewise/api/runtime";
import { loadRealtimeConfig } from "./env";
import { attachRealtime } from "./server";

/**
 * The embedded default (`pnpm start`): one process serves the web app, /api, /collab and /socket.io
 * on PORT. Realtime may import the API; the API never imports realtime (DESIGN.md §1).
 */
const config = loadRealtimeConfig();
const runtime = await createRuntime(config.api);
// The clause model is read at start-up (a committed file, no network), not by the first analysis.
clauseModel();
const server = serve({ fetch: runtime.app.fetch, port: config.api.port, hostname: config.api.host }, () => {
  runtime.deps.logger.info({ database: runtime.deps.database.kind }, `ClauseWise is running on ${config.api.appUrl}`);
}) as HttpServer;
const realtime = attachRealtime(server, runtime.deps);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  void realtime
    .close()
    .then(() => new Promise<void>((resolve) => server.close(() => resolve())))
    .then(() => runtime.close())
    .finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
