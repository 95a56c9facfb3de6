import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { makeCanary, makeDoc, makeDocx, makeImageOnlyPdf, makeMinimalDocxZip, makePdf, makeZip } from "../test/fixtures";
import { NoTextLayerError, UPLOAD_MESSAGES } from "./errors";
import { extractDocument } from "./extract";
import { OCR_LIMITS } from "./ocr";
import { makeScannedPdf } from "./ocr/test-scan";
import type { DocumentKind } from "./validate";

async function failure(kind: DocumentKind, bytes: Uint8Array): Promise<AppError> {
  const error: unknown = await extractDocument(kind, bytes).then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof AppError) return error;
  throw new Error(`expected an AppError, got ${String(error)}`);
}

describe("extractDocument: text files", () => {
  it("reads UTF-8 and Windows-1252 alike (café both ways)", async () => {
    const utf8 = await extractDocument("txt", new Uint8Array(Buffer.from("Le café est servi.", "utf8")));
    const cp1252 = await extractDocument("txt", new Uint8Array([...Buffer.from("Le caf", "latin1"), 0xe9, ...Buffer.from(" est servi.", "latin1")]));
    expect(utf8.text).toBe("Le café est servi.");
    expect(cp1252.text).toBe("Le café est servi.");
    expect(utf8.warnings).toEqual([]);
    expect(cp1252.warnings[0]).toMatch(/Windows-1252/);
  });

  it("reads Windows-1252 punctuation (curly quotes, euro sign)", async () => {
    const result = await extractDocument("txt", new Uint8Array([0x93, 0x4f, 0x4b, 0x94, 0x20, 0x80, 0x35]));
    expect(result.text).toBe("\u201cOK\u201d \u20ac5");
  });

  it("strips a BOM, normalises CRLF and splits paragraphs on blank lines", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("1. Scope\r\nof Work\r\n\r\n2. Price\r\n", "utf8")]);
    const result = await extractDocument("txt", bytes);
    expect(result.text).toBe("1. Scope\nof Work\n\n2. Price");
    expect(result.html).toBe("<p>1. Scope<br />of Work</p><p>2. Price</p>");
  });

  it("reads UTF-16 text that says so with a byte order mark", async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Clause 1 — café", "utf16le")]);
    expect((await extractDocument("txt", bytes)).text).toBe("Clause 1 — café");
  });

  it("escapes markup in text files", async () => {
    const result = await extractDocument("txt", Buffer.from('<script>alert("x")</script> & <b onclick=1>bold</b>', "utf8"));
    expect(result.html).toBe("<p>&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; &lt;b onclick=1&gt;bold&lt;/b&gt;</p>");
    expect(result.text).toBe('<script>alert("x")</script> & <b onclick=1>bold</b>');
  });

  it("refuses a file with nothing but whitespace", async () => {
    const error = await failure("txt", Buffer.from(" \r\n\t\r\n", "utf8"));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.noText);
  });
});

describe("extractDocument: Word 97-2003", () => {
  it("reads the body text of a .doc", async () => {
    const canary = makeCanary();
    const result = await extractDocument("doc", makeDoc(["MASTER SERVICES AGREEMENT", "1. The Contractor shall supply the pumps.", `Ref ${canary} — café`]));
    expect(result.text).toBe(`MASTER SERVICES AGREEMENT\n\n1. The Contractor shall supply the pumps.\n\nRef ${canary} — café`);
    expect(result.html).toContain("<p>1. The Contractor shall supply the pumps.</p>");
  });

  it("answers 400 for a damaged .doc", async () => {
    const doc = makeDoc(["text"]);
    const error = await failure("doc", doc.subarray(0, 700));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.docDamaged);
  });
});

