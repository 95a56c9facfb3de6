/**
 * Test files made at test time: PDFs (pdfkit), DOCX (docx), Word 97 (a minimal OLE2 writer), crafted
 * ZIP archives and polyglots. Nothing here is copied from shared/fixtures. Every generator can embed a
 * canary string so that a privacy test can look for the original bytes where they must not be.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { AlignmentType, Document, Footer, Header, HeadingLevel, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { deflateSync } from "fflate";
import PDFDocument from "pdfkit";

/** A string that appears nowhere else: put it in a file, then look for it in storage and logs. */
export function makeCanary(label = "CANARY"): string {
  return `${label}-${randomUUID()}`;
}

// ---------------------------------------------------------------------------------------------
// PDF

export type PdfBlock = string | { heading: string };

export interface PdfSpec {
  /** Blocks per page, or a number of pages that each carry `text`. Default: `paragraphs` flowing freely. */
  pages?: PdfBlock[][] | number;
  paragraphs?: PdfBlock[];
  text?: string;
  /** Flow each page's paragraphs into this many columns. */
  columns?: number;
  /** Running header at the top of every page. */
  header?: string;
  /** Running footer at the bottom of every page; "{page}" becomes the page number. */
  footer?: string;
  /** A bare page number centred at the foot of every page. */
  pageNumbers?: boolean;
  /** Added as its own paragraph on the first page. */
  canary?: string;
  /** Incompressible bytes in an attachment, to make a big file that is cheap to generate. */
  padBytes?: number;
  /** Draw this text rotated 90° in the left margin of every page (like a filing stamp). */
  marginStamp?: string;
}

const PAGE = { width: 612, height: 792, margin: 72 };

function drawBlocks(doc: PDFKit.PDFDocument, blocks: PdfBlock[], columns = 1): void {
  const width = PAGE.width - PAGE.margin * 2;
  for (const [i, block] of blocks.entries()) {
    const options: PDFKit.Mixins.TextOptions = { width, paragraphGap: 8, align: "left" };
    if (typeof block === "string") {
      doc.font("Helvetica").fontSize(11);
      if (columns > 1) {
        doc.text(blocks.filter((b): b is string => typeof b === "string").join("\n"), PAGE.margin, doc.y, {
          ...options,
          columns,
          columnGap: 24,
          height: PAGE.height - PAGE.margin - doc.y,
          align: "justify",
        });
        return;
      }
      doc.text(block, options);
    } else {
      doc.font("Helvetica-Bold").fontSize(18).text(block.heading, { ...options, paragraphGap: 10 });
    }
    if (i === blocks.length - 1) doc.font("Helvetica").fontSize(11);
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** A text PDF made with pdfkit. `makePdf(["para", {heading: "1. Scope"}, …])` or `makePdf({pages, …})`. */
export async function makePdf(input: PdfBlock[] | PdfSpec): Promise<Buffer> {
  const spec: PdfSpec = Array.isArray(input) ? { paragraphs: input } : input;
  const doc = new PDFDocument({ size: "LETTER", margin: PAGE.margin, bufferPages: true, info: { Title: "Generated test contract" } });
  const done = collect(doc);

  const pages: PdfBlock[][] | null =
    typeof spec.pages === "number" ? Array.from({ length: spec.pages }, () => [spec.text ?? "Lorem ipsum."]) : spec.pages ?? null;
  if (spec.canary) doc.font("Helvetica").fontSize(11).text(spec.canary, { width: PAGE.width - PAGE.margin * 2, paragraphGap: 8 });
  if (pages) {
    pages.forEach((blocks, i) => {
      if (i > 0) doc.addPage();
      drawBlocks(doc, blocks, spec.columns);
    });
  } else {
    drawBlocks(doc, spec.paragraphs ?? [], spec.columns);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font("Helvetica").fontSize(9);
    if (spec.header) doc.text(spec.header, PAGE.margin, 36, { width: PAGE.width - PAGE.margin * 2, lineBreak: false });
    if (spec.footer) doc.text(spec.footer.replace("{page}", String(i + 1)), PAGE.margin, PAGE.height - 48, { lineBreak: false });
    if (spec.pageNumbers) doc.text(String(i + 1), PAGE.width / 2 - 5, PAGE.height - 36, { lineBreak: false });
    if (spec.marginStamp) {
      doc.save().rotate(-90, { origin: [30, 600] }).text(spec.marginStamp, 30, 600, { lineBreak: false }).restore();
    }
    doc.page.margins = margins;
  }
  if (spec.padBytes && spec.padBytes > 0) doc.file(randomBytes(spec.padBytes), { name: "padding.bin", description: "test padding" });
  doc.end();
  return done;
}

/** Escapes text for a PDF literal string `( … )`. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A PDF written by hand: `objects[i]` is the body of object i + 1 (object 1 is the catalog), joined
 * with a correct cross-reference table. For the structures pdfkit will not write (actions, scripts).
 */
export function makeRawPdf(objects: string[]): Buffer {
  let body = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * A one-page text PDF that carries JavaScript everywhere a reader might run it: the document's
 * OpenAction, its JavaScript name tree, the page's open action, and a link that launches a program.
 * A reader that runs none of it shows only `text`.
 */
export function makePdfWithJavaScript(text: string, js: string): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td ${pdfString(text)} Tj ET`;
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript << /Names [(boot) 6 0 R] >> >> /AA << /WC 6 0 R >> >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /AA << /O 6 0 R >> /Annots [7 0 R] >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Type /Action /S /JavaScript /JS ${pdfString(js)} >>`,
    `<< /Type /Annot /Subtype /Link /Rect [72 700 300 730] /A << /S /Launch /F (cmd.exe) /Next << /S /JavaScript /JS ${pdfString(js)} >> >> >>`,
  ]);
}

