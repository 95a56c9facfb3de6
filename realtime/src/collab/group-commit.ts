import { DocumentLockedError } from "@clausewise/api/collab/index";
import type { Logger } from "@clausewise/api/logger";
import { metrics } from "@clausewise/api/metrics";
import type { DocumentPersistence, GroupAppended } from "./persistence";

const updateLogWrite = metrics.histogram("clausewise_collab_update_log_write_seconds", "Time to commit one group of live-document updates (every document with pending updates) to the update log.");

const groupDocuments = metrics.histogram("clausewise_collab_group_commit_documents", "Documents whose updates one update-log write (group commit) carried.", [1, 2, 5, 10, 20, 50, 100, 200, 500]);

export interface GroupCommitOptions {
  /** 0: a write starts on the next turn of the event loop (setImmediate); otherwise it waits this long for others. */
  lingerMs: number;
  /**
   * Under load only (lingerMs 0): a write starts at least this long after the previous one started,
   * so its group carries what arrived meanwhile; when none started that recently it starts at once,
   * so a quiet instance adds no wait (PostgreSQL's commit_delay with commit_siblings, per process).
   */
  spacingMs?: number;
  /** At most this many updates per write (the rest go in the next one, right after it commits). */
  maxUpdates: number;
  /** …and about this many bytes. */
  maxBytes: number;
  /**
   * Writes in flight at once, each of different documents: 1 on PGlite (one connection, statements
   * run one after the other anyway); a few on PostgreSQL, where a commit waits for its WAL flush and
   * the next tick's updates need not wait behind it.
   */
  parallelWrites: number;
}

export interface DocumentLogHandlers<T> {
  /**
   * Called synchronously as soon as the write holding these entries committed, in arrival order,
   * with the log ids of the rows stored (empty when the write did not say).
   */
  committed(entries: T[], ids: number[]): void;
  /** Called when these entries could not be written; they are dropped. */
  failed(entries: T[], error: unknown): void;
}

/**
 * One document's queue of updates waiting for the shared writer. At most one batch of a document
 * is being written at a time, so a document's batches commit, and are handed to `committed`, in
 * the order its updates arrived.
 */
export class DocumentLog<T extends { update: Uint8Array }> {
  /** @internal */ queue: T[] = [];
  /** @internal */ inFlight: T[] = [];
  private drained: (() => void)[] = [];

  constructor(
    readonly contractId: string,
    private readonly writer: GroupCommit,
    /** @internal */ readonly handlers: DocumentLogHandlers<T>,
  ) {}

  add(entry: T): void {
    this.queue.push(entry);
    this.writer.ready(this);
  }

  /** Entries accepted but not yet committed (queued or being written), oldest first. */
  pending(): readonly T[] {
    return this.inFlight.length === 0 ? this.queue : [...this.inFlight, ...this.queue];
  }

