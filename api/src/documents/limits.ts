import { DOCX_LIMITS, MAX_UPLOAD_BYTES } from "@clausewise/shared";

const MB = 1024 * 1024;

/**
 * Every limit of the document layer, in one place. A file is at most 10 MB, but what it unpacks to
 * is not: a 1 MB PDF can hold a gigabyte of zeros. The numbers leave real contracts (300 pages,
 * 10 MB, scans included) far inside them and measured figures are in docs/DECISIONS.md
 * ("Resource limits of document extraction"); OCR's own limits are in ocr/limits.ts.
 */
export const DOCUMENT_LIMITS = {
  /** Spec §9: 10 MB. */
  maxUploadBytes: MAX_UPLOAD_BYTES,
  /** Shared with the editor's Word import, which reads .docx files in the browser. */
  docx: DOCX_LIMITS,
  pdf: {
    /** A 300-page contract is common; a thousand pages is a library, not a contract. */
    maxPages: 1_000,
    /** Decoded bytes of one stream, all filter stages together (pdfjs holds each stage's output). */
    maxStreamBytes: 64 * MB,
    /** Decoded bytes of all streams, plus pages' content arrays (which pdfjs concatenates). */
    maxDocumentBytes: 256 * MB,
    /** Content-stream operators in the whole document (a text page has a few thousand). */
    maxOperators: 10_000_000,
    /**
     * Width × height of one image (pdfjs' maxImageSize; JPEG and JPEG 2000 headers are checked too).
     * 600 dpi A4 or Letter is 35 megapixels.
     */
    maxImagePixels: 50_000_000,
  },
  txt: {
    /** Share of characters that must be printable (letters, punctuation, spaces, tabs, line breaks). */
    minPrintableRatio: 0.95,
  },
  worker: {
    poolSize: 2,
    /** Waiting extractions beyond this answer 503 instead of piling up 10 MB buffers in memory. */
    maxQueuedJobs: 20,
    /** Without progress; each recognised page of a scan starts it again. */
    timeoutMs: 60_000,
    /** However much progress: a 50-page scan takes a few minutes, never this long. */
    maxTotalMs: 10 * 60_000,
    maxOldGenerationSizeMb: 768,
    maxYoungGenerationSizeMb: 64,
    stackSizeMb: 8,
    /**
     * resourceLimits bound the JavaScript heap only; typed arrays, canvases and WebAssembly memory
     * live outside it. While extractions run, the process's resident memory may grow this much over
     * what it was when they started; beyond it the running workers are terminated.
     */
    maxRssGrowthMb: 1_024,
    memoryCheckMs: 100,
  },
} as const;
