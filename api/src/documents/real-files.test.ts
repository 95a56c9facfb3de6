import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { UPLOAD_MESSAGES } from "./errors";
import { extractDocument, type ExtractedDocument } from "./extract";
import type { OcrProgress } from "./ocr";
import { closeExtractionPool, extractInWorker } from "./pool";
import { validateUpload } from "./validate";

// The shared fixtures sit beside the repository (<repo>/../shared/fixtures), never inside it.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dir = path.resolve(repoRoot, "../shared/fixtures");
const present = existsSync(dir);
if (!present) console.warn(`shared fixtures not found at ${dir}; skipping real-file extraction tests`);

async function extractFixture(relative: string): Promise<ExtractedDocument> {
  const bytes = new Uint8Array(readFileSync(path.join(dir, relative)));
  const { kind } = validateUpload({ fileName: path.basename(relative), bytes });
  return extractDocument(kind, bytes);
}

async function fixtureError(relative: string): Promise<unknown> {
  return extractFixture(relative).then(
    () => null,
    (error: unknown) => error,
  );
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe.skipIf(!present)("real DOCX files (shared/fixtures/docx)", () => {
  it("HC031: numbered paragraphs and table text in the body; header watermark, comments and deletions out", async () => {
    const { text, html, warnings } = await extractFixture("docx/HC031-Complicated-Document.docx");
    expect(warnings).toEqual(["Equations were left out."]);
    for (const clause of [
      "1. Video provides a powerful way to help you prove your point.",
      "1.1. When you click Online Video, you can paste in the embed code for the video you want to add.",
      "2.3.1. When you click Design and choose a new Theme, the pictures, charts, and SmartArt graphics change to match your new theme.",
      "3.1. Save time in Word with new buttons that show up where you need them.",
      "5. Fusce est.",
    ]) {
      expect(text).toContain(clause);
    }
    expect(text).toContain("Lorem ipsum dolor sit amet\tConsectetuer adipiscing elit\tMaecenas porttitor congue massa.\n400\t500\t600");
    expect(text).toContain("Lorem ipsum dolor sit amet\tConsectetuer adipiscing elit\tMaecenas porttitor congue massa.\n100\t200\t300\n400\t500\t600");
    expect(html).toContain("<h1>Heading1</h1>");
    expect(html).toContain("<h2>Heading 2</h2>");
    // The header holds a "CONFIDENTIAL" watermark; comments and tracked deletions are not the accepted text.
    expect(text).not.toContain("CONFIDENTIAL");
    expect(text).not.toContain("This is a comment.");
    expect(text).toContain("When you click Online Video, you can paste. You can also type a keyword");
    expect(html).not.toMatch(/<a\b|href=/);
    expect(html).not.toContain("↑");
  });

  it("HC029: each merged cell's text once", async () => {
    const { text, html } = await extractFixture("docx/HC029-Table-Merged-Cells.docx");
    const header = "Lorem ipsum dolor sit amet\tConsectetuer adipiscing elit\tMaecenas porttitor congue massa.";
    expect(text).toBe(`${header}\n100 400\t200\t300\n500\t600\n\n${header}\n100 200\t300\n400\t500\t600`);
    for (const value of ["100", "200", "300", "400", "500", "600"]) expect(occurrences(text, value)).toBe(2);
    expect(html).toContain('<td rowspan="2">');
    expect(html).toContain('<td colspan="2">');
  });

  it("mammoth text box: 'Datum plane' exactly once", async () => {
    const { text } = await extractFixture("docx/mammoth_text-box.docx");
    expect(occurrences(text, "Datum plane")).toBe(1);
  });

  it("RP015: a tracked move reads like Word's own 'accept all', the moved text once", async () => {
    const moved = await extractFixture("docx/RP015-MoveFrom-MoveTo.docx");
    const accepted = await extractFixture("docx/RP015-MoveFrom-MoveTo-Accepted.docx");
    expect(moved.text).toBe(accepted.text);
    expect(moved.text).toBe("Video provides a powerful way.\n\nYou can also type a keyword.\n\nWhen you click Online Video.\n\nMake your document look professionally produced.");
  });
});

describe.skipIf(!present)("real PDF files (shared/fixtures/pdf)", () => {
  let register: ExtractedDocument;
  beforeAll(async () => {
    register = await extractFixture("pdf/federal-register-2020-17221.pdf");
  });

  it("federal register: three columns read in order, sentences intact across columns and pages", () => {
    const sentences = [
      "The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51, which applies to all The Boeing Company Model 737–8 and 737–9 (737 MAX) airplanes.",
      // Runs from the foot of the first column into the second on page 2, past the column's footnotes.
      "These effects include stall warning activation, airspeed disagree alert, and altitude disagree alert,[5] and may affect the flightcrew’s ability to accomplish continued safe flight and landing.",
      "On March 10, 2019, a Boeing Model 737–8 airplane operated by Ethiopian Airlines (Ethiopian Airlines Flight 302) was involved in an accident after takeoff from Addis Ababa Bole International Airport in Addis Ababa, Ethiopia, resulting in 157 fatalities.",
      "(5) In the Operating Procedures chapter, replace the existing Stabilizer Trim Inoperative paragraph with the information in figure 4 to paragraph (h)(5) of this AD.",
      "Airworthiness Directives; Pilatus Aircraft Ltd. Airplanes",
    ];
    let previous = -1;
    for (const sentence of sentences) {
      const at = register.text.indexOf(sentence);
      expect(at, sentence).toBeGreaterThan(previous);
      previous = at;
    }
    expect(register.pageCount).toBe(15);
  });

  it("federal register: running headers, the print footer and page numbers are gone", () => {
    expect(occurrences(register.text, "Federal Register / Vol. 85, No. 152")).toBeLessThanOrEqual(1);
    expect(register.text).not.toContain("VerDate");
    expect(register.text).not.toMatch(/^477\d\d$/m);
    expect(register.text).not.toContain("jbell on DSKJLSW7X2PROD");
  });

  it("federal register: footnotes are kept, after the body text", () => {
    const note = register.text.indexOf("[1] Preliminary KNKT.18.10.35.04 Aircraft Accident Investigation Report");
    expect(note).toBeGreaterThan(register.text.indexOf("Airworthiness Directives; Pilatus Aircraft Ltd. Airplanes"));
  });

  it("encrypted PDF: a clear password message, not a crash", async () => {
    const error = await fixtureError("pdf/generated_encrypted-user-password-test.pdf");
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("validation_failed");
    expect((error as AppError).message).toBe(UPLOAD_MESSAGES.pdfPassword);
    expect((error as AppError).message).toBe("This PDF is password-protected. Remove the password and upload it again.");
  });

});

describe.skipIf(!present)("real scanned PDF (shared/fixtures/pdf/ocrmypdf_c02-22-scanned.pdf), read by OCR", () => {
  const OCR_TIMEOUT = 120_000;
  const fixture = "pdf/ocrmypdf_c02-22-scanned.pdf";
  // A page of Huckleberry Finn, scanned with an illustration beside the text. Phrases from the body,
  // in reading order; OCR need not be perfect, but these read cleanly at 300 dpi.
  const phrases = [
    "went tip-toeing along a path amongst the trees",
    "widow’s garden",
    "We scrouched down and laid still.",
    "Miss Watson",
    "He listened some more",
    "THEY TIP-TOED ALONG.",
    "my ear begun to itch",
    "funeral, or trying to go to sleep",
  ];
  const ocrWarning = "Text of 1 page was recognised by OCR from a scanned image; please check it against the original.";

  function expectPhrasesInOrder(text: string): void {
    let previous = -1;
    for (const phrase of phrases) {
      const at = text.indexOf(phrase);
      expect(at, phrase).toBeGreaterThan(previous);
      previous = at;
    }
  }

  it(
    "recognises the page text, with a warning to check it",
    async () => {
      const { text, warnings, pageCount } = await extractFixture(fixture);
      expectPhrasesInOrder(text);
      expect(pageCount).toBe(1);
      expect(warnings).toEqual([ocrWarning]);
    },
    OCR_TIMEOUT,
  );

  it(
    "recognises it in the extraction worker too, reporting progress",
    async () => {
      const bytes = new Uint8Array(readFileSync(path.join(dir, fixture)));
      const progress: OcrProgress[] = [];
      try {
        const { text, warnings } = await extractInWorker("pdf", bytes, { onProgress: (p) => progress.push(p) });
        expectPhrasesInOrder(text);
        expect(warnings).toEqual([ocrWarning]);
        expect(progress).toEqual([
          { done: 0, pages: 1 },
          { done: 1, pages: 1 },
        ]);
      } finally {
        await closeExtractionPool();
      }
    },
    OCR_TIMEOUT,
  );
});
