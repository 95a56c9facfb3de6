import { UPLOAD_MESSAGES, unreadable } from "./errors";
import type { DocumentKind } from "./validate";

export interface ExtractedDocument {
  /** Plain text with structure: blocks separated by a blank line, table cells by a tab. */
  text: string;
  /** Sanitized HTML (allow-list in html.ts), safe to seed the editor with. */
  html: string;
  pageCount?: number;
  /** Things the reader should know were left out or guessed, in plain words. */
  warnings: string[];
}

/**
 * Text and structure of an upload whose kind validateUpload established. CPU-heavy: call it through
 * extractInWorker from request handlers. Throws AppError (400) for damaged, protected or empty files,
 * NoTextLayerError for a PDF that is only images.
 */
export async function extractDocument(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedDocument> {
  let result: ExtractedDocument;
  switch (kind) {
    case "pdf":
      result = await (await import("./pdf")).extractPdf(bytes);
      break;
    case "docx":
      result = await (await import("./docx")).extractDocx(bytes);
      break;
    case "doc":
      result = await (await import("./doc")).extractDoc(bytes);
      break;
    case "txt":
      result = (await import("./txt")).extractTxt(bytes);
      break;
  }
  if (result.text.trim().length === 0) throw unreadable(UPLOAD_MESSAGES.noText);
  return result;
}
