import type { AppError } from "../http/errors";
import { tooComplex, tooLargeUnpacked, UPLOAD_MESSAGES } from "./errors";
import { DOCUMENT_LIMITS } from "./limits";
import { scanPdf, type PdfScanProblem } from "./pdf-scan";

const REFUSALS: Record<PdfScanProblem, () => AppError> = {
  stream_too_large: () => tooLargeUnpacked(UPLOAD_MESSAGES.pdfTooLargeUnpacked),
  document_too_large: () => tooLargeUnpacked(UPLOAD_MESSAGES.pdfTooLargeUnpacked),
  too_many_operators: () => tooComplex(UPLOAD_MESSAGES.pdfTooManyOperators),
  image_too_large: () => tooComplex(UPLOAD_MESSAGES.pdfImageTooLarge),
};

/**
 * Refuses a PDF whose streams unpack beyond DOCUMENT_LIMITS.pdf, before pdfjs opens it: pdfjs decodes
 * each stream it touches whole, into typed arrays that no heap limit covers. CPU-bound (it inflates up
 * to the budget): run it in the extraction pool.
 */
export function assertPdfWithinLimits(bytes: Uint8Array): void {
  const { problem } = scanPdf(bytes, DOCUMENT_LIMITS.pdf);
  if (problem) throw REFUSALS[problem]();
}
