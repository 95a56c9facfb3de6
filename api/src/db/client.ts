import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Sql, TransactionSql } from "postgres";
import { PGliteThread } from "./pglite-thread";
import * as schema from "./schema";
import { databaseUnavailableCode } from "./unavailable";

export type Schema = typeof schema;
/** The driver-neutral database handle: PGlite and PostgreSQL share this surface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` hears every NOTIFY on it, from any process sharing the database,
   * when the notifying transaction commits. Resolves to the unsubscribe.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connection-level failure behind `error` (server unreachable, gone, refusing), or null. */
  unavailableCode(error: unknown): string | null;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

const CONNECT_TIMEOUT_SECONDS = 10;
const MAX_RECONNECT_DELAY_SECONDS = 2;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; "memory://" (or undefined with no url) keeps it in memory. */
  dataDir?: string | undefined;
  maxConnections?: number;
  /** PGlite's shared_buffers (PostgreSQL units, e.g. "16MB"); DEFAULT_PGLITE_SHARED_BUFFERS when absent. */
  pgliteSharedBuffers?: string | undefined;
  /**
   * PGlite in a worker thread of its own (db/pglite-thread.ts) rather than on the calling thread: what
   * the serving processes use (runtime.ts), so no statement holds their event loop. Off by default:
   * scripts and tests that are the database's only user gain nothing from the thread.
   */
  pgliteThread?: boolean;
  /**
   * An in-memory PGlite starts from this dump of a data directory (PGlite's `dumpDataDir`) instead of
   * running initdb: tests start from a migrated database in ~0.6 s instead of ~3.5 s (test/db.ts).
   */
  template?: Blob;
}

/**
 * PGlite's buffer pool. Its data directory's postgresql.conf says 128MB (initdb's default), and PGlite
 * touches the whole pool at start-up: 128 MB of a fresh server's RSS (552 MB on PGlite against 307 MB on
 * PostgreSQL, issue 15). PGlite reads its data files through Node's file system, so a page not in the
 * pool comes from the OS page cache rather than the disk; an embedded deployment's working set (the live
 * documents' log and state rows, the lists) is a few MB. PGLITE_SHARED_BUFFERS sets it otherwise.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = "16MB";

/**
 * Works around a postgres.js 3.4.9 defect (porsager/postgres#1154, #1208): when the connection of a
 * transaction is lost, the driver still sends ROLLBACK (or ROLLBACK TO a savepoint) on it; that
 * write runs in a setImmediate against a socket that is gone and throws an uncaught TypeError,
 * which ends the process, and it leaves the connection unable to send anything again. By then the
 * transaction has already failed (begin() rejects as its connection closes) and the server has
 * rolled back what it had. So a transaction body that failed because its connection is gone is left
 * unsettled: the driver never reaches its ROLLBACK, and the caller gets begin()'s rejection.
 */
/**
 * Statements that recur are prepared. drizzle asks postgres.js for an unnamed statement unless a
 * query is given a name, and postgres.js describes every unnamed statement with parameters before it
 * runs it: two round trips to the server (and two wake-ups of its backend) per query. A text seen
 * before runs as a prepared statement instead (postgres.js keeps it per connection: bind and execute,
 * one round trip; the server plans it once). The number of texts prepared is capped, so texts that
 * vary with their input (lists of values) never fill the server with statements: past the cap, new
 * texts run unnamed as before. A statement the server no longer knows, or whose plan a migration
 * invalidated, is re-prepared by postgres.js itself.
 */
export class RecurringStatements {
  private readonly seen = new Set<string>();
  private readonly prepared = new Set<string>();

  constructor(
    private readonly maxPrepared = 500,
    private readonly maxSeen = 5_000,
  ) {}

  /** Whether this run of `query` should use a prepared statement. */
  prepare(query: string): boolean {
    if (this.prepared.has(query)) return true;
    if (this.seen.has(query)) {
      if (this.prepared.size >= this.maxPrepared) return false;
      this.seen.delete(query);
      this.prepared.add(query);
      return true;
    }
    if (this.seen.size >= this.maxSeen) this.seen.clear();
    this.seen.add(query);
    return false;
  }

  get preparedCount(): number {
    return this.prepared.size;
  }
}

type Unsafe = (query: string, parameters?: unknown[], options?: { prepare?: boolean }) => unknown;

