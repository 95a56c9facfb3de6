import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { MIGRATIONS_DIR, openDatabase, type Database } from "../db/client";
import { loadConfig } from "../env";

/** Every file under `dir`, sorted, with its contents: what the migrations are. */
function filesOf(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesOf(full) : [full];
    });
}

let template: Promise<Blob> | null = null;

/**
 * A migrated PGlite data directory, dumped once and kept in the system's temporary directory under a
 * key of PGlite's install path (its version) and the migrations' contents, so every test file (each in a process of its
 * own) loads it instead of running initdb (~3 s each on these machines). Written under a temporary
 * name and renamed, so a file being written is never read; two processes that both miss write the
 * same thing.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash("sha256");
    // Where PGlite is installed names its version (node_modules/.pnpm/@electric-sql+pglite@0.5.16/…).
    hash.update(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    for (const file of filesOf(MIGRATIONS_DIR)) hash.update(path.relative(MIGRATIONS_DIR, file)).update(readFileSync(file));
    const file = path.join(tmpdir(), `clausewise-test-db-${hash.digest("hex").slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const dump = await client.dumpDataDir("none");
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  })();
  return template;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL, dropped again on close. Reruns and
 * parallel files never share rows.
 */
export async function createTestDatabase(databaseUrl: string | undefined): Promise<Database> {
  if (!databaseUrl) {
    // TEST_PGLITE_THREAD=1: through the worker thread the serving processes use (db/pglite-thread.ts).
    const thread = loadConfig().testPgliteThread;
    const database = await openDatabase({ dataDir: "memory://", pgliteThread: thread, ...(thread ? {} : { template: await migratedTemplate() }) });
    // A no-op on the template (every migration is recorded in it); the full run without one.
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
