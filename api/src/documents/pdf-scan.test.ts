import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync, inflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { makeLargePdf, makeRawPdf } from "../test/fixtures";
import { deflateBomb, makeCcittBombPdf, makeGiantScanPdf, makePdfWithStreams } from "../test/hostile-pdf";
import { UPLOAD_MESSAGES } from "./errors";
import { DOCUMENT_LIMITS } from "./limits";
import { extractPdf } from "./pdf";
import { scanPdf } from "./pdf-scan";
import { ArraySource, FlateStage } from "./pdf-scan/decoders";
import { OperatorCounter } from "./pdf-scan/operators";

const MB = 1024 * 1024;
const limits = DOCUMENT_LIMITS.pdf;
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../shared/fixtures/pdf");

async function refusal(pdf: Uint8Array): Promise<AppError> {
  const error: unknown = await extractPdf(pdf).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** pdfkit's own encryption, with an empty user password (opens without asking) and optionally a bomb in the page content. */
async function encryptedPdf(pdfVersion: string, bomb?: number): Promise<Buffer> {
  const doc = new PDFDocument({ pdfVersion: pdfVersion as "1.4", ownerPassword: "owner", userPassword: "" });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.text("The Contractor shall perform the Work. ".repeat(100));
  if (bomb) {
    // Already deflated: pdfkit leaves a stream that names its filter alone, and encrypts it.
    const ref = doc.ref({ Filter: "FlateDecode" });
    ref.end(Buffer.from(deflateBomb(bomb)));
    const page = (doc as unknown as { page: { dictionary: { data: { Contents: unknown } } } }).page;
    page.dictionary.data.Contents = [page.dictionary.data.Contents, ref];
  }
  doc.end();
  return done;
}

describe("the PDF scan's decoders", () => {
  it("inflate exactly what zlib deflates (stored, fixed and dynamic blocks)", () => {
    const text = Buffer.from("The Owner shall pay the Contractor within 30 days. ".repeat(5000));
    const noise = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251));
    for (const input of [text, noise, Buffer.concat([text, noise, text])]) {
      for (const level of [0, 1, 6, 9]) {
        const compressed = deflateSync(input, { level });
        const out: Buffer[] = [];
        const stage = new FlateStage(new ArraySource(compressed, 0, compressed.length), { add: () => undefined });
        for (let chunk = stage.next(); chunk; chunk = stage.next()) out.push(Buffer.from(chunk));
        expect(Buffer.concat(out).equals(input), `level ${level}`).toBe(true);
      }
    }
  });

  it("agree with zlib on the hand-made test bombs, which zlib accepts as standard DEFLATE", () => {
    for (const [size, byte] of [[5 * MB + 7, 0], [3 * MB, 0x51]] as const) {
      const bomb = deflateBomb(size, byte);
      const expected = inflateSync(bomb);
      expect(expected.length).toBeGreaterThanOrEqual(size);
      expect(expected.every((b) => b === byte)).toBe(true);
      let total = 0;
      const stage = new FlateStage(new ArraySource(bomb, 0, bomb.length), { add: (n) => (total += n) });
      for (let chunk = stage.next(); chunk; chunk = stage.next()) expect(chunk.every((b) => b === byte)).toBe(true);
      expect(total).toBe(expected.length);
    }
    expect(deflateBomb(1024 * MB).length).toBeLessThan(1.1 * MB);
  });
});

describe("the PDF scan's operator count", () => {
  const count = (...chunks: string[]) => {
    const counter = new OperatorCounter();
    for (const chunk of chunks) counter.push(Buffer.from(chunk, "latin1"));
    return counter.end();
  };

  it("splits commands as pdfjs' lexer does: greedy, numbers apart, names never commands", () => {
    expect(count("q 1 0 0 1 0 0 cm BT /F1 12 Tf (Hi) Tj ET Q")).toBe(7);
    expect(count("QQQ")).toBe(3);
    expect(count("1Q2Q")).toBe(2);
    expect(count("T*Tj'\"")).toBe(4);
    expect(count("BDCEMC")).toBe(2);
    expect(count("falseQ")).toBe(1);
    expect(count("xQQ")).toBe(0);
    // pdfjs ends a one-byte command where a digit follows: three bytes an operator.
    expect(count("\x805Q\x805Q")).toBe(2);
  });

  it("counts across chunk boundaries, and a name split by one stays a name", () => {
    expect(count("Q", "Q Q")).toBe(3);
    expect(count("/", "Gs0 gs")).toBe(1);
    expect(count("B", "T /F1 1 Tf E", "T")).toBe(3);
  });
});

