import { serve } from "@hono/node-server";
import { clauseModel } from "./analysis/engine/model/classifier";
import { loadConfig } from "./env";
import { createRuntime } from "./runtime";

const config = loadConfig();
const runtime = await createRuntime(config);
// The clause model is read at start-up (a committed file, no network), not by the first analysis.
clauseModel();
const server = serve({ fetch: runtime.app.fetch, port: config.port, hostname: config.host }, (info) => {
  runtime.deps.logger.info({ port: info.port, database: runtime.deps.database.kind }, `ClauseWise API listening on ${config.appUrl}`);
});

const shutdown = () => {
  server.close();
  void runtime.close().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
