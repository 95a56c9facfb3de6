import { sql } from "drizzle-orm";
import type { AppDeps } from "../context";

/**
 * After rows were erased, make sure no copy stays in the embedded database's files (issue 12).
 *
 * A DELETE only marks tuples dead, and a plain VACUUM frees their space without overwriting it (we
 * found the bytes still in the heap page afterwards), so the tables are rewritten (VACUUM FULL: new
 * files, the old ones unlinked at the checkpoint). The write-ahead log holds the rows too: the
 * segment is switched and, with recycling off, the old segments are deleted at the checkpoint
 * instead of being renamed for reuse with their contents.
 *
 * PGlite only: it is this process's own data directory, one connection, small tables. On PostgreSQL
 * the server's autovacuum reclaims the space; what its files, WAL archive and backups keep is the
 * operator's retention policy (docs/SECURITY.md, V14).
 */
export async function scrubFreedSpace(deps: Pick<AppDeps, "database" | "db" | "logger">, tables: readonly string[]): Promise<void> {
  if (deps.database.kind !== "pglite" || tables.length === 0) return;
  try {
    await deps.db.execute(sql.raw("SET wal_recycle = off"));
    await deps.db.execute(sql.raw(`VACUUM (FULL) ${tables.map((t) => `"${t.replace(/"/g, "")}"`).join(", ")}`));
    await deps.db.execute(sql.raw("CHECKPOINT"));
    await deps.db.execute(sql.raw("SELECT pg_switch_wal()"));
    await deps.db.execute(sql.raw("CHECKPOINT"));
  } catch (error) {
    // The rows are gone either way; the space is rewritten by the next erasure or VACUUM.
    deps.logger.warn({ err: error }, "erasure: rewriting the freed space failed");
  }
}
