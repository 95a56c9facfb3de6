import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));

/** Each page's text, read back with pdfjs the way documents/pdf.ts reads uploads (legacy build, no eval). */
export async function readPdf(bytes: Uint8Array): Promise<string[]> {
  const workerPath = path.join(PDFJS_DIR, "legacy/build/pdf.worker.mjs");
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(pathToFileURL(workerPath).href);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: pdfjs.VerbosityLevel.ERRORS, standardFontDataUrl: path.join(PDFJS_DIR, "standard_fonts") + path.sep }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages;
}

/** Wrapping turns spaces into line breaks; compare text with its whitespace collapsed. */
export const flat = (text: string) => text.replace(/\s+/g, " ").trim();
