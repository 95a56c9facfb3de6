/**
 * Test helper (not used by the app): a scanned PDF made at test time. Text is drawn onto a
 * @napi-rs/canvas like ink on paper, slightly skewed as a scanner leaves it, and the picture is embedded
 * as a JPEG page with pdfkit, so the PDF has no text layer at all.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts, createCanvas } from "@napi-rs/canvas";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const FONT = "ClauseWiseScanSans";
// Liberation Sans ships with pdfjs-dist, so the picture does not depend on the machine's fonts.
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts/LiberationSans-Regular.ttf"), FONT);

const PAGE = { width: 612, height: 792, margin: 72 };

export interface ScannedPdfSpec {
  /** Paragraphs of each scanned page. */
  pages: string[][];
  /** A first page with a real text layer, before the scans. */
  textFirstPage?: string;
  /** Scan resolution. Default 200. */
  dpi?: number;
  /** Clockwise skew of the paper in degrees. Default 0.4. */
  skewDegrees?: number;
}

function scanPage(paragraphs: string[], dpi: number, skewDegrees: number): Buffer {
  const scale = dpi / 72;
  const canvas = createCanvas(Math.round(PAGE.width * scale), Math.round(PAGE.height * scale));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fbfaf6";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((skewDegrees * Math.PI) / 180);
  ctx.translate(-canvas.width / 2, -canvas.height / 2);
  ctx.scale(scale, scale);
  ctx.fillStyle = "#1a1a1a";
  ctx.font = `12px ${FONT}`;
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin + 12;
  for (const paragraph of paragraphs) {
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(candidate).width > maxWidth) {
        ctx.fillText(line, PAGE.margin, y);
        y += 16;
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) ctx.fillText(line, PAGE.margin, y);
    y += 16 * 2;
  }
  return canvas.toBuffer("image/jpeg", 85);
}

export async function makeScannedPdf(spec: ScannedPdfSpec): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: PAGE.margin, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (spec.textFirstPage !== undefined) doc.addPage().text(spec.textFirstPage);
  for (const paragraphs of spec.pages) {
    doc.addPage().image(scanPage(paragraphs, spec.dpi ?? 200, spec.skewDegrees ?? 0.4), 0, 0, { width: PAGE.width, height: PAGE.height });
  }
  doc.end();
  return done;
}
