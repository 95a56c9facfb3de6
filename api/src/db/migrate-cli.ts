import { loadConfig } from "../env";
import { openDatabase } from "./client";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
