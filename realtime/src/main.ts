import { createServer } from "node:http";
import { createRuntime } from "@clausewise/api/runtime";
import { FORWARDING_HEADERS, metricsResponse, registerDatabaseGauges } from "@clausewise/api/http/metrics";
import { loadRealtimeConfig } from "./env";
import { attachRealtime } from "./server";

/** The scaled-out realtime process (Procfile `realtime:`): /collab and /socket.io only. */
const config = loadRealtimeConfig();
// Seeding and migrations belong to the web process; realtime only needs the database and the bus.
const runtime = await createRuntime({ ...config.api, seedDemo: false }, { jobs: false });
registerDatabaseGauges(runtime.deps);
const server = createServer((req, res) => {
  if (req.method === "GET" && (req.url ?? "").split("?")[0] === "/metrics") {
    const header = (name: string) => [req.headers[name]].flat()[0];
    void metricsResponse(config.api, {
      remoteAddress: req.socket.remoteAddress,
      authorization: header("authorization"),
      forwarded: FORWARDING_HEADERS.some((h) => header(h) !== undefined),
    }).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
    return;
  }
  res.writeHead(404, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: "not_found", message: "This process serves /collab, /socket.io and /metrics only." }));
});
const realtime = attachRealtime(server, runtime.deps);
server.listen(config.port, config.api.host, () => {
  runtime.deps.logger.info({ port: config.port }, "ClauseWise realtime listening");
});

const shutdown = () => {
  void realtime
    .close()
    .then(() => runtime.close())
    .finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
