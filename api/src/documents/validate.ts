import { AppError } from "../http/errors";
import { fileTooLarge, invalidFileType, tooLargeUnpacked, UPLOAD_MESSAGES } from "./errors";
import { DOCUMENT_LIMITS } from "./limits";
import { decodeText, hasUtf16Bom, printableRatio } from "./text-encoding";
import { hasZipTrailer, inspectZip, type ZipProblem } from "@clausewise/shared/zip";

export type DocumentKind = "pdf" | "docx" | "doc" | "txt";

export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
};

export interface UploadInput {
  fileName: string;
  bytes: Uint8Array;
  /** The Content-Type the client sent for the part, if any. Advisory: the bytes decide. */
  declaredMime?: string;
}

export interface ValidatedUpload {
  kind: DocumentKind;
  mimeType: string;
}

const EXTENSIONS: Record<string, DocumentKind> = { ".pdf": "pdf", ".docx": "docx", ".doc": "doc", ".txt": "txt" };

/** Declared types that name one of our kinds; generic ones (octet-stream, empty) say nothing. */
const MIME_KINDS: Record<string, DocumentKind> = {
  "application/pdf": "pdf",
  "application/x-pdf": "pdf",
  [MIME_TYPES.docx]: "docx",
  "application/msword": "doc",
  "text/plain": "txt",
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Other formats a renamed file may really be; none of them is text. */
const BINARY_MAGICS = [
  PDF_MAGIC,
  ZIP_MAGIC,
  OLE_MAGIC,
  [0x4d, 0x5a], // MZ: Windows executable
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

/** PDF readers accept `%PDF-` anywhere in the first 1024 bytes, so a file with it there is a PDF too. */
function containsPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= end; i++) if (startsWith(bytes, PDF_MAGIC, i)) return true;
  return false;
}

function extensionOf(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

function containsUtf16(bytes: Uint8Array, ascii: string): boolean {
  const needle = Buffer.from(ascii, "utf16le");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

/** The refusal for a .docx whose central directory fails inspectZip. */
export function zipProblemError(problem: ZipProblem): AppError {
  switch (problem.kind) {
    case "not_zip":
      return invalidFileType();
    case "too_many_entries":
    case "too_large":
    case "entry_too_large":
    case "ratio":
    case "overlap":
      return tooLargeUnpacked(UPLOAD_MESSAGES.archiveTooLarge);
    case "unsafe_path":
    case "duplicate":
      return new AppError("validation_failed", UPLOAD_MESSAGES.archiveUnsafePaths);
    case "encrypted":
      return new AppError("validation_failed", UPLOAD_MESSAGES.wordPassword);
    case "unsupported_method":
      return new AppError("validation_failed", UPLOAD_MESSAGES.archiveDamaged);
  }
}

function assertDocx(bytes: Uint8Array): void {
  if (!startsWith(bytes, ZIP_MAGIC) || containsPdfHeader(bytes)) {
    // Word saves a password-protected .docx as an OLE2 container holding an "EncryptedPackage" stream.
    if (startsWith(bytes, OLE_MAGIC) && containsUtf16(bytes, "EncryptedPackage")) {
      throw new AppError("validation_failed", UPLOAD_MESSAGES.wordPassword);
    }
    throw invalidFileType();
  }
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) throw zipProblemError(inspected.problem);
  const names = new Set(inspected.entries.map((e) => e.name));
  if (!names.has("word/document.xml") || !names.has("[Content_Types].xml")) throw invalidFileType();
}

function assertPdf(bytes: Uint8Array): void {
  if (!startsWith(bytes, PDF_MAGIC) || hasZipTrailer(bytes)) throw invalidFileType();
}

function assertDoc(bytes: Uint8Array): void {
  if (!startsWith(bytes, OLE_MAGIC) || containsPdfHeader(bytes)) throw invalidFileType();
}

function assertTxt(bytes: Uint8Array): void {
  if (BINARY_MAGICS.some((magic) => startsWith(bytes, magic))) throw invalidFileType();
  if (!hasUtf16Bom(bytes) && bytes.includes(0)) throw invalidFileType();
  const { text } = decodeText(bytes);
  if (printableRatio(text) < DOCUMENT_LIMITS.txt.minPrintableRatio) throw invalidFileType();
}

/**
 * Checks that the bytes really are a file of the given kind: magic bytes, no polyglot, and for DOCX
 * the zip-bomb and path checks on the central directory. Throws the AppError the upload answers with.
 */
export function assertContentMatchesKind(kind: DocumentKind, bytes: Uint8Array): void {
  if (bytes.length === 0) throw new AppError("validation_failed", UPLOAD_MESSAGES.empty);
  if (bytes.length > DOCUMENT_LIMITS.maxUploadBytes) throw fileTooLarge();
  switch (kind) {
    case "pdf":
      return assertPdf(bytes);
    case "docx":
      return assertDocx(bytes);
    case "doc":
      return assertDoc(bytes);
    case "txt":
      return assertTxt(bytes);
  }
}

/**
 * First gate of the upload pipeline (DESIGN.md §5): size, extension allow-list, declared type, then
 * the bytes themselves. Cheap enough for the request thread: nothing is decompressed or parsed.
 */
export function validateUpload({ fileName, bytes, declaredMime }: UploadInput): ValidatedUpload {
  if (bytes.length > DOCUMENT_LIMITS.maxUploadBytes) throw fileTooLarge();
  const kind = EXTENSIONS[extensionOf(fileName)];
  if (!kind) throw invalidFileType();
  const declared = declaredMime?.split(";")[0]?.trim().toLowerCase();
  const declaredKind = declared ? MIME_KINDS[declared] : undefined;
  if (declaredKind && declaredKind !== kind) throw invalidFileType();
  assertContentMatchesKind(kind, bytes);
  return { kind, mimeType: MIME_TYPES[kind] };
}
