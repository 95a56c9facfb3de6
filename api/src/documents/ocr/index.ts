import type { Line } from "tesseract.js";
import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PdfTextItem } from "../pdf-layout";
import { NapiCanvasFactory } from "./canvas";
import { startOcrEngine } from "./engine";
import { OCR_LIMITS } from "./limits";

export { installCanvasGlobals, NapiCanvasFactory } from "./canvas";
export { OCR_LIMITS } from "./limits";

export interface OcrProgress {
  /** Scanned pages recognised so far, out of `pages`. */
  done: number;
  pages: number;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PDF_POINTS_PER_INCH = 72;

/** Renders a page at OCR resolution (white background, as on paper) and encodes it as PNG. */
async function renderPage(page: PDFPageProxy, canvasFactory: NapiCanvasFactory): Promise<{ png: Buffer; viewport: PageViewport }> {
  const natural = page.getViewport({ scale: 1 });
  const fit = Math.sqrt(OCR_LIMITS.maxPixels / (natural.width * natural.height));
  const viewport = page.getViewport({ scale: Math.min(OCR_LIMITS.dpi / PDF_POINTS_PER_INCH, fit) });
  const target = canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    const { canvas, context } = target;
    if (!canvas || !context) throw new Error("Canvas is not available");
    // pdfjs's parameter types are the DOM's; the @napi-rs/canvas objects implement the part it uses.
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport, background: "#ffffff" }).promise;
    return { png: await canvas.encode("png"), viewport };
  } finally {
    canvasFactory.destroy(target);
  }
}

/**
 * A recognised line as a pdfjs-like text item in PDF user space, so that the page goes through the
 * same layout (columns, paragraphs, running heads) as a PDF with a text layer. The line's baseline
 * gives its position and direction (scans are often slightly skewed, pages may be rotated); its row
 * height stands in for the font size.
 */
function lineToItem(line: Line, viewport: PageViewport): PdfTextItem | null {
  const str = line.text.trim();
  if (line.confidence < OCR_LIMITS.minLineConfidence || !LETTER_OR_DIGIT.test(str)) return null;
  const { baseline, bbox } = line;
  const slope = baseline.x1 !== baseline.x0 ? (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0) : 0;
  const startY = baseline.y0 + slope * (bbox.x0 - baseline.x0);
  const endY = baseline.y0 + slope * (bbox.x1 - baseline.x0);
  const [x0, y0] = viewport.convertToPdfPoint(bbox.x0, startY) as [number, number];
  const [x1, y1] = viewport.convertToPdfPoint(bbox.x1, endY) as [number, number];
  const width = Math.hypot(x1 - x0, y1 - y0);
  if (width === 0) return null;
  // Row height (ascender to descender of the row's letters) is steadier from line to line than the box.
  const size = (line.rowAttributes.rowHeight > 0 ? line.rowAttributes.rowHeight : Math.max(bbox.y1 - bbox.y0, 1)) / viewport.scale;
  const cos = (x1 - x0) / width;
  const sin = (y1 - y0) / width;
  return { str, transform: [size * cos, size * sin, -size * sin, size * cos, x0, y0], width, height: size };
}

/**
 * Text of scanned pages by OCR: each page is rendered onto a @napi-rs/canvas and read by Tesseract
 * (English), offline. Returns the recognised lines of each page as text items; a page where nothing
 * was recognised gets an empty list. Throws whatever rendering or Tesseract throws.
 */
export async function recognisePdfPages(
  doc: PDFDocumentProxy,
  pageNumbers: number[],
  onProgress?: (progress: OcrProgress) => void,
): Promise<Map<number, PdfTextItem[]>> {
  const canvasFactory = new NapiCanvasFactory();
  const engine = await startOcrEngine();
  try {
    const items = new Map<number, PdfTextItem[]>();
    onProgress?.({ done: 0, pages: pageNumbers.length });
    for (const pageNumber of pageNumbers) {
      const page = await doc.getPage(pageNumber);
      const { png, viewport } = await renderPage(page, canvasFactory);
      page.cleanup();
      const lines = await engine.recognise(png, viewport.scale * PDF_POINTS_PER_INCH);
      items.set(pageNumber, lines.flatMap((line) => lineToItem(line, viewport) ?? []));
      onProgress?.({ done: items.size, pages: pageNumbers.length });
    }
    return items;
  } finally {
    await engine.terminate();
  }
}
