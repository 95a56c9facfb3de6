import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "@clausewise/api/db/client";

/** Where a child server keeps its data: a postgres URL or a PGlite data directory. */
export type DatabaseLocation = { url: string } | { dataDir: string };

export interface ThrowawayDatabase {
  location: DatabaseLocation;
  /** Drops the database or removes the directory. */
  drop(): Promise<void>;
}

/**
 * A database of its own for a crash test, outliving the processes that use it: a new database on
 * `databaseUrl`'s server, or (without one) a PGlite data directory under the temp dir.
 */
export async function throwawayDatabase(databaseUrl: string | undefined, label = "durability"): Promise<ThrowawayDatabase> {
  if (!databaseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `cw-${label}-`));
    return { location: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `cw_${label.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  const admin = await openDatabase({ url: databaseUrl, maxConnections: 1 });
  await admin.db.execute(`create database "${name}"`);
  await admin.close();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    location: { url: url.toString() },
    async drop() {
      const dropper = await openDatabase({ url: databaseUrl, maxConnections: 1 });
      await dropper.db.execute(`drop database if exists "${name}" with (force)`);
      await dropper.close();
    },
  };
}

/** Opens the database in this process. PGlite is single-process: close it before a child opens the directory. */
export function openLocation(location: DatabaseLocation): Promise<Database> {
  return openDatabase("url" in location ? { url: location.url, maxConnections: 2 } : { dataDir: location.dataDir });
}

/**
 * Reads what a killed server left behind without touching its files: PGlite opens a copy of the
 * data directory (so the next child still recovers from the crashed one itself); PostgreSQL is read
 * directly.
 */
export async function readAfterCrash<T>(location: DatabaseLocation, read: (database: Database) => Promise<T>): Promise<T> {
  let copy: string | undefined;
  if ("dataDir" in location) {
    copy = mkdtempSync(path.join(tmpdir(), "cw-crash-copy-"));
    cpSync(location.dataDir, copy, { recursive: true });
  }
  const database = await openLocation(copy ? { dataDir: copy } : location);
  try {
    return await read(database);
  } finally {
    await database.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}
