import { EXHIBIT_EXTENSIONS, EXHIBIT_MESSAGES, type ExhibitExtension } from "@clausewise/shared";
import { inspectZip } from "@clausewise/shared/zip";
import { assertContentMatchesKind, DOCUMENT_LIMITS, inspectInWorker, MIME_TYPES, UPLOAD_MESSAGES, type DocumentKind } from "../../documents";
import { AppError } from "../../http/errors";

export const EXHIBIT_MIME_TYPES: Record<ExhibitExtension, string> = {
  pdf: MIME_TYPES.pdf,
  doc: MIME_TYPES.doc,
  docx: MIME_TYPES.docx,
  txt: MIME_TYPES.txt,
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The stream that makes an OLE2 file a Word document, an Excel workbook or a PowerPoint deck (directory names are UTF-16). */
const OLE_MAIN_STREAMS: Partial<Record<ExhibitExtension, string[]>> = { doc: ["WordDocument"], xls: ["Workbook", "Book"], ppt: ["PowerPoint Document"] };
/** The main part of an Office Open XML package. */
const OOXML_MAIN_PARTS: Partial<Record<ExhibitExtension, string>> = { xlsx: "xl/workbook.xml", pptx: "ppt/presentation.xml" };

const invalidType = () => new AppError("unsupported_media_type", EXHIBIT_MESSAGES.invalidType);
const unsafeArchive = () => new AppError("validation_failed", UPLOAD_MESSAGES.fileDamaged);
const tooLargeUnpacked = () => new AppError("payload_too_large", UPLOAD_MESSAGES.fileTooLargeUnpacked);
const SIZE_PROBLEMS = new Set(["too_many_entries", "too_large", "entry_too_large", "ratio", "overlap"]);

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

function assertOle(bytes: Uint8Array, streams: string[]): void {
  if (!startsWith(bytes, OLE_MAGIC)) throw invalidType();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!streams.some((name) => buffer.includes(Buffer.from(`${name}\u0000`, "utf16le")))) throw invalidType();
}

function assertOoxml(bytes: Uint8Array, mainPart: string): void {
  if (!startsWith(bytes, ZIP_MAGIC)) throw invalidType();
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) {
    if (inspected.problem.kind === "not_zip") throw invalidType();
    throw SIZE_PROBLEMS.has(inspected.problem.kind) ? tooLargeUnpacked() : unsafeArchive();
  }
  const names = new Set(inspected.entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml") || !names.has(mainPart)) throw invalidType();
}

/**
 * An exhibit file is what its name says (spec §5: pdf, doc, docx, txt, xlsx, xls, ppt, pptx), checked
 * by its bytes: PDF header; OLE2 with the right main stream for doc/xls/ppt; a ZIP package with the
 * right main part for docx/xlsx/pptx; readable text for txt. ≤ 10 MB. Exhibits are stored and served
 * back, never read, but whoever opens one unpacks it: a PDF's streams and a package's entries must stay
 * within the document limits, measured in the extraction pool (it inflates up to the budgets).
 */
export async function validateExhibitFile(fileName: string, bytes: Uint8Array): Promise<{ extension: ExhibitExtension; mimeType: string }> {
  if (bytes.byteLength > DOCUMENT_LIMITS.maxUploadBytes) throw new AppError("payload_too_large", UPLOAD_MESSAGES.tooLarge);
  if (bytes.byteLength === 0) throw new AppError("validation_failed", "The file is empty - Please select a file with content.");
  const extension = EXHIBIT_EXTENSIONS.find((ext) => ext === extensionOf(fileName));
  if (!extension) throw invalidType();
  const mainStreams = OLE_MAIN_STREAMS[extension];
  const mainPart = OOXML_MAIN_PARTS[extension];
  if (mainStreams) assertOle(bytes, mainStreams);
  else if (mainPart) assertOoxml(bytes, mainPart);
  else {
    try {
      assertContentMatchesKind(extension as DocumentKind, bytes);
    } catch (error) {
      // The document layer's own text names only the contract types; exhibits accept more.
      if (error instanceof AppError && error.code === "unsupported_media_type") throw invalidType();
      if (error instanceof AppError && error.code === "payload_too_large") throw tooLargeUnpacked();
      throw error;
    }
  }
  if (extension === "pdf") await inspectInWorker("pdf", bytes);
  else if (startsWith(bytes, ZIP_MAGIC)) await inspectInWorker("ooxml", bytes);
  return { extension, mimeType: EXHIBIT_MIME_TYPES[extension] };
}
