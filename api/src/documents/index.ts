/**
 * The document layer of the upload pipeline (DESIGN.md §5): validate → extract (in a worker) → export.
 * Routes use validateUpload on the request thread (cheap: magic bytes and the ZIP directory) and
 * extractInWorker for the parsing (inspectInWorker for files that are stored, not read); exportDocx
 * backs "Download Contract" without storage consent. Limits are in limits.ts.
 */
export { validateUpload, assertContentMatchesKind, MIME_TYPES, type DocumentKind, type UploadInput, type ValidatedUpload } from "./validate";
export { extractDocument, type ExtractedDocument } from "./extract";
export { extractInWorker, inspectInWorker, readRedlineInWorker, closeExtractionPool, configureExtractionPool, extractionPoolStats, type ExtractInWorkerOptions } from "./pool";
export { exportDocx, type ExportDocxInput } from "./export-docx";
export { sanitizeHtml } from "./html";
export { NoTextLayerError, UPLOAD_MESSAGES } from "./errors";
export { DOCUMENT_LIMITS } from "./limits";
