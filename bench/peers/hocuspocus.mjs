// Hocuspocus (@hocuspocus/server 3.x) as bench:collab's peer: documents in memory, no persistence
// extension, no authentication hook, on PORT (loopback). Started by bench/collab.ts with plain node.
import { Server } from "@hocuspocus/server";

const port = Number(process.env.PORT ?? 1235);
const server = new Server({ port, address: "127.0.0.1", quiet: true });
await server.listen();
console.log(`hocuspocus listening on ${port}`);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void server.destroy().then(() => process.exit(0)));
