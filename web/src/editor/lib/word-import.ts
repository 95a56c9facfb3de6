import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { inspectZip, verifyDeclaredSizes, type ZipProblem } from "@clausewise/shared/zip";
import { formatMegabytes, LIVE_EDIT_BUDGET_BYTES } from "./files";

/** A Word file the import refuses before reading it, with the words to show. */
export class WordImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WordImportRefused";
  }
}

const TOO_LARGE_UNPACKED = "This Word document is too large when unpacked. It may be damaged or built to exhaust the browser.";

function problemMessage(problem: ZipProblem): string {
  switch (problem.kind) {
    case "not_zip":
      return "This file is not a Word document (.docx).";
    case "encrypted":
      return "This Word document is password-protected. Remove the password and import it again.";
    case "unsafe_path":
    case "duplicate":
    case "unsupported_method":
      return "This Word document could not be read. It may be damaged.";
    default:
      return TOO_LARGE_UNPACKED;
  }
}

/**
 * Why a .docx must not be opened here, or null. The same limits as uploads (shared DOCX_LIMITS): the
 * central directory first, then every entry inflated with a running count, so that declarations that
 * lie are caught before mammoth believes them. Images become data URLs in one live edit, so more
 * image bytes than one edit can carry are refused here rather than after converting them.
 */
export function docxImportProblem(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_UPLOAD_BYTES) return `This Word document is larger than ${formatMegabytes(MAX_UPLOAD_BYTES)}. Please import a smaller file.`;
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) return problemMessage(inspected.problem);
  if (verifyDeclaredSizes(bytes, inspected.entries)) return TOO_LARGE_UNPACKED;
  const media = inspected.entries.filter((e) => e.name.startsWith("word/media/")).reduce((sum, e) => sum + e.uncompressedSize, 0);
  if ((media * 4) / 3 > LIVE_EDIT_BUDGET_BYTES) {
    return `This document's images are too large to import as one live edit (${formatMegabytes(media)}, limit about ${formatMegabytes((LIVE_EDIT_BUDGET_BYTES * 3) / 4)}). Try a copy with smaller images.`;
  }
  return null;
}

/**
 * Word import in the browser (spec §7: import and export run locally). mammoth reads the .docx and
 * writes semantic HTML (headings, lists, tables, bold/italic, links, images as data URLs); the
 * editor's schema then keeps what the contract document can hold. Throws WordImportRefused for a file
 * beyond the limits (docxImportProblem).
 */
export async function docxToHtml(file: Blob): Promise<{ html: string; warnings: string[] }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = docxImportProblem(bytes);
  if (problem) throw new WordImportRefused(problem);
  const mammoth = await import("mammoth");
  const result = await mammoth.convertToHtml({ arrayBuffer: bytes.buffer });
  return { html: result.value, warnings: result.messages.filter((m) => m.type === "warning").map((m) => m.message) };
}
