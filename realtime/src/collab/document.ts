import * as awarenessProtocol from "y-protocols/awareness";
import * as Y from "yjs";
import { DocumentLockedError } from "@clausewise/api/collab/index";
import type { Logger } from "@clausewise/api/logger";
import { DocumentLog, GroupCommit } from "./group-commit";
import { CollabConnection } from "./connection";
import type { CollabFanout } from "./fanout";
import type { CollabOptions } from "./options";
import { UpdateGuard, type Ticket } from "./guards";
import type { DocumentPersistence, LiveCoverage } from "./persistence";
import {
  awarenessClientIds,
  encodeAwareness,
  encodeSyncStep1,
  encodeSyncStep2,
  MalformedMessage,
  updateHasContent,
  updateMessagePrefix,
  type IncomingMessage,
} from "./protocol";
import { BackgroundQueue } from "./background-queue";
import type { SuggestionSync } from "./suggestion-sync";
import { checkSuggestionUpdate } from "./suggestions";
import { binaryFrame, frameMessage } from "./socket";

/** Transaction origins of changes that were stored elsewhere (not by a client of this instance). */
export const STORED_ELSEWHERE = { bus: Symbol("bus"), fanout: Symbol("fanout"), store: Symbol("store") } as const;

/** Transaction origin of a batch this instance stored for several of its clients. */
const LOCAL_BATCH = Symbol("local batch");

interface Entry {
  update: Uint8Array;
  from: CollabConnection;
  /** The guards' record of it until it is applied. */
  ticket: Ticket;
}

export interface DocumentDeps {
  persistence: DocumentPersistence;
  fanout: CollabFanout;
  logger: Logger;
  options: CollabOptions;
  /** Keeps document_changes in step with the suggestion marks (suggestion-sync.ts); optional. */
  suggestions?: SuggestionSync;
  /** The process's update-log writer, shared by every document (group commit); a document alone gets its own. */
  groupCommit?: GroupCommit;
  /** Refreshes of derived content and compactions, one task at a time for all documents (background-queue.ts); a document alone runs its own. */
  backgroundQueue?: BackgroundQueue;
}

/** The update-log writer of a set of documents (the registry's, or one document's in tests). */
export function createGroupCommit(deps: Pick<DocumentDeps, "persistence" | "logger" | "options">): GroupCommit {
  const { batchDelayMs, batchSpacingMs, batchMaxUpdates, batchMaxBytes, batchParallelWrites } = deps.options;
  return new GroupCommit(deps.persistence, deps.logger, { lingerMs: batchDelayMs, spacingMs: batchSpacingMs, maxUpdates: batchMaxUpdates, maxBytes: batchMaxBytes, parallelWrites: Math.max(1, batchParallelWrites) });
}

/**
 * One loaded document on this instance: the Y.Doc, presence, the connected clients, and the path
 * of a client's change: validate → store (batched) → apply → relay. An update is applied to the
 * in-memory document, and so relayed to anyone, only after its INSERT committed.
 */
export class LiveDocument {
  readonly connections = new Set<CollabConnection>();
  readonly awareness: awarenessProtocol.Awareness;
  /** Which local connection announced each awareness client id. */
  private readonly awarenessOwners = new Map<number, CollabConnection>();
  /** Connections being set up (authenticated, not yet joined); the document stays loaded for them. */
  reserved = 0;
  /** The contract was erased (contract:deleted): nothing more is stored for it, and unloading writes nothing. */
  erased = false;
  private readonly log: DocumentLog<Entry>;
  private readonly backgroundQueue: BackgroundQueue;
  private readonly guard: UpdateGuard;
  private storedSinceCompaction = 0;
  private compactTimer: NodeJS.Timeout | null = null;
  private lastCompactionAt = 0;
  /** When the pending refresh of the derived content must run at the latest. */
  private derivedDueBy: number | null = null;
  private derivedTimer: NodeJS.Timeout | null = null;
  private derivedDirty = false;
  /** When the last change came (Date.now()): the refresh waits for a pause after it. */
  private lastChangeAt = 0;
  private compaction: Promise<void> | null = null;
  private compactAgain = false;
  /** What of the stored document this one holds (refreshes of the derived content catch it up and render it). */
  private readonly coverage: LiveCoverage = {
    stateVersion: null,
    logIds: new Set(),
    apply: (updates) => {
      for (const update of updates) this.applyStored(update, STORED_ELSEWHERE.store);
    },
  };

  /** Updates accepted from clients and not yet committed to the log (the update log's lag, in updates). */
  get pendingUpdates(): number {
    return this.log.pending().length;
  }