/** The first bytes of a Windows executable ("MZ" and a DOS header), for renaming to .pdf or .docx. */
export function makeExecutable(): Buffer {
  const exe = Buffer.alloc(8192, 0);
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1").copy(exe, 0);
  exe.writeUInt32LE(0x80, 0x3c);
  Buffer.from("PE\0\0", "latin1").copy(exe, 0x80);
  Buffer.from("This program cannot be run in DOS mode.", "latin1").copy(exe, 0x4e);
  return exe;
}

/**
 * A PDF with drawings but no text layer, like a scan. With `textFirstPage`, page 1 carries that text
 * and page 2 is the drawing: a partly scanned document.
 */
export async function makeImageOnlyPdf(options: { textFirstPage?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: PAGE.margin });
  const done = collect(doc);
  if (options.textFirstPage) doc.text(options.textFirstPage).addPage();
  doc.rect(72, 72, 300, 400).fill("#333333");
  doc.end();
  return done;
}

const CLAUSE_TEXT =
  "The Contractor shall perform the Work in accordance with the Contract Documents, Applicable Law and Good Industry Practice, " +
  "and shall be responsible for all means, methods, sequences and procedures of construction, including site safety, quality " +
  "control and the coordination of Subcontractors. The Owner may withhold payment of any amount reasonably disputed.";

/**
 * A PDF of at least `targetBytes`: real text pages (so a parser has work to do) plus an incompressible
 * attachment that brings the file up to size without making it slow to generate.
 */
export async function makeLargePdf(targetBytes: number, options: { textPages?: number; canary?: string } = {}): Promise<Buffer> {
  const pages = Array.from({ length: options.textPages ?? 150 }, (_, p) =>
    Array.from({ length: 6 }, (_, i) => `${p + 1}.${i + 1} ${CLAUSE_TEXT}`),
  );
  let padBytes = 0;
  for (;;) {
    const pdf = await makePdf({ pages, canary: options.canary, padBytes });
    if (pdf.length >= targetBytes) return pdf;
    padBytes += targetBytes - pdf.length + 1024;
  }
}

// ---------------------------------------------------------------------------------------------
// DOCX

export type DocxBlock = string | { heading: string; level?: 1 | 2 | 3 } | { numbered: string[] } | { table: string[][] };

export interface DocxSpec {
  paragraphs: DocxBlock[];
  header?: string;
  footer?: string;
  canary?: string;
}

const HEADING_LEVELS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

