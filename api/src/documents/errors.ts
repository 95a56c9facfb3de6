import { AppError } from "../http/errors";
import { DOCUMENT_LIMITS } from "./limits";
import { OCR_LIMITS } from "./ocr/limits";

const megapixels = Math.round(DOCUMENT_LIMITS.pdf.maxImagePixels / 1_000_000);
const pages = DOCUMENT_LIMITS.pdf.maxPages.toLocaleString("en-US");

/** User-facing texts of the upload pipeline (spec §5 for the first two, the rest ours). */
export const UPLOAD_MESSAGES = {
  invalidType: "Invalid file type - Please select a PDF, Word document, or text file.",
  tooLarge: "File too large - Please select a file smaller than 10MB.",
  empty: "The file is empty - Please select a file that contains your contract.",
  noText: "This document contains no text to review.",
  archiveTooLarge: "This Word document is too large when unpacked. It may be damaged or built to exhaust the server.",
  fileTooLargeUnpacked: "This file is too large when unpacked. It may be damaged or built to exhaust the server.",
  fileDamaged: "This file could not be read safely (damaged or encrypted).",
  archiveUnsafePaths: "This Word document contains invalid file paths and was rejected.",
  archiveDamaged: "This Word document could not be read. It may be damaged.",
  wordPassword: "This Word document is password-protected. Remove the password and upload it again.",
  docDamaged: "This Word 97-2003 document could not be read. It may be damaged; try saving it as .docx.",
  pdfPassword: "This PDF is password-protected. Remove the password and upload it again.",
  pdfDamaged: "This PDF could not be read. It may be damaged.",
  pdfTooManyPages: `This PDF has more than ${pages} pages, too many to review. Split it into smaller files and upload them separately.`,
  pdfTooLargeUnpacked: "This PDF is too large when unpacked. It may be damaged or built to exhaust the server.",
  pdfTooManyOperators: "This PDF has too many drawing instructions to read. Try saving it as a new PDF or splitting it into smaller files.",
  pdfImageTooLarge: `This PDF contains an image larger than ${megapixels} megapixels, too large to read. Try saving it with smaller images.`,
  noTextLayer:
    "This PDF has no text layer, and no text could be recognised in it. Please upload a PDF with a text layer or a DOCX.",
  ocrFailed: "We couldn't read the text of this scanned PDF. Please upload a PDF with a text layer or a DOCX.",
  ocrTooManyPages: `This PDF has more than ${OCR_LIMITS.maxPages} scanned pages, too many to recognise. Split it into smaller files or upload a PDF with a text layer.`,
  timeout: "This document took too long to read. Try saving it again or splitting it into smaller files.",
  tooComplex: "This document is too complex to read. Try saving it again or splitting it into smaller files.",
} as const;

export const invalidFileType = () => new AppError("unsupported_media_type", UPLOAD_MESSAGES.invalidType);
export const fileTooLarge = () => new AppError("payload_too_large", UPLOAD_MESSAGES.tooLarge);
export const unreadable = (message: string) => new AppError("validation_failed", message);
/** More than the limits allow once unpacked (413), as opposed to the file itself being too large. */
export const tooLargeUnpacked = (message: string) => new AppError("payload_too_large", message);
/** Well-formed, but more work than the limits allow: pages, operators, time, memory (422). */
export const tooComplex = (message: string = UPLOAD_MESSAGES.tooComplex) => new AppError("unprocessable", message);

/**
 * A PDF without a text layer where OCR found nothing either (pages of drawings only, blank pages, or
 * images without legible text). Its own class so that callers can tell this case apart.
 */
export class NoTextLayerError extends AppError {
  readonly reason = "no_text_layer";

  constructor() {
    super("validation_failed", UPLOAD_MESSAGES.noTextLayer);
    this.name = "NoTextLayerError";
  }
}