const preparingRecurring = (unsafe: Unsafe, statements: RecurringStatements): Unsafe =>
  function (this: unknown, query, parameters, options) {
    const prepare = options?.prepare === false && parameters !== undefined && parameters.length > 0 && statements.prepare(query);
    return unsafe.call(this, query, parameters, prepare ? { ...options, prepare: true } : options);
  };

function guardTransactions(client: Sql, lost: (error: unknown) => string | null, statements: RecurringStatements): Sql {
  const guard =
    (body: (sql: TransactionSql) => unknown) =>
    (sql: TransactionSql): Promise<unknown> =>
      Promise.resolve()
        .then(() => body(guardScope(sql)))
        .catch((error: unknown) => {
          if (lost(error)) return new Promise<never>(() => {});
          throw error;
        });
  const withGuardedBody = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    const body = args.pop() as (sql: TransactionSql) => unknown;
    return method(...args, guard(body));
  };
  // The client and every transaction scope: its method that opens a nested scope (`begin` on the
  // client, `savepoint` in a transaction) runs a guarded body, and `unsafe` prepares recurring texts.
  const wrap = <S extends Sql | TransactionSql>(scope: S, opener: "begin" | "savepoint"): S =>
    new Proxy(scope, {
      get: (target, property, receiver) =>
        property === opener
          ? withGuardedBody(Reflect.get(target, property, receiver) as never)
          : property === "unsafe"
            ? preparingRecurring(target.unsafe as Unsafe, statements)
            : (Reflect.get(target, property, receiver) as unknown),
    });
  const guardScope = (sql: TransactionSql): TransactionSql => wrap(sql, "savepoint");
  return wrap(client, "begin");
}

/**
 * A new cluster in `dataDir`, made by a process of its own (pglite-init.mjs) that exits when done:
 * initdb leaves PGlite's memory at some 600 MB, which a serving process that ran it keeps for good
 * (a first start ended at 840 MB of RSS against 400 MB for the same server restarted). Nothing to do
 * when the directory already holds a cluster.
 */
async function createClusterApart(dataDir: string, extraStartParams: string[]): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = fileURLToPath(new URL("./pglite-init.mjs", import.meta.url));
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [script, dataDir, JSON.stringify(extraStartParams)], { env: {}, timeout: 120_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`Could not create the embedded database in ${dataDir}: ${stderr.trim() || error.message}`)) : resolve(),
    ),
  );
}

/*
 * Each driver is loaded only when its database is opened: a server on PostgreSQL never loads PGlite,
 * one on PGlite never loads postgres.js, and with PGlite in its thread (the served default) the
 * WebAssembly build is loaded there, not in the serving thread (issue 15: fresh server RSS).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import("postgres"),
      import("drizzle-orm/postgres-js"),
      import("drizzle-orm/postgres-js/migrator"),
    ]);
    // A server that does not answer fails the request within seconds (503) instead of the driver's
    // 30 s; a lost connection leaves the pool and is replaced on the next query, and the wait between
    // attempts after failures stays short (the driver's own grows to 20 s), so requests during an
    // outage fail promptly and service resumes as soon as the server is back.
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      prepare: true,
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, MAX_RECONNECT_DELAY_SECONDS) * (0.5 + Math.random() / 2),
    });
    const ports = client.options.port;
    const unavailableCode = (error: unknown) => databaseUnavailableCode(error, ports);
    const db = drizzlePostgres(guardTransactions(client, unavailableCode, new RecurringStatements()), { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await client`select 1`;
      },
      // One dedicated connection of the driver, re-established (and LISTEN repeated) after a loss.
      listen: async (channel, onNotify) => {
        const { unlisten } = await client.listen(channel, onNotify);
        return unlisten;
      },
      unavailableCode,
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  const extraStartParams = ["-c", `shared_buffers=${options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`];
  const inProcess = async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const pgliteOptions = { startParams: [...PGlite.defaultStartParams, ...extraStartParams] };
    return dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite({ ...pgliteOptions, ...(options.template ? { loadDataDir: options.template } : {}) });
  };
  if (options.pgliteThread && dataDir) await createClusterApart(dataDir, extraStartParams);
  const client = options.pgliteThread ? new PGliteThread({ dataDir, extraStartParams }) : await inProcess();
  await client.waitReady;
  // drizzle's driver calls only query and transaction, which the thread's client has with PGlite's signatures.
  const driverClient = client as PGlite;
  const db = drizzlePglite(driverClient, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(driverClient), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    // In-process (or in a thread of this process): there is no connection to lose.
    unavailableCode: () => null,
    close: () => client.close(),
  };
}