/** A .docx made with the docx package: paragraphs, headings, numbered clauses, tables, header/footer. */
export async function makeDocx(input: DocxBlock[] | DocxSpec): Promise<Buffer> {
  const spec: DocxSpec = Array.isArray(input) ? { paragraphs: input } : input;
  const children: (Paragraph | Table)[] = [];
  if (spec.canary) children.push(new Paragraph(spec.canary));
  for (const block of spec.paragraphs) {
    if (typeof block === "string") children.push(new Paragraph(block));
    else if ("heading" in block) children.push(new Paragraph({ text: block.heading, heading: HEADING_LEVELS[(block.level ?? 1) - 1] }));
    else if ("numbered" in block) {
      for (const item of block.numbered) children.push(new Paragraph({ text: item, numbering: { reference: "clauses", level: 0 } }));
    } else {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.table.map((row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) })),
        }),
      );
    }
  }
  const document = new Document({
    numbering: {
      config: [{ reference: "clauses", levels: [{ level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.START }] }],
    },
    sections: [
      {
        headers: spec.header ? { default: new Header({ children: [new Paragraph({ children: [new TextRun(spec.header)] })] }) } : undefined,
        footers: spec.footer ? { default: new Footer({ children: [new Paragraph({ children: [new TextRun(spec.footer)] })] }) } : undefined,
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

// ---------------------------------------------------------------------------------------------
// ZIP archives with whatever headers a test needs

export interface ZipSpecEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflate the data (default true). */
  compress?: boolean;
  /** Write this as the uncompressed size instead of the real one (a lying header). */
  declaredSize?: number;
  /** Set the "encrypted" flag (general purpose bit 0), as password-protected ZIPs do. */
  encrypted?: boolean;
  /** Write this compression method instead (e.g. 12 = bzip2, 99 = AES). */
  method?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP written by hand, so tests can declare sizes, names and layouts that no library would. */
export function makeZip(entries: ZipSpecEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : entry.data;
    const compress = entry.compress ?? true;
    const stored = compress ? deflateSync(raw, { level: 9 }) : raw;
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.declaredSize ?? raw.length;
    const crc = crc32(raw);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(compress ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(stored));

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800 | (entry.encrypted ? 1 : 0), 8);
    central.writeUInt16LE(entry.method ?? (compress ? 8 : 0), 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** word/document.xml around raw WordprocessingML body content. */
export function documentXml(bodyXml: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${bodyXml}</w:body></w:document>`
  );
}

function paragraphsXml(paragraphs: string[]): string {
  return paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</w:t></w:r></w:p>`).join("");
}

/**
 * The three parts a minimal .docx needs, plus any extra entries. Give paragraphs, `{ bodyXml }` for
 * hand-written WordprocessingML (hyperlinks, odd markup), or `{ documentXml }` for the whole part.
 */
export function makeMinimalDocxZip(content: string[] | { bodyXml: string } | { documentXml: string }, extra: ZipSpecEntry[] = []): Buffer {
  const xml = Array.isArray(content) ? documentXml(paragraphsXml(content)) : "documentXml" in content ? content.documentXml : documentXml(content.bodyXml);
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: ROOT_RELS },
    { name: "word/document.xml", data: xml },
    ...extra,
  ]);
}

/**
 * A counterparty's redline: `text` with a tracked insertion by "Dana Counsel" at its end and her
 * comment on the whole paragraph (word/comments.xml).
 */
export function makeRedlineDocx(text = "1. Scope of Work. The Contractor shall perform the Work."): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const body =
    `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t xml:space="preserve">${escaped}</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>` +
    `<w:ins w:id="1" w:author="Dana Counsel" w:date="2026-03-02T10:00:00Z"><w:r><w:t xml:space="preserve"> Time is of the essence.</w:t></w:r></w:ins></w:p>`;
  const comments = `<w:comments ${W}><w:comment w:id="0" w:author="Dana Counsel" w:date="2026-03-02T10:00:00Z"><w:p><w:r><w:t>Please confirm.</w:t></w:r></w:p></w:comment></w:comments>`;
  return makeMinimalDocxZip({ bodyXml: body }, [{ name: "word/comments.xml", data: comments }]);
}

/**
 * A real zip bomb dressed as a .docx: word/document.xml inflates to `inflatedBytes` (default 32 MB) of
 * whitespace from a few dozen kilobytes. Nothing must ever inflate it. With `declaredSize`, the
 * archive's headers lie about that size, so only inflating with a running count can catch it.
 */
export function makeZipBomb(inflatedBytes = 32 * 1024 * 1024, options: { declaredSize?: number } = {}): Buffer {
  const xml = Buffer.alloc(inflatedBytes, 0x20);
  Buffer.from(documentXml(paragraphsXml(["Bomb"])), "utf8").copy(xml, 0);
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: ROOT_RELS },
    { name: "word/document.xml", data: xml, ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }) },
  ]);
}

/**
 * A "non-recursive" zip bomb: many central directory entries that all point at the same compressed
 * data, so a small file inflates many times over. Made from a minimal .docx.
 */
