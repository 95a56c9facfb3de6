import { crc32, deflateRawSync } from "node:zlib";
import { DOCX_LIMITS } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { docxImportProblem, docxToHtml, WordImportRefused } from "./word-import";

interface Entry {
  name: string;
  data: Uint8Array;
  /** Written as the uncompressed size instead of the real one. */
  declaredSize?: number;
}

/** A .docx-shaped ZIP written by hand, so that entries can declare sizes they do not have. */
function zip(entries: Entry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc32(entry.data), 16);
    record.writeUInt32LE(packed.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(record, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}

const text = (s: string) => new TextEncoder().encode(s);
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docx = (extra: Entry[] = []) =>
  zip([
    {
      name: "[Content_Types].xml",
      data: text(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      data: text(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: "word/document.xml", data: text(`<?xml version="1.0"?><w:document ${W}><w:body><w:p><w:r><w:t>1. Scope of Work.</w:t></w:r></w:p></w:body></w:document>`) },
    ...extra,
  ]);

const MB = 1024 * 1024;

describe("Word import limits (the same DOCX_LIMITS as uploads, checked in the browser before mammoth)", () => {
  it("lets an ordinary document through (mammoth's browser build converts it; the e2e journey covers that)", () => {
    expect(docxImportProblem(docx())).toBeNull();
  });

  it("refuses an image entry that declares 2 KB and inflates to 8 MB, before mammoth reads it", async () => {
    const file = docx([{ name: "word/media/image1.png", data: new Uint8Array(8 * MB), declaredSize: 2_000 }]);
    expect(file.length).toBeLessThan(64 * 1024);
    expect(docxImportProblem(file)).toBe("This Word document is too large when unpacked. It may be damaged or built to exhaust the browser.");
    const error: unknown = await docxToHtml(new Blob([new Uint8Array(file)])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordImportRefused);
  });

  it("refuses an entry declared larger than the per-entry limit, and a zip bomb by its ratio", () => {
    const huge = docx([{ name: "word/media/image1.png", data: new Uint8Array(1024), declaredSize: DOCX_LIMITS.maxEntryUncompressedBytes + 1 }]);
    expect(docxImportProblem(huge)).toMatch(/too large when unpacked/);
    const bomb = docx([{ name: "word/media/image1.png", data: new Uint8Array(16 * MB) }]);
    expect(docxImportProblem(bomb)).toMatch(/too large when unpacked/);
  });

  it("refuses images that could never travel in one live edit, before converting them to data URLs", () => {
    const noise = new Uint8Array(3 * MB).map((_, i) => (i * 2654435761) >>> 24);
    expect(docxImportProblem(docx([{ name: "word/media/photo.png", data: noise }]))).toMatch(/^This document's images are too large to import as one live edit/);
  });

  it("refuses files over 10 MB and files that are not ZIP archives", () => {
    expect(docxImportProblem(new Uint8Array(10 * MB + 1))).toBe("This Word document is larger than 10.0 MB. Please import a smaller file.");
    expect(docxImportProblem(text("%PDF-1.7 not a word file"))).toBe("This file is not a Word document (.docx).");
  });
});