describe("extractDocument: DOCX", () => {
  it("keeps headings, numbered clauses and tables, and leaves headers and footers out of the body", async () => {
    const docx = await makeDocx({
      header: "RUNNING HEADER Acme EPC",
      footer: "RUNNING FOOTER page",
      paragraphs: [
        { heading: "Engineering, Procurement and Construction Agreement" },
        "This Agreement is made on 1 November 2026.",
        { heading: "Payment", level: 2 },
        { numbered: ["The Owner shall pay within 28 days.", "Holdback of 10% applies."] },
        { table: [["Milestone", "Amount"], ["Mechanical completion", "$1,000,000"]] },
      ],
    });
    const result = await extractDocument("docx", docx);
    expect(result.text).toBe(
      [
        "Engineering, Procurement and Construction Agreement",
        "This Agreement is made on 1 November 2026.",
        "Payment",
        "1. The Owner shall pay within 28 days.",
        "2. Holdback of 10% applies.",
        "Milestone\tAmount\nMechanical completion\t$1,000,000",
      ].join("\n\n"),
    );
    expect(result.html).toContain("<h1>Engineering, Procurement and Construction Agreement</h1>");
    expect(result.html).toContain("<h2>Payment</h2>");
    expect(result.html).toContain("<ol><li>The Owner shall pay within 28 days.</li>");
    expect(result.html).toContain("<table>");
    expect(result.text).not.toMatch(/RUNNING (HEADER|FOOTER)/);
  });

  it("never passes links, scripts or event handlers through", async () => {
    const body =
      '<w:p><w:hyperlink r:id="rId9"><w:r><w:t>click me</w:t></w:r></w:hyperlink></w:p>' +
      '<w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</w:t></w:r></w:p>';
    const rels =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/></Relationships>';
    const docx = makeMinimalDocxZip({ bodyXml: body }, [{ name: "word/_rels/document.xml.rels", data: rels }]);
    const result = await extractDocument("docx", docx);
    expect(result.text).toContain("click me");
    expect(result.html).not.toMatch(/<(a|script|img)\b|href=|javascript:/i);
    expect(result.html).toContain("&lt;script&gt;");
  });

  it("refuses an archive whose entries inflate beyond their declared size (lying headers)", async () => {
    const docx = makeMinimalDocxZip(["Styles lie"], [{ name: "word/styles.xml", data: `<w:styles>${" ".repeat(400_000)}</w:styles>`, declaredSize: 2_000 }]);
    const error = await failure("docx", docx);
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveTooLarge);
  });

  it("answers 400 for a .docx whose XML is broken", async () => {
    const docx = makeZip([
      { name: "[Content_Types].xml", data: "<Types" },
      { name: "word/document.xml", data: "<w:document><w:body><w:p>" },
    ]);
    const error = await failure("docx", docx);
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.archiveDamaged);
  });
});

