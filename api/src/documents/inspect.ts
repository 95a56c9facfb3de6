import { inspectZip, verifyDeclaredSizes } from "@clausewise/shared/zip";
import { AppError } from "../http/errors";
import { tooLargeUnpacked, UPLOAD_MESSAGES } from "./errors";
import { assertPdfWithinLimits } from "./pdf-limits";
import type { InspectFormat } from "./pool";

/**
 * The checks of a file that is stored rather than read (an exhibit): what it unpacks to stays within
 * the document limits. Runs in the extraction pool: it inflates up to the budgets.
 */
export function assertWithinLimits(format: InspectFormat, bytes: Uint8Array): void {
  if (format === "pdf") return assertPdfWithinLimits(bytes);
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) {
    if (inspected.problem.kind === "encrypted" || inspected.problem.kind === "unsupported_method" || inspected.problem.kind === "not_zip") {
      throw new AppError("validation_failed", UPLOAD_MESSAGES.fileDamaged);
    }
    throw tooLargeUnpacked(UPLOAD_MESSAGES.fileTooLargeUnpacked);
  }
  if (verifyDeclaredSizes(bytes, inspected.entries)) throw tooLargeUnpacked(UPLOAD_MESSAGES.fileTooLargeUnpacked);
}
