import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/client";
import { loadConfig } from "../env";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL, dropped again on close. Reruns and
 * parallel files never share rows.
 */
export async function createTestDatabase(databaseUrl: string | undefined): Promise<Database> {
  if (!databaseUrl) {
    // TEST_PGLITE_THREAD=1: through the worker thread the serving processes use (db/pglite-thread.ts).
    const database = await openDatabase({ dataDir: "memory://", pgliteThread: loadConfig().testPgliteThread });
    await database.migrate();
    return database;
  }
  const name = `cw_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), maxConnections: 5 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