describe("extractDocument: generated PDFs", () => {
  it("rebuilds paragraphs and headings, with a page count", async () => {
    const canary = makeCanary();
    const pdf = await makePdf({
      canary,
      paragraphs: [
        { heading: "1. Definitions" },
        "In this Agreement, Contract Price means the amount stated in Schedule B, as adjusted by Change Orders issued under Article 9, and Work means everything the Contractor must supply.",
        { heading: "2. Payment" },
        "The Owner shall pay each undisputed invoice within 28 days of receipt, less the statutory holdback.",
      ],
    });
    const result = await extractDocument("pdf", pdf);
    expect(result.pageCount).toBe(1);
    expect(result.text).toBe(
      [
        canary,
        "1. Definitions",
        "In this Agreement, Contract Price means the amount stated in Schedule B, as adjusted by Change Orders issued under Article 9, and Work means everything the Contractor must supply.",
        "2. Payment",
        "The Owner shall pay each undisputed invoice within 28 days of receipt, less the statutory holdback.",
      ].join("\n\n"),
    );
    expect(result.html).toContain("<h1>1. Definitions</h1>");
  });

  it("reads a three-column layout column by column and drops running headers, footers and page numbers", async () => {
    const clause = (n: number) => `Clause ${n}. The Contractor shall perform the Work diligently, in accordance with the Schedule and the Specifications, item ${n}.`;
    const pdf = await makePdf({
      columns: 3,
      header: "Acme EPC Ltd. - Master Services Agreement - Confidential",
      footer: "Initials: ______  Page {page}",
      pageNumbers: true,
      marginStamp: "Received by Legal 2026-11-02",
      pages: [
        Array.from({ length: 12 }, (_, i) => clause(i + 1)),
        Array.from({ length: 12 }, (_, i) => clause(i + 13)),
      ],
    });
    const result = await extractDocument("pdf", pdf);
    expect(result.pageCount).toBe(2);
    const paragraphs = result.text.split("\n\n");
    expect(paragraphs).toEqual(Array.from({ length: 24 }, (_, i) => clause(i + 1)));
    expect(result.text).not.toMatch(/Confidential|Initials|Received by Legal/);
    expect(result.warnings).toEqual(["Some rotated text (such as margin notes or watermarks) was left out."]);
  });

  it("throws NoTextLayerError for a PDF of drawings only (nothing to recognise)", async () => {
    const error = await failure("pdf", await makeImageOnlyPdf());
    expect(error).toBeInstanceOf(NoTextLayerError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("This PDF has no text layer, and no text could be recognised in it. Please upload a PDF with a text layer or a DOCX.");
  });

  it("warns about pages without a text layer when other pages have text", async () => {
    const result = await extractDocument("pdf", await makeImageOnlyPdf({ textFirstPage: "Page one has the signature block." }));
    expect(result.text).toBe("Page one has the signature block.");
    expect(result.warnings).toEqual(["Page 2 has no text layer (scanned or blank); its content is missing."]);
  });

  it("keeps body text that repeats on every page when it is not in the page margins", async () => {
    const text = "The Contractor shall keep the Site safe at all times.";
    for (const header of ["Acme EPC - Confidential", undefined]) {
      const result = await extractDocument("pdf", await makePdf({ pages: 3, text, header }));
      expect(result.text).toBe([text, text, text].join("\n\n"));
    }
  });

  it("answers 400 'could not be read' for a truncated or corrupt PDF", async () => {
    const pdf = await makePdf(["A short contract."]);
    for (const broken of [pdf.subarray(0, 400), Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage")]) {
      const error = await failure("pdf", broken);
      expect(error.status).toBe(400);
      expect(error.message).toBe("This PDF could not be read. It may be damaged.");
    }
  });
});

describe("extractDocument: scanned PDFs (OCR)", () => {
  const OCR_TIMEOUT = 120_000;
  const supply = [
    "MASTER SUPPLY AGREEMENT",
    "1. The Supplier shall deliver the turbines to the Site no later than 15 March 2027, failing which liquidated damages of 0.5% of the Contract Price apply for each week of delay.",
    "2. The Purchaser shall pay each undisputed invoice within 30 days of receipt.",
  ];
  const ocrWarning = (pages: number) =>
    `Text of ${pages} ${pages === 1 ? "page" : "pages"} was recognised by OCR from a scanned image; please check it against the original.`;

  it(
    "recognises the text of scanned pages, through the same layout as a text layer",
    async () => {
      const result = await extractDocument("pdf", await makeScannedPdf({ pages: [supply, ["3. This Agreement is governed by the laws of Ontario."]] }));
      expect(result.pageCount).toBe(2);
      // OCR may misread a character now and then; whole clauses in order show the pipeline works.
      expect(result.text).toContain("The Supplier shall deliver the turbines to the Site");
      expect(result.text).toContain("liquidated damages");
      expect(result.text).toContain("The Purchaser shall pay each undisputed invoice within 30 days of receipt.");
      expect(result.text.indexOf("MASTER SUPPLY AGREEMENT")).toBeLessThan(result.text.indexOf("governed by the laws of Ontario"));
      expect(result.text.split("\n\n")).toHaveLength(4);
      expect(result.html).toContain("<h3>MASTER SUPPLY AGREEMENT</h3>");
      expect(result.warnings).toEqual([ocrWarning(2)]);
    },
    OCR_TIMEOUT,
  );

  it(
    "keeps the text layer of text pages and recognises only the scanned ones",
    async () => {
      const result = await extractDocument("pdf", await makeScannedPdf({ textFirstPage: "Page one has the signature block.", pages: [supply] }));
      expect(result.text.startsWith("Page one has the signature block.\n\nMASTER SUPPLY AGREEMENT")).toBe(true);
      expect(result.warnings).toEqual([ocrWarning(1)]);
    },
    OCR_TIMEOUT,
  );

  it("refuses a PDF with more scanned pages than OCR_LIMITS.maxPages, before recognising any", async () => {
    const pages = Array.from({ length: OCR_LIMITS.maxPages + 1 }, () => ["Page"]);
    const error = await failure("pdf", await makeScannedPdf({ pages, dpi: 20 }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.ocrTooManyPages);
    expect(error.message).toBe(
      "This PDF has more than 50 scanned pages, too many to recognise. Split it into smaller files or upload a PDF with a text layer.",
    );
  });
});
