import * as Y from "yjs";
import { createGroupCommit, LiveDocument, STORED_ELSEWHERE, type DocumentDeps } from "./document";
import { BackgroundQueue } from "./background-queue";
import type { FanoutMessage } from "./fanout";

type Early = { kind: "stored"; update: Uint8Array; origin: symbol } | { kind: "awareness"; update: Uint8Array };

type Entry =
  | { state: "loading"; ready: Promise<LiveDocument>; early: Early[] }
  | { state: "ready"; doc: LiveDocument; unsubscribe: () => Promise<void>; unloadTimer: NodeJS.Timeout | null }
  | { state: "unloading"; done: Promise<void> };

/**
 * The documents loaded on this instance (one Y.Doc per document), their loading and unloading.
 * Loading subscribes to the fan-out first and reads the store second, holding back what arrives
 * meanwhile, so no change published around the load is missed (applying one twice is harmless).
 */
export class DocumentRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly deps: DocumentDeps;

  /** Every document of the registry shares one update-log writer (group commit) and one render queue. */
  constructor(deps: DocumentDeps) {
    this.deps = { ...deps, groupCommit: deps.groupCommit ?? createGroupCommit(deps), backgroundQueue: deps.backgroundQueue ?? new BackgroundQueue() };
  }

  /** The loaded document, loading it if needed; reserved for one connection until `join`/`release`. */
  async acquire(contractId: string): Promise<LiveDocument> {
    for (;;) {
      const entry = this.entries.get(contractId);
      if (!entry) {
        const early: Early[] = [];
        const ready = this.load(contractId, early);
        this.entries.set(contractId, { state: "loading", ready, early });
        continue;
      }
      if (entry.state === "unloading") {
        await entry.done;
        continue;
      }
      const doc = entry.state === "ready" ? entry.doc : await entry.ready;
      const now = this.entries.get(contractId);
      if (now?.state !== "ready" || now.doc !== doc) continue; // unloaded meanwhile
      if (now.unloadTimer) clearTimeout(now.unloadTimer);
      now.unloadTimer = null;
      doc.reserved++;
      return doc;
    }
  }

  /** Ends a reservation or a connection; the document unloads after a quiet delay once idle. */
  release(doc: LiveDocument): void {
    const entry = this.entries.get(doc.contractId);
    if (entry?.state !== "ready" || entry.doc !== doc || !doc.idle) return;
    if (entry.unloadTimer) clearTimeout(entry.unloadTimer);
    entry.unloadTimer = setTimeout(() => void this.unload(doc.contractId), this.deps.options.unloadDelayMs);
  }

  loaded(): LiveDocument[] {
    return [...this.entries.values()].flatMap((e) => (e.state === "ready" ? [e.doc] : []));
  }

  isLoaded(contractId: string): boolean {
    return this.entries.get(contractId)?.state === "ready";
  }

  /** The contract was erased: if its document is here, it is dropped on unload instead of stored. */
  markErased(contractId: string): void {
    const entry = this.entries.get(contractId);
    if (entry?.state === "ready") entry.doc.erased = true;
    else if (entry?.state === "loading") void entry.ready.then((doc) => (doc.erased = true), () => undefined);
  }

  /** An update stored by someone else (the API, another instance): applied if the document is here. */
  deliverStored(contractId: string, update: Uint8Array, origin: symbol): void {
    const entry = this.entries.get(contractId);
    if (entry?.state === "ready") entry.doc.applyStored(update, origin);
    else if (entry?.state === "loading") entry.early.push({ kind: "stored", update, origin });
  }

  private deliverFanout(contractId: string, message: FanoutMessage): void {
    if (message.kind === "update") return this.deliverStored(contractId, message.data, STORED_ELSEWHERE.fanout);
    const entry = this.entries.get(contractId);
    if (entry?.state === "ready") entry.doc.applyRemoteAwareness(message.data);
    else if (entry?.state === "loading") entry.early.push({ kind: "awareness", update: message.data });
  }

  private async load(contractId: string, early: Early[]): Promise<LiveDocument> {
    let unsubscribe: (() => Promise<void>) | null = null;
    try {
      unsubscribe = await this.deps.fanout.subscribe(contractId, (message) => this.deliverFanout(contractId, message));
      const { doc, logEntries, stateVersion, logIds } = await this.deps.persistence.load(contractId);
      const live = new LiveDocument(contractId, doc, this.deps);
      if (stateVersion !== undefined && logIds) live.holds(stateVersion, logIds);
      // Edits in the log may be missing from the derived text (the server that stored them crashed).
      if (logEntries > 0) live.refreshDerivedSoon();
      for (const item of early) {
        if (item.kind === "stored") live.applyStored(item.update, item.origin);
        else live.applyRemoteAwareness(item.update);
      }
      this.entries.set(contractId, { state: "ready", doc: live, unsubscribe, unloadTimer: null });
      return live;
    } catch (error) {
      this.entries.delete(contractId);
      await unsubscribe?.();
      throw error;
    }
  }

  private async unload(contractId: string): Promise<void> {
    const entry = this.entries.get(contractId);
    if (entry?.state !== "ready" || !entry.doc.idle) return;
    if (entry.unloadTimer) clearTimeout(entry.unloadTimer);
    const done = (async () => {
      try {
        await entry.unsubscribe();
        await entry.doc.unload();
      } catch (error) {
        this.deps.logger.error({ err: error, contractId }, "collab: unloading failed");
      } finally {
        this.entries.delete(contractId);
      }
    })();
    this.entries.set(contractId, { state: "unloading", done });
    await done;
  }

  /** Re-reads every loaded document from the store (after the fan-out may have missed messages). */
  async reloadAll(): Promise<void> {
    await Promise.all(
      this.loaded().map(async (live) => {
        try {
          const { doc } = await this.deps.persistence.load(live.contractId);
          live.applyStored(Y.encodeStateAsUpdate(doc), STORED_ELSEWHERE.store);
          doc.destroy();
        } catch (error) {
          this.deps.logger.error({ err: error, contractId: live.contractId }, "collab: reloading from the store failed");
        }
      }),
    );
  }

  /**
   * After a crash: loads each document whose update log holds rows (its derived text may lack those
   * edits), which refreshes its derived content, then lets it unload as usual (compacting it). One at
   * a time, so a restart does not load every such document at once.
   */
  async recover(contractIds: string[], stopped: () => boolean): Promise<number> {
    let loaded = 0;
    for (const contractId of contractIds) {
      if (stopped()) break;
      try {
        const doc = await this.acquire(contractId);
        doc.reserved--;
        await doc.refreshDerivedNow();
        this.release(doc);
        loaded++;
      } catch (error) {
        this.deps.logger.warn({ err: error, contractId }, "collab: recovering a document after a restart failed");
      }
    }
    return loaded;
  }

  /** Writes everything pending in every document. */
  async flushAll(): Promise<void> {
    await Promise.all(this.loaded().map((d) => d.flush()));
  }

  /** Unloads every document now (shutdown); connections must be closed first. */
  async closeAll(): Promise<void> {
    const loading = [...this.entries.values()].flatMap((e) => (e.state === "loading" ? [e.ready.catch(() => undefined)] : []));
    await Promise.all(loading);
    const pending: Promise<void>[] = [];
    for (const [contractId, entry] of this.entries) {
      if (entry.state === "unloading") pending.push(entry.done);
      else if (entry.state === "ready") {
        entry.doc.reserved = 0;
        entry.doc.connections.clear();
        pending.push(this.unload(contractId));
      }
    }
    await Promise.all(pending);
  }
}