describe("scanPdf: what a PDF unpacks to, before pdfjs opens it", () => {
  it("refuses one FlateDecode content stream of 1 GiB of zeros (a 1 MB file) with 413, having decoded only up to the limit", async () => {
    const pdf = makePdfWithStreams([deflateBomb(1024 * MB)]);
    expect(pdf.length).toBeLessThan(1.1 * MB);
    const error = await refusal(pdf);
    expect(error.status).toBe(413);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("This PDF is too large when unpacked. It may be damaged or built to exhaust the server.");
  });

  it("refuses many streams each under the per-stream limit that together pass the document limit", async () => {
    const each = limits.maxStreamBytes - MB;
    const count = Math.ceil(limits.maxDocumentBytes / each) + 1;
    // The kind of refusal, on a scale model (the same shape against a sixteenth of the limits):
    const small = { ...limits, maxStreamBytes: limits.maxStreamBytes / 16, maxDocumentBytes: limits.maxDocumentBytes / 16 };
    expect(scanPdf(makePdfWithStreams(Array.from({ length: count }, () => deflateBomb(each / 16))), small).problem).toBe("document_too_large");
    const pdf = makePdfWithStreams(Array.from({ length: count }, () => deflateBomb(each)));
    const error = await refusal(pdf);
    expect(error.status).toBe(413);
    expect(error.message).toBe(UPLOAD_MESSAGES.pdfTooLargeUnpacked);
  });

  it("counts a stream again each time a page's /Contents names it (pdfjs concatenates them)", () => {
    const stream = deflateBomb(8 * MB, 0x20);
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${"4 0 R ".repeat(40)}] >>`,
      `<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n${Buffer.from(stream).toString("latin1")}\nendstream`,
    ];
    expect(scanPdf(makeRawPdf(objects), limits).problem).toBe("stream_too_large");
  });

  it("refuses a PDF with more content operators than the limit (422), even written without spaces", async () => {
    const pdf = makePdfWithStreams([deflateBomb(limits.maxOperators + 1_000_000, "Q".charCodeAt(0))]);
    const error = await refusal(pdf);
    expect(error.status).toBe(422);
    expect(error.code).toBe("unprocessable");
    expect(error.message).toBe(UPLOAD_MESSAGES.pdfTooManyOperators);
  });

  it("refuses a scanned page of giant size whose JPEG would decode to 400 megapixels (422)", async () => {
    const pdf = makeGiantScanPdf(20_000);
    expect(pdf.length).toBeLessThan(10 * 1024);
    expect(scanPdf(pdf, limits).problem).toBe("image_too_large");
    const error = await refusal(pdf);
    expect(error.status).toBe(422);
    expect(error.message).toBe("This PDF contains an image larger than 50 megapixels, too large to read. Try saving it with smaller images.");
  });

  it("measures encrypted streams decrypted, as pdfjs reads them without a password (RC4 40 and 128, AES 128 and 256)", async () => {
    const plain = scanPdf(await encryptedPdf("1.3"), limits);
    for (const version of ["1.3", "1.4", "1.6", "1.7ext3"]) {
      const pdf = await encryptedPdf(version);
      expect(pdf.toString("latin1"), version).toContain("/Encrypt");
      const scan = scanPdf(pdf, limits);
      expect(scan.decodedBytes, version).toBe(plain.decodedBytes);
      expect(scan.problem, version).toBeNull();
      expect(scanPdf(await encryptedPdf(version, 100 * MB), limits).problem, version).toBe("stream_too_large");
    }
  });

  it("reads a stream to the end of the file when its /Length cannot be resolved here, not to the first `endstream` in its data", () => {
    // A stored block holding the bytes "endstream", then the bomb's blocks: cut at the first
    // `endstream`, the stream would look like 10 bytes.
    const storedDecoy = Buffer.concat([Buffer.from([0x78, 0x01, 0x00, 0x0a, 0x00, 0xf5, 0xff]), Buffer.from("endstream\n")]);
    const data = Buffer.concat([storedDecoy, deflateBomb(100 * MB).subarray(2)]);
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
      `<< /Length 99 0 R /Filter /FlateDecode >>\nstream\n${data.toString("latin1")}\nendstream`,
    ];
    expect(scanPdf(makeRawPdf(objects), limits).problem).toBe("stream_too_large");
  });

  it("leaves real contracts far inside the limits: a 10 MB, 300-page PDF and the shared real files", async () => {
    const files: [string, Uint8Array][] = [["10 MB, 300 pages (pdfkit)", await makeLargePdf(10 * MB - 64 * 1024, { textPages: 300 })]];
    for (const name of ["federal-register-2020-17221.pdf", "ocrmypdf_c02-22-scanned.pdf"]) {
      if (existsSync(path.join(fixtures, name))) files.push([name, readFileSync(path.join(fixtures, name))]);
    }
    for (const [label, pdf] of files) {
      const scan = scanPdf(pdf, limits);
      console.log(`pdf scan: ${label}: ${(scan.decodedBytes / MB).toFixed(1)} MB decoded in ${scan.streams} streams, ${scan.operators} operators`);
      expect(scan.problem, label).toBeNull();
      expect(scan.decodedBytes, label).toBeLessThan(limits.maxDocumentBytes / 4);
      expect(scan.operators, label).toBeLessThan(limits.maxOperators / 10);
    }
  });

  it("does not measure what it cannot decode (CCITT), which is left to the pool's memory watch", () => {
    expect(scanPdf(makeCcittBombPdf(65_536, 1024), limits).problem).toBeNull();
  });
});