  constructor(
    readonly contractId: string,
    readonly doc: Y.Doc,
    private readonly deps: DocumentDeps,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null); // the server is no participant
    this.log = new DocumentLog<Entry>(contractId, deps.groupCommit ?? createGroupCommit(deps), {
      committed: (entries, ids) => this.stored(entries, ids),
      failed: (entries, error) => {
        for (const entry of entries) this.guard.settled(entry.ticket, false);
        // Approved (or submitted) meanwhile: the text is locked and the edit is refused, not retried.
        const locked = error instanceof DocumentLockedError;
        if (locked) deps.logger.info({ contractId, updates: entries.length }, "collab: refused edits to a locked contract");
        else deps.logger.error({ err: error, contractId, updates: entries.length }, "collab: storing updates failed; their senders resync");
        for (const from of new Set(entries.map((e) => e.from))) from.close(locked ? "locked" : "storageFailed");
      },
    });
    this.backgroundQueue = deps.backgroundQueue ?? new BackgroundQueue();
    this.guard = new UpdateGuard(doc, deps.options.maxDocumentChars);
    doc.on("afterTransaction", this.afterTransaction);
    this.awareness.on("update", this.relayAwareness);
  }

  get idle(): boolean {
    return this.connections.size === 0 && this.reserved === 0;
  }

  join(connection: CollabConnection): void {
    this.connections.add(connection);
    connection.send(encodeSyncStep1(this.doc));
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) connection.send(encodeAwareness(this.awareness, present));
  }

  leave(connection: CollabConnection): void {
    if (!this.connections.delete(connection)) return;
    if (connection.awarenessClients.size > 0) {
      awarenessProtocol.removeAwarenessStates(this.awareness, [...connection.awarenessClients], connection);
    }
  }

  /** Handles one message of a client; throws MalformedMessage for anything it cannot read. */
  receive(connection: CollabConnection, message: IncomingMessage): void {
    switch (message.kind) {
      case "sync-step1": {
        let reply: Uint8Array;
        try {
          reply = encodeSyncStep2(this.doc, message.stateVector);
        } catch (error) {
          throw new MalformedMessage(`bad state vector: ${String(error)}`);
        }
        connection.send(reply);
        return;
      }
      case "sync-step2":
      case "update":
        return this.receiveUpdate(connection, message.update);
      case "awareness":
        // A client speaks for its own presence only: a state another connection announced is not its to change.
        if (awarenessClientIds(message.update).some((id) => (this.awarenessOwners.get(id) ?? connection) !== connection)) return;
        try {
          awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, connection);
        } catch (error) {
          throw new MalformedMessage(`bad awareness update: ${String(error)}`);
        }
        return;
      case "query-awareness":
        connection.send(encodeAwareness(this.awareness, [...this.awareness.getStates().keys()]));
        return;
    }
  }

  private receiveUpdate(connection: CollabConnection, update: Uint8Array): void {
    // Read-only: dropped unseen, never stored or applied; the client still receives everything.
    if (connection.mode === "read-only") return;
    if (!updateHasContent(update)) return;
    const verdict = this.guard.check(update, () => this.log.pending().map((e) => e.update));
    if (!verdict.accepted) {
      this.deps.logger.info({ contractId: this.contractId, userId: connection.userId, why: verdict.why }, "collab: refused an update");
      connection.close(verdict.close);
      return;
    }
    // Suggestions are signed by their real author and never grow with someone else's text (issue 14);
    // reviewers' updates must in addition leave the accepted text unchanged.
    const waiting = this.log.pending().map((e) => e.update);
    const rule = checkSuggestionUpdate(this.doc, waiting, update, { authorId: connection.userId, suggestOnly: connection.mode === "suggest" });
    if (rule !== "ok") {
      this.deps.logger.info({ contractId: this.contractId, userId: connection.userId, rule }, "collab: refused an edit of suggestions");
      this.guard.settled(verdict.ticket, false);
      connection.close(rule);
      return;
    }
    this.log.add({ update, from: connection, ticket: verdict.ticket });
  }

  /**
   * After the INSERT committed: apply in arrival order, in one transaction, so the update handler
   * relays the whole batch as one frame. A batch of one sender is relayed to everyone else; a batch
   * of several goes to every client, its senders included (as the stock y-websocket server does:
   * applying an update one already has changes nothing), rather than one frame per update per peer.
   */
  private stored(entries: Entry[], ids: number[]): void {
    for (const id of ids) this.coverage.logIds.add(id);
    const senders = new Set(entries.map((e) => e.from));
    const origin = senders.size === 1 ? entries[0]!.from : LOCAL_BATCH;
    this.applying(
      entries.map((e) => e.update),
      () =>
        this.doc.transact(() => {
          for (const entry of entries) {
            this.guard.settled(entry.ticket, true);
            try {
              Y.applyUpdate(this.doc, entry.update, origin);
            } catch (error) {
              this.applied = null; // relay what the document took, not these bytes
              this.deps.logger.error({ err: error, contractId: this.contractId }, "collab: a stored update did not apply");
              entry.from.close("malformed");
            }
          }
        }, origin),
    );
    this.storedSinceCompaction += entries.length;
    this.scheduleCompaction();
  }

  /** What of the store the document was loaded from: its first refresh and compaction need not read it back. */
  holds(stateVersion: string | null, logIds: readonly number[]): void {
    this.coverage.stateVersion = stateVersion;
    for (const id of logIds) this.coverage.logIds.add(id);
  }

  /** An update another process already stored (a REST edit, another instance, a reload). */
  applyStored(update: Uint8Array, origin: symbol): void {
    this.applying([update], () => Y.applyUpdate(this.doc, update, origin));
    this.guard.appliedElsewhere(update);
  }

  /**
   * The document was loaded with edits still in the update log: after a crash, the derived text and
   * HTML (contracts.content, plainText: downloads, search, /text) may lack them until refreshed.
   */
  refreshDerivedSoon(): void {
    this.derivedDirty = true;
    this.scheduleDerived();
  }

  /** The same, at once (start-up recovery). */
  refreshDerivedNow(): Promise<void> {
    this.derivedDirty = true;
    return this.refreshDerived();
  }

  applyRemoteAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, STORED_ELSEWHERE.fanout);
  }

  /**
   * Runs `apply`, which applies exactly `updates` in one transaction: that transaction, if it changes
   * the document, is relayed as these updates themselves (merged when several), not as Yjs's encoding
   * of the transaction (the document has no "update" listener, so Yjs encodes nothing). They hold
   * what the transaction added and possibly more the peers already have (harmless: applying it
   * changes nothing). Not when structs of an earlier update were still waiting for a missing one:
   * the transaction may integrate those too, so its whole difference is relayed.
   */
  private applying(updates: Uint8Array[], apply: () => void): void {
    const store = this.doc.store;
    this.applied = store.pendingStructs === null && store.pendingDs === null ? updates : null;
    try {
      apply();
    } finally {
      this.applied = null;
    }
  }

  /** The updates being applied (see `applying`), or null: relay the transaction's difference. */
  private applied: Uint8Array[] | null = null;

  private readonly afterTransaction = (transaction: Y.Transaction) => {
    // Yjs's own test of whether a transaction makes an update (writeUpdateMessageFromTransaction).
    let changed = transaction.deleteSet.clients.size > 0;
    if (!changed) for (const [client, clock] of transaction.afterState) if (transaction.beforeState.get(client) !== clock) changed = true;
    if (!changed) return;
    const applied = this.applied;
    const update =
      applied === null
        ? Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(transaction.beforeState))
        : applied.length === 1
          ? applied[0]!
          : Y.mergeUpdates(applied);
    this.relayUpdate(update, transaction.origin);
  };

  private readonly relayUpdate = (update: Uint8Array, origin: unknown) => {
    // Every change, wherever it was stored: instances holding the same document then all derive the
    // same converged content, whichever writes last (the store skips a write that changes nothing).
    this.derivedDirty = true;
    this.scheduleDerived();
    const wire = binaryFrame(update, updateMessagePrefix(update.byteLength));
    const message = frameMessage(wire);
    for (const connection of this.connections) if (connection !== origin) connection.send(message, wire);
    // Only what this instance stored travels to the others; REST edits reach every instance on the bus.
    if (origin instanceof CollabConnection || origin === LOCAL_BATCH) this.deps.fanout.publish(this.contractId, { kind: "update", data: update });
  };

  private readonly relayAwareness = (changes: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    const changed = [...changes.added, ...changes.updated, ...changes.removed];
    if (origin instanceof CollabConnection) {
      for (const id of [...changes.added, ...changes.updated]) {
        origin.awarenessClients.add(id);
        this.awarenessOwners.set(id, origin);
      }
    }
    for (const id of changes.removed) {
      this.awarenessOwners.get(id)?.awarenessClients.delete(id);
      this.awarenessOwners.delete(id);
    }
    // Everyone, the sender included: the stock client drops a connection that hears nothing for 30 s,
    // and its own presence renewal (every 15 s) is what it hears on a quiet document.
    const frame = encodeAwareness(this.awareness, changed);
    const wire = this.connections.size > 1 ? binaryFrame(frame) : undefined;
    for (const connection of this.connections) connection.send(frame, wire);
    if (origin !== STORED_ELSEWHERE.fanout) {
      this.deps.fanout.publish(this.contractId, { kind: "awareness", data: awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed) });
    }
  };

  /** After the threshold of stored updates, as soon as the minimum interval allows; otherwise once quiet. */
  private scheduleCompaction(): void {
    if (this.compactTimer) clearTimeout(this.compactTimer);
    this.compactTimer = null;
    const { compactAfterUpdates, compactQuietMs, compactMinIntervalMs } = this.deps.options;
    const delay = this.storedSinceCompaction >= compactAfterUpdates ? Math.max(0, this.lastCompactionAt + compactMinIntervalMs - Date.now()) : compactQuietMs;
    if (delay === 0) void this.compact();
    else this.compactTimer = setTimeout(() => void this.compact(), delay);
  }

  /**
   * Debounced, but never postponed beyond the maximum wait by changes that keep coming. The maximum
   * wait is drawn anew each time between half and all of `derivedMaxWaitMs`, so documents typed in
   * together do not all come due at the same moment; the render queue then runs them one at a time.
   */
  private scheduleDerived(): void {
    const now = Date.now();
    this.lastChangeAt = now;
    this.derivedDueBy ??= now + Math.round(this.deps.options.derivedMaxWaitMs * (0.5 + Math.random() / 2));
    // One timer, not one per change: when it fires early (changes came meanwhile) it is set again for what is left.
    if (this.derivedTimer === null) this.armDerived(now);
  }

  private armDerived(now: number): void {
    const due = Math.min(this.lastChangeAt + this.deps.options.derivedDebounceMs, this.derivedDueBy ?? now);
    this.derivedTimer = setTimeout(() => {
      this.derivedTimer = null;
      const at = Date.now();
      if (this.derivedDueBy !== null && at < Math.min(this.lastChangeAt + this.deps.options.derivedDebounceMs, this.derivedDueBy)) this.armDerived(at);
      else void this.refreshDerived();
    }, Math.max(0, due - now));
  }

  /** Folds the log into the state row, off the hot path; one compaction at a time. */
  compact(): Promise<void> {
    if (this.compactTimer) clearTimeout(this.compactTimer);
    this.compactTimer = null;
    if (this.erased) return Promise.resolve();
    if (this.compaction) {
      this.compactAgain = true;
      return this.compaction;
    }
    this.storedSinceCompaction = 0;
    this.lastCompactionAt = Date.now();
    this.compaction = this.backgroundQueue
      .enqueue(`compact:${this.contractId}`, () =>
        this.deps.persistence.compact(this.contractId, { doc: this.doc, coverage: this.coverage }).catch((error: unknown) => this.deps.logger.error({ err: error, contractId: this.contractId }, "collab: compaction failed")),
      )
      .finally(() => {
        this.compaction = null;
        if (this.compactAgain) {
          this.compactAgain = false;
          void this.compact();
        }
      });
    return this.compaction;
  }

  /** Takes its turn in the background queue (one document re-renders or compacts at a time). */
  private refreshDerived(): Promise<void> {
    if (this.derivedTimer) clearTimeout(this.derivedTimer);
    this.derivedTimer = null;
    if (this.erased || !this.derivedDirty) return Promise.resolve();
    return this.backgroundQueue.enqueue(`derive:${this.contractId}`, () => this.renderDerived());
  }

  private async renderDerived(): Promise<void> {
    if (this.derivedTimer) clearTimeout(this.derivedTimer);
    this.derivedTimer = null;
    this.derivedDueBy = null;
    if (this.erased) return;
    if (!this.derivedDirty) return;
    this.derivedDirty = false;
    const refreshed = await this.deps.persistence.refreshDerived(this.contractId, this.doc, this.coverage).then(
      () => true,
      (error: unknown) => {
        this.derivedDirty = true;
        this.deps.logger.error({ err: error, contractId: this.contractId }, "collab: refreshing derived content failed");
        return false;
      },
    );
    if (refreshed && this.deps.suggestions) {
      await this.deps.suggestions.sync(this.contractId, this.doc).catch((error: unknown) => {
        this.deps.logger.error({ err: error, contractId: this.contractId }, "collab: syncing suggestions failed");
      });
    }
  }

  /** Writes every update accepted so far. */
  flush(): Promise<void> {
    return this.log.flush();
  }

  /** Unload: store what is pending, compact, refresh the derived content, free the memory. */
  async unload(): Promise<void> {
    if (!this.erased) {
      await this.flush();
      while (this.compaction) await this.compaction;
      await this.compact();
      await this.refreshDerived();
    }
    if (this.compactTimer) clearTimeout(this.compactTimer);
    this.awareness.off("update", this.relayAwareness);
    this.doc.off("afterTransaction", this.afterTransaction);
    this.awareness.destroy();
    this.doc.destroy();
  }
}
