import { Worker } from "node:worker_threads";

/*
 * The embedded database (PGlite) in a worker thread (issue 15). PGlite is PostgreSQL compiled to
 * WebAssembly and runs on the thread that calls it: in the serving process every statement (each
 * group commit of live edits, a compaction's merge, a refresh of derived text, a request's queries)
 * held the event loop, and with it the relay of every live edit. Measured with 100 documents typed
 * in at 400 edits/s, PGlite was about half of the serving thread's time.
 *
 * This is the part of PGlite's client that drizzle's PGlite driver and db/client.ts use (query,
 * exec, transaction, listen, close), each call a message to pglite-worker.mjs. Semantics are
 * PGlite's own, since the worker calls PGlite: statements run one at a time, a transaction holds
 * every other statement until it ends. What changes is only where the WebAssembly runs.
 */

interface SerializedPgError {
  name: string;
  message: string;
  /** PostgreSQL's fields of the error (code, detail, constraint, table…). */
  fields: Record<string, unknown>;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedPgError };
type Event = { type: "ready" } | { type: "failed"; error: SerializedPgError } | { type: "notify"; listener: number; payload: string };

export interface QueryOptions {
  rowMode?: "array" | "object";
  /** Type parsers by type OID. Only the identity (keep PostgreSQL's text) crosses the thread, which is all drizzle sets. */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The error PGlite would have thrown in-process: same message and name, PostgreSQL's fields as properties. */
function rebuild(error: SerializedPgError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

const PROBE = "\u0000identity?";

/** The OIDs whose values stay text; throws for a parser that does anything else (it could not cross the thread). */
function rawTypes(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE) !== PROBE) throw new Error(`PGlite in a thread: the type parser of OID ${oid} is not the identity, and functions cannot cross threads`);
    return Number(oid);
  });
}

export interface PGliteThreadOptions {
  /** The data directory; none keeps the database in memory. */
  dataDir?: string;
  /** Start-up parameters appended to PGlite's defaults (`-c name=value`), read in the thread. */
  extraStartParams?: string[];
}

/** Statements of one transaction (what PGlite's `transaction` callback gets). */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private closed: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(options: PGliteThreadOptions = {}) {
    this.worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir: options.dataDir, extraStartParams: options.extraStartParams ?? [] },
      name: "embedded database (PGlite)",
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on("message", (message: Reply | Event) => {
        if ("type" in message) {
          if (message.type === "ready") {
            if (this.pending.size === 0) this.worker.unref();
            resolve();
          }
          else if (message.type === "failed") reject(rebuild(message.error));
          else this.listeners.get(message.listener)?.(message.payload);
          return;
        }
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        if (this.pending.size === 0) this.worker.unref();
        if (message.ok) call.resolve(message.result);
        else call.reject(rebuild(message.error));
      });
      this.worker.on("error", (error) => {
        reject(error);
        this.fail(error);
      });
      this.worker.on("exit", (code) => {
        const error = new Error(`the embedded database's thread ended (exit code ${code})`);
        reject(error);
        this.fail(error);
      });
    });
    // Like PGlite in-process, the database alone does not keep the process alive: once it is ready,
    // the thread is referenced only while a call waits for it.
  }

  private fail(error: Error): void {
    this.closed ??= error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<QueryResult> {
    return this.call({ op: "query", sql, params: params ?? [], rowMode: options?.rowMode, rawTypes: rawTypes(options?.parsers), tx });
  }

  exec(sql: string, tx?: number): Promise<QueryResult[]> {
    return this.call({ op: "exec", sql, tx });
  }

  /**
   * Runs `callback` in a transaction: committed when it resolves, rolled back when it throws (its
   * error is rethrown). Every other statement waits until it ends, as with PGlite in-process.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: "begin" });
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, txId),
      exec: (sql) => this.exec(sql, txId),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: "end", tx: txId, commit: false });
      throw error;
    }
    await this.call({ op: "end", tx: txId, commit: true });
    return result;
  }

  /** LISTEN on `channel`; resolves to the unsubscribe. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.call<number>({ op: "listen", channel });
    this.listeners.set(listener, onNotify);
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: "unlisten", listener });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: "close" });
    this.closed = new Error("the embedded database is closed");
    await this.worker.terminate();
  }
}
