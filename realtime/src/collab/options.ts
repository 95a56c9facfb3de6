import { COLLAB_LIMITS } from "@clausewise/shared";

/** Timings and limits of the live-document server; tests shorten the timings. */
export interface CollabOptions {
  maxMessageBytes: number;
  /** Largest live document, in characters of content (COLLAB_LIMITS.maxDocumentChars). */
  maxDocumentChars: number;
  maxClientsPerDocument: number;
  messagesPerSecond: number;
  messageBurst: number;
  /** Updates wait at most this long to be written together with others. */
  batchDelayMs: number;
  batchMaxUpdates: number;
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
  batchDelayMs: 5,
  batchMaxUpdates: 64,
  compactAfterUpdates: 200,
  compactQuietMs: 30_000,
  compactMinIntervalMs: 5_000,
  derivedDebounceMs: 2_000,
  derivedMaxWaitMs: 15_000,
  unloadDelayMs: 10_000,
  revalidateMs: 15_000,
  heartbeatMs: 30_000,
};
