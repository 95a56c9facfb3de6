// Creates an embedded database's cluster (PGlite's initdb) in a process of its own, which then exits
// (db/client.ts, createClusterApart). initdb grows PGlite's WebAssembly memory to some 600 MB, which
// a thread never gives back to the system; a process that ends does. Plain JavaScript, so it starts
// without tsx. Arguments: the data directory, then the start parameters as JSON.
import { PGlite } from "@electric-sql/pglite";

const [dataDir, extra] = process.argv.slice(2);
const db = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, ...JSON.parse(extra ?? "[]")] });
await db.waitReady;
await db.close();
