import { MAX_UPLOAD_BYTES } from "@clausewise/shared";

/**
 * Limits of the document layer. Candidates for shared/src/limits.ts once the upload route and the web
 * client need them; they live here until then so this module stays self-contained.
 */
export const DOCUMENT_LIMITS = {
  /** Spec §9: 10 MB. */
  maxUploadBytes: MAX_UPLOAD_BYTES,
  docx: {
    /** A real contract has a few dozen parts; thousands of entries is an attack or not a Word file. */
    maxEntries: 2_000,
    /** Sum of the uncompressed sizes declared in the ZIP central directory. */
    maxTotalUncompressedBytes: 100 * 1024 * 1024,
    /** Uncompressed/compressed ratio allowed per entry, once an entry is larger than ratioCheckFromBytes. */
    maxCompressionRatio: 100,
    ratioCheckFromBytes: 1024 * 1024,
  },
  pdf: {
    maxPages: 2_000,
  },
  txt: {
    /** Share of characters that must be printable (letters, punctuation, spaces, tabs, line breaks). */
    minPrintableRatio: 0.95,
  },
  worker: {
    poolSize: 2,
    /** Waiting extractions beyond this answer 503 instead of piling up 10 MB buffers in memory. */
    maxQueuedJobs: 20,
    timeoutMs: 60_000,
    maxOldGenerationSizeMb: 768,
    maxYoungGenerationSizeMb: 64,
    stackSizeMb: 8,
  },
} as const;
