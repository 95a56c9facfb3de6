import { COLLAB_LIMITS } from "@clausewise/shared";

/** Timings and limits of the live-document server; tests shorten the timings. */
export interface CollabOptions {
  maxMessageBytes: number;
  /** Largest live document, in characters of content (COLLAB_LIMITS.maxDocumentChars). */
  maxDocumentChars: number;
  maxClientsPerDocument: number;
  messagesPerSecond: number;
  messageBurst: number;
  /**
   * Group commit: 0 writes the updates of every document on the next turn of the event loop (or as
   * soon as the write in flight commits); more waits this long for others.
   */
  batchDelayMs: number;
  /**
   * With batchDelayMs 0: a write starts at least this long after the previous one started, so under
   * load each write carries more; on a quiet instance (no write that recent) it starts at once.
   */
  batchSpacingMs: number;
  /** Most updates in one write (of all documents together); the rest go in the next. */
  batchMaxUpdates: number;
  /** …and about this many bytes. */
  batchMaxBytes: number;
  /** Group-commit writes in flight at once (each of other documents): 1 on PGlite, 3 on PostgreSQL (the server picks by database). */
  batchParallelWrites: number;
  /** Fold the log into the state row after this many stored updates… */
  compactAfterUpdates: number;
  /** …or after this long without a stored update. */
  compactQuietMs: number;
  /** Under sustained typing, compactions start at most this often (each one reads the whole document). */
  compactMinIntervalMs: number;
  /** Rewrite the derived HTML and plain text this long after the last change… */
  derivedDebounceMs: number;
  /** …and, while changes keep coming, at least this often. */
  derivedMaxWaitMs: number;
  /** Keep a document in memory this long after its last client left. */
  unloadDelayMs: number;
  /** Re-check every connection's session and access this often. */
  revalidateMs: number;
  /** Ping every connection this often; one that missed the previous pong is dropped. */
  heartbeatMs: number;
}

export const DEFAULT_COLLAB_OPTIONS: CollabOptions = {
  ...COLLAB_LIMITS,
  batchDelayMs: 0,
  batchSpacingMs: 10,
  batchMaxUpdates: 2_000,
  batchMaxBytes: 8 * 1024 * 1024,
  batchParallelWrites: 1,
  compactAfterUpdates: 500,
  compactQuietMs: 30_000,
  compactMinIntervalMs: 5_000,
  derivedDebounceMs: 2_000,
  derivedMaxWaitMs: 30_000,
  unloadDelayMs: 10_000,
  revalidateMs: 15_000,
  heartbeatMs: 30_000,
};
