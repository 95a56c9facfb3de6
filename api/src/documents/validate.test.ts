import { beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { AppError } from "../http/errors";
import { makeDoc, makeDocx, makeMinimalDocxZip, makeOverlappingZip, makePdf, makePolyglot, makeZip, makeZipBomb, makeZipWithTraversal } from "../test/fixtures";
import { UPLOAD_MESSAGES } from "./errors";
import { DOCUMENT_LIMITS } from "./limits";
import { validateUpload, type UploadInput } from "./validate";

function rejection(input: UploadInput): AppError {
  try {
    validateUpload(input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${input.fileName} to be rejected`);
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const EXE = new Uint8Array(Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200, 0)]));

let pdf: Buffer;
let docx: Buffer;
beforeAll(async () => {
  pdf = await makePdf(["This Agreement is made between the Owner and the Contractor."]);
  docx = await makeDocx(["This Agreement is made between the Owner and the Contractor."]);
});

describe("validateUpload: accepted files", () => {
  it("accepts each allowed kind by extension and content, and names its MIME type", () => {
    expect(validateUpload({ fileName: "contract.pdf", bytes: pdf })).toEqual({ kind: "pdf", mimeType: "application/pdf" });
    expect(validateUpload({ fileName: "contract.docx", bytes: docx })).toEqual({
      kind: "docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(validateUpload({ fileName: "legacy.doc", bytes: makeDoc(["Scope of Work"]) })).toEqual({ kind: "doc", mimeType: "application/msword" });
    expect(validateUpload({ fileName: "notes.txt", bytes: utf8("Payment within 30 days.\r\n") })).toEqual({ kind: "txt", mimeType: "text/plain" });
  });

  it("matches extensions case-insensitively and ignores folders in the name", () => {
    expect(validateUpload({ fileName: "C:\\Users\\pm\\Contract.PDF", bytes: pdf }).kind).toBe("pdf");
  });

  it("accepts generic declared types (octet-stream) and types of the same kind", () => {
    expect(validateUpload({ fileName: "a.pdf", bytes: pdf, declaredMime: "application/octet-stream" }).kind).toBe("pdf");
    expect(validateUpload({ fileName: "a.txt", bytes: utf8("hello"), declaredMime: "text/plain; charset=utf-8" }).kind).toBe("txt");
  });

  it("accepts Windows-1252 text (café written by Notepad)", () => {
    expect(validateUpload({ fileName: "a.txt", bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]) }).kind).toBe("txt");
  });
});

describe("validateUpload: type mismatches answer 415 with the spec's message", () => {
  const cases: [string, () => UploadInput][] = [
    ["an executable renamed .pdf", () => ({ fileName: "contract.pdf", bytes: EXE })],
    ["an executable renamed .txt", () => ({ fileName: "contract.txt", bytes: EXE })],
    ["a PDF renamed .docx", () => ({ fileName: "contract.docx", bytes: pdf })],
    ["a DOCX renamed .pdf", () => ({ fileName: "contract.pdf", bytes: docx })],
    ["a DOCX renamed .doc", () => ({ fileName: "contract.doc", bytes: docx })],
    ["a PDF renamed .txt", () => ({ fileName: "contract.txt", bytes: pdf })],
    ["an extension outside the allow-list", () => ({ fileName: "contract.exe", bytes: pdf })],
    ["a double extension ending in .exe", () => ({ fileName: "contract.pdf.exe", bytes: pdf })],
    ["a name without extension", () => ({ fileName: "contract", bytes: pdf })],
    ["a declared type of another kind", () => ({ fileName: "contract.pdf", bytes: pdf, declaredMime: "text/plain" })],
    ["a plain ZIP renamed .docx", () => ({ fileName: "contract.docx", bytes: makeZip([{ name: "readme.txt", data: "hi" }]) })],
    ["a ZIP without [Content_Types].xml", () => ({ fileName: "c.docx", bytes: makeZip([{ name: "word/document.xml", data: "<w:document/>" }]) })],
    ["text with NUL bytes", () => ({ fileName: "contract.txt", bytes: utf8("Owner\u0000\u0000Contractor") })],
    ["binary noise as .txt", () => ({ fileName: "contract.txt", bytes: new Uint8Array(Array.from({ length: 400 }, (_, i) => (i * 7 + 1) % 32 || 1)) })],
  ];
  for (const [name, input] of cases) {
    it(`rejects ${name}`, () => {
      const error = rejection(input());
      expect(error.status).toBe(415);
      expect(error.code).toBe("unsupported_media_type");
      expect(error.message).toBe("Invalid file type - Please select a PDF, Word document, or text file.");
    });
  }

  it("rejects a PDF+ZIP polyglot whether it claims to be a .docx or a .pdf", async () => {
    const polyglot = await makePolyglot();
    expect(rejection({ fileName: "contract.docx", bytes: polyglot }).status).toBe(415);
    expect(rejection({ fileName: "contract.pdf", bytes: polyglot }).status).toBe(415);
  });

  it("rejects a ZIP that carries a PDF header in its first kilobyte", () => {
    const zip = makeMinimalDocxZip(["%PDF-1.7 hidden in a docx"], []);
    const withHeader = makeZip([
      { name: "[Content_Types].xml", data: "%PDF-1.7", compress: false },
      { name: "word/document.xml", data: "<w:document/>" },
    ]);
    expect(validateUpload({ fileName: "ok.docx", bytes: zip }).kind).toBe("docx");
    expect(rejection({ fileName: "c.docx", bytes: withHeader }).status).toBe(415);
  });
});

describe("validateUpload: size and emptiness", () => {
  it("answers 413 with the spec's message above MAX_UPLOAD_BYTES, before looking at the content", () => {
    const error = rejection({ fileName: "big.pdf", bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1) });
    expect(error.status).toBe(413);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("File too large - Please select a file smaller than 10MB.");
  });

  it("accepts exactly MAX_UPLOAD_BYTES", () => {
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES).fill(0x61);
    expect(validateUpload({ fileName: "max.txt", bytes }).kind).toBe("txt");
  });

  it("answers 400 with a clear message for an empty file", () => {
    const error = rejection({ fileName: "empty.pdf", bytes: new Uint8Array(0) });
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.empty);
  });
});

describe("validateUpload: DOCX archive checks from the central directory", () => {
  it("rejects a zip bomb (compression ratio) without inflating it", () => {
    const bomb = makeZipBomb();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const error = rejection({ fileName: "bomb.docx", bytes: bomb });
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("rejects an archive whose declared uncompressed total exceeds the limit", () => {
    const perEntry = 30 * 1024 * 1024;
    const entries = Array.from({ length: 4 }, (_, i) => ({ name: `word/media/part${i}.bin`, data: new Uint8Array(512 * 1024), compress: false, declaredSize: perEntry }));
    expect(entries.length * perEntry).toBeGreaterThan(DOCUMENT_LIMITS.docx.maxTotalUncompressedBytes);
    const error = rejection({ fileName: "huge.docx", bytes: makeMinimalDocxZip(["x"], entries) });
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("rejects one entry (an image) larger than the per-entry limit even when the total and the ratio pass", () => {
    const image = { name: "word/media/image1.png", data: new Uint8Array(1024 * 1024), compress: false, declaredSize: DOCUMENT_LIMITS.docx.maxEntryUncompressedBytes + 1 };
    expect(image.declaredSize).toBeLessThan(DOCUMENT_LIMITS.docx.maxTotalUncompressedBytes);
    expect(image.declaredSize / image.data.length).toBeLessThan(DOCUMENT_LIMITS.docx.maxCompressionRatio);
    const error = rejection({ fileName: "photo.docx", bytes: makeMinimalDocxZip(["x"], [image]) });
    expect(error.status).toBe(413);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("rejects an archive with too many entries", () => {
    const entries = Array.from({ length: DOCUMENT_LIMITS.docx.maxEntries }, (_, i) => ({ name: `word/p${i}.xml`, data: "<x/>", compress: false }));
    const error = rejection({ fileName: "many.docx", bytes: makeMinimalDocxZip(["x"], entries) });
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("rejects entry names that climb out (..) or are absolute", () => {
    for (const name of ["../../../../tmp/evil.txt", "word/../../evil.xml", "/etc/passwd", "C:/Windows/evil.dll", "..\\..\\evil.txt"]) {
      const error = rejection({ fileName: "paths.docx", bytes: makeZipWithTraversal(name) });
      expect(error.status, name).toBe(400);
      expect(error.message, name).toBe(UPLOAD_MESSAGES.archiveUnsafePaths);
    }
  });

  it("rejects entries that share their compressed data (overlapping records)", () => {
    const error = rejection({ fileName: "overlap.docx", bytes: makeOverlappingZip() });
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("rejects encrypted entries and compression methods a Word file never uses", () => {
    const encrypted = makeMinimalDocxZip(["x"], [{ name: "word/secret.xml", data: "<x/>", encrypted: true }]);
    expect(rejection({ fileName: "enc.docx", bytes: encrypted }).message).toBe(UPLOAD_MESSAGES.wordPassword);
    const bzip2 = makeMinimalDocxZip(["x"], [{ name: "word/odd.xml", data: "<x/>", method: 12 }]);
    expect(rejection({ fileName: "odd.docx", bytes: bzip2 }).message).toBe(UPLOAD_MESSAGES.archiveDamaged);
  });

  it("rejects duplicate entry names", () => {
    const error = rejection({ fileName: "dup.docx", bytes: makeMinimalDocxZip(["x"], [{ name: "word/document.xml", data: "<other/>" }]) });
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveUnsafePaths);
  });

  it("says a password-protected .docx (an OLE container with EncryptedPackage) is protected", () => {
    const ole = Buffer.from(makeDoc(["x"]));
    const encrypted = Buffer.concat([ole, Buffer.from("EncryptedPackage", "utf16le")]);
    const error = rejection({ fileName: "locked.docx", bytes: encrypted });
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.wordPassword);
  });
});