  /** Resolves once everything accepted so far (and anything added meanwhile) is written or dropped. */
  flush(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  /** @internal The writer took `count` entries for a write. */
  take(count: number): T[] {
    this.inFlight = this.queue.splice(0, count);
    return this.inFlight;
  }

  /** @internal The write of the entries in flight ended (`ids`: the log rows stored, when known). */
  settle(error: unknown, ids: number[] = []): void {
    const entries = this.inFlight;
    this.inFlight = [];
    if (error === null) this.handlers.committed(entries, ids);
    else this.handlers.failed(entries, error);
    if (this.queue.length > 0) this.writer.ready(this);
    else for (const resolve of this.drained.splice(0)) resolve();
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the writer holds logs of any entry type */
type AnyLog = DocumentLog<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Group commit across documents (DECISIONS.md "Live documents: group commit"): one writer per
 * process takes, every tick, the pending updates of every document and appends them in one
 * transaction (one multi-row INSERT); as soon as it commits, each document's batch is applied and
 * relayed. While a write is in flight, updates gather for the next, which starts on the next tick
 * if a lane is free (`parallelWrites`), else as soon as a write commits; a document is in one write
 * at a time, so its batches commit in order. A document whose contract row is held by someone else (an approval,
 * a refresh of the derived content) is written on its own, waiting for the row, so it never holds
 * up the others; a group that fails is retried document by document, so one document's fault closes
 * only its own senders.
 */
export class GroupCommit {
  /** Documents with queued updates and no write in flight, in the order they became ready. */
  private readonly waiting = new Set<AnyLog>();
  private scheduled = false;
  /** Writes in flight (each of other documents). */
  private writing = 0;
  /** When the last write started (performance.now()). */
  private lastStart = -Infinity;

  constructor(
    private readonly store: DocumentPersistence,
    private readonly logger: Logger,
    private readonly options: GroupCommitOptions,
  ) {}

  /** @internal A document has queued updates. */
  ready(log: AnyLog): void {
    if (log.inFlight.length > 0) return; // taken up again when its write ends
    this.waiting.add(log);
    this.kick();
  }

  private kick(): void {
    if (this.writing >= this.options.parallelWrites || this.scheduled || this.waiting.size === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      if (this.writing >= this.options.parallelWrites || this.waiting.size === 0) return;
      this.writing++;
      this.lastStart = performance.now();
      void this.writeGroup().finally(() => {
        this.writing--;
        this.kick();
      });
      this.kick(); // more than one write's worth waiting, or updates of the next tick: another lane
    };
    const wait = this.options.lingerMs > 0 ? this.options.lingerMs : this.lastStart + (this.options.spacingMs ?? 0) - performance.now();
    if (wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  }

  private async writeGroup(): Promise<void> {
    const group = this.take();
    const started = performance.now();
    const outcomes = await this.write(group);
    updateLogWrite.observe({}, (performance.now() - started) / 1000);
    groupDocuments.observe({}, group.length);
    for (let i = 0; i < group.length; i++) {
      const log = group[i]!;
      const result = outcomes[i]!;
      if (result instanceof Error) this.settle(log, result);
      else if (result.outcome === "busy") this.writeAlone(log);
      else if (result.outcome === "locked") this.settle(log, new DocumentLockedError(log.contractId));
      else this.settle(log, null, result.ids);
    }
  }

  /** The next group: every waiting document's queue, oldest documents first, within the size caps. */
  private take(): AnyLog[] {
    const group: AnyLog[] = [];
    let updates = 0;
    let bytes = 0;
    for (const log of this.waiting) {
      if (group.length > 0 && (updates >= this.options.maxUpdates || bytes >= this.options.maxBytes)) break;
      let count = 0;
      for (const entry of log.queue as { update: Uint8Array }[]) {
        if (count > 0 && (updates >= this.options.maxUpdates || bytes >= this.options.maxBytes)) break;
        count++;
        updates++;
        bytes += entry.update.byteLength;
      }
      this.waiting.delete(log);
      log.take(count);
      group.push(log);
    }
    return group;
  }

  /** Resolves per document: "stored" (with the ids), "locked", "busy" (write it alone), or the error that failed it. */
  private async write(group: AnyLog[]): Promise<(GroupAppended | Error)[]> {
    const batches = group.map((log) => ({ contractId: log.contractId, updates: (log.inFlight as { update: Uint8Array }[]).map((e) => e.update) }));
    if (this.store.appendGroup) {
      try {
        return await this.store.appendGroup(batches);
      } catch (error) {
        this.logger.warn({ err: error, documents: group.length }, "collab: a group commit failed; writing its documents one by one");
      }
    }
    // A store without group writes, or a failed group: each on its own (an update
    // stored twice is harmless, so retrying a group whose commit was in doubt is safe).
    return Promise.all(
      batches.map((b) =>
        this.store.append(b.contractId, b.updates).then(
          (): GroupAppended => ({ outcome: "stored", ids: [] }),
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      ),
    );
  }

  /** A document whose row someone holds: written on its own, waiting for the row, without holding up the group. */
  private writeAlone(log: AnyLog): void {
    const updates = (log.inFlight as { update: Uint8Array }[]).map((e) => e.update);
    void this.store.append(log.contractId, updates).then(
      () => this.settle(log, null),
      (error: unknown) => this.settle(log, error ?? new Error("write failed")),
    );
  }

  private settle(log: AnyLog, error: unknown, ids?: number[]): void {
    try {
      log.settle(error, ids);
    } catch (e) {
      this.logger.error({ err: e, contractId: log.contractId }, "collab: handling a committed batch failed");
    }
  }
}
