// The stock y-websocket server (@y/websocket-server) as bench:collab's peer: one room per URL path,
// documents in memory, updates relayed as they arrive (nothing durable). Started by bench/collab.ts
// with plain node on PORT (loopback); GET / answers "ok" (the bench waits for it).
import http from "node:http";
import { WebSocketServer } from "ws";
import { setupWSConnection } from "@y/websocket-server/utils";

const port = Number(process.env.PORT ?? 1234);
const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const server = http.createServer((_request, response) => response.end("ok"));
sockets.on("connection", (socket, request) => setupWSConnection(socket, request));
server.on("upgrade", (request, socket, head) => sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit("connection", ws, request)));
server.listen(port, "127.0.0.1", () => console.log(`y-websocket listening on ${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