export function makeOverlappingZip(copies = 50): Buffer {
  const zip = makeMinimalDocxZip(["Overlap"]);
  const eocd = zip.length - 22;
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const directory = zip.subarray(cdOffset, cdOffset + cdSize);
  // The document.xml record is the last one; copy it under new names, same local header offset.
  const last = directory.lastIndexOf(Buffer.from("PK\x01\x02", "latin1"));
  const record = directory.subarray(last);
  const copiesBuf = Array.from({ length: copies }, (_, i) => {
    const name = Buffer.from(`word/copy${String(i).padStart(4, "0")}.xml`, "utf8");
    const header = Buffer.from(record.subarray(0, 46));
    header.writeUInt16LE(name.length, 28);
    return Buffer.concat([header, name]);
  });
  const newDirectory = Buffer.concat([directory, ...copiesBuf]);
  const end = Buffer.from(zip.subarray(eocd));
  end.writeUInt16LE(3 + copies, 8);
  end.writeUInt16LE(3 + copies, 10);
  end.writeUInt32LE(newDirectory.length, 12);
  return Buffer.concat([zip.subarray(0, cdOffset), newDirectory, end]);
}

/** A .docx-shaped archive with an entry that climbs out of the extraction folder. */
export function makeZipWithTraversal(name = "../../../../tmp/clausewise-evil.txt"): Buffer {
  return makeMinimalDocxZip(["A contract with a hostile archive."], [{ name, data: "owned" }]);
}

/** A file that is a PDF from the front and a .docx (ZIP) from the back. */
export async function makePolyglot(canary?: string): Promise<Buffer> {
  const pdf = await makePdf(["This is the PDF side of a polyglot file."]);
  const docx = await makeDocx(canary ? { paragraphs: ["This is the Word side of a polyglot file."], canary } : ["This is the Word side of a polyglot file."]);
  return Buffer.concat([pdf, docx]);
}

// ---------------------------------------------------------------------------------------------
// Word 97-2003 (.doc): the smallest OLE2 compound file word-extractor reads

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const TEXT_OFFSET = 0x800;

function directoryEntry(name: string, type: number, child: number, right: number, start: number, size: number): Buffer {
  const entry = Buffer.alloc(128);
  entry.write(name, 0, "utf16le");
  entry.writeUInt16LE((name.length + 1) * 2, 64);
  entry.writeUInt8(type, 66);
  entry.writeUInt8(1, 67);
  entry.writeInt32LE(-1, 68);
  entry.writeInt32LE(right, 72);
  entry.writeInt32LE(child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/**
 * A Word 97 binary document: FIB, one UTF-16 text piece, a piece table in 1Table, in an OLE2 container
 * with 512-byte sectors and no mini stream (both streams are padded past the 4096-byte cutoff).
 */
export function makeDoc(paragraphs: string[]): Buffer {
  const text = paragraphs.join("\r") + "\r";
  const textBytes = Buffer.from(text, "utf16le");
  const roundUp = (n: number) => Math.max(4096, Math.ceil(n / SECTOR) * SECTOR);

  const word = Buffer.alloc(roundUp(TEXT_OFFSET + textBytes.length));
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the piece table is in 1Table
  word.writeUInt32LE(TEXT_OFFSET, 0x18); // fcMin
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx
  word.writeUInt32LE(21, 0x1a6); // lcbClx
  textBytes.copy(word, TEXT_OFFSET);

  const table = Buffer.alloc(4096);
  table.writeUInt8(0x02, 0); // clxt: Pcdt
  table.writeUInt32LE(16, 1); // PlcPcd size: two CPs and one PCD
  table.writeUInt32LE(0, 5); // CP 0
  table.writeUInt32LE(text.length, 9); // CP end
  table.writeUInt32LE(TEXT_OFFSET, 15); // PCD.fc (bit 30 clear: UTF-16 text)

  const wordStart = 2;
  const wordSectors = word.length / SECTOR;
  const tableStart = wordStart + wordSectors;
  const tableSectors = table.length / SECTOR;
  const totalSectors = tableStart + tableSectors;
  if (totalSectors > SECTOR / 4) throw new Error("makeDoc: text too long for a single FAT sector");

  const fat = Buffer.alloc(SECTOR, 0xff);
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat.writeUInt32LE(i === count - 1 ? END_OF_CHAIN : start + i + 1, (start + i) * 4);
  };
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  chain(wordStart, wordSectors);
  chain(tableStart, tableSectors);

  const directory = Buffer.concat([
    directoryEntry("Root Entry", 5, 1, -1, END_OF_CHAIN, 0),
    directoryEntry("WordDocument", 2, -1, 2, wordStart, word.length),
    directoryEntry("1Table", 2, -1, -1, tableStart, table.length),
    Buffer.alloc(128),
  ]);

  const header = Buffer.alloc(SECTOR);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // directory starts at sector 1
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + i * 4);

  return Buffer.concat([header, fat, directory, word, table]);
}
