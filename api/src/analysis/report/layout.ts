import { createRequire } from "node:module";
import type PDFDocumentClass from "pdfkit";

// pdfkit (~25 MB of a fresh server's RSS with its font tables, issue 15) is loaded with the first
// report or invoice, synchronously (the layout is built in a constructor).
const load = createRequire(import.meta.url);
let pdfkit: typeof PDFDocumentClass | null = null;
import { toWinAnsi } from "./text";

/** Letter, as Canadian business documents are printed. */
export const PAGE = { size: "LETTER" as const, margin: 54 };
export const COLORS = { text: "#0f172a", muted: "#475569", rule: "#cbd5e1", band: "#0f3d5e", shade: "#f1f5f9", quote: "#334155" };
export const FONTS = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

export interface Column {
  header: string;
  /** Points; the one column without a width takes the rest. */
  width?: number;
}

export interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
}

/**
 * The few drawing moves the report needs, over a pdfkit document whose cursor (doc.y) flows down
 * the page. Every string passes through toWinAnsi: the standard fonts cannot encode anything else.
 */
export class ReportLayout {
  readonly doc: PDFKit.PDFDocument;
  private readonly bytes: Promise<Buffer>;

  constructor(info: { title: string; author: string }) {
    const PDFDocument = (pdfkit ??= load("pdfkit") as typeof PDFDocumentClass);
    this.doc = new PDFDocument({ size: PAGE.size, margin: PAGE.margin, bufferPages: true, info: { Title: toWinAnsi(info.title), Author: toWinAnsi(info.author) } });
    const chunks: Buffer[] = [];
    this.bytes = new Promise<Buffer>((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** The height of a page's writing area. */
  get pageRoom(): number {
    return this.bottom - this.doc.page.margins.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heightOf(text: string, font: string, size: number, width: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(toWinAnsi(text), { width });
  }

  text(text: string, options: { font?: string; size?: number; color?: string; indent?: number; gap?: number; width?: number } = {}): void {
    const indent = options.indent ?? 0;
    this.doc
      .font(options.font ?? FONTS.regular)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLORS.text)
      .text(toWinAnsi(text), this.left + indent, this.doc.y, { width: options.width ?? this.width - indent, paragraphGap: options.gap ?? 4 });
  }

  /** A section title, kept with at least a few lines of what follows it. */
  heading(text: string, size = 15): void {
    this.doc.moveDown(0.6);
    this.ensureSpace(size + 60);
    this.text(text, { font: FONTS.bold, size, color: COLORS.band, gap: 2 });
    const y = this.doc.y + 1;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
    this.doc.y = y + 8;
  }

  /** A passage quoted from the contract: indented, italic, with a bar on its left when it fits on one page. */
  quote(text: string): void {
    const indent = 14;
    const quoted = `“${text}”`;
    const height = this.heightOf(quoted, FONTS.italic, 9.5, this.width - indent);
    if (height <= this.pageRoom) this.ensureSpace(height + 4);
    const top = this.doc.y;
    const startPage = this.currentPage();
    this.text(quoted, { font: FONTS.italic, size: 9.5, color: COLORS.quote, indent, gap: 2 });
    if (this.currentPage() === startPage) {
      this.doc.rect(this.left + 3, top, 2.5, this.doc.y - top - 2).fill(COLORS.rule);
    }
    this.doc.moveDown(0.3);
  }

  /** A table whose rows never split across pages; the header row repeats on each new page. */
  table(columns: Column[], rows: Cell[][]): void {
    const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
    const widths = columns.map((column) => column.width ?? this.width - fixed);
    const pad = 4;
    const size = 9;

    const drawRow = (cells: Cell[], header: boolean) => {
      const height = Math.max(...cells.map((cell, i) => this.heightOf(cell.text, cell.bold || header ? FONTS.bold : FONTS.regular, size, (widths[i] ?? 0) - pad * 2))) + pad * 2;
      if (!header && this.doc.y + height > this.bottom) {
        this.doc.addPage();
        drawRow(columns.map((column) => ({ text: column.header })), true);
      }
      const top = this.doc.y;
      if (header) this.doc.rect(this.left, top, this.width, height).fill(COLORS.shade);
      let x = this.left;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        this.doc
          .font(cell.bold || header ? FONTS.bold : FONTS.regular)
          .fontSize(size)
          .fillColor(cell.color ?? COLORS.text)
          .text(toWinAnsi(cell.text), x + pad, top + pad, { width: width - pad * 2 });
        x += width;
      });
      this.doc.moveTo(this.left, top + height).lineTo(this.left + this.width, top + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      this.doc.x = this.left;
      this.doc.y = top + height;
    };

    this.ensureSpace(40);
    drawRow(columns.map((column) => ({ text: column.header })), true);
    for (const row of rows) drawRow(row, false);
    this.doc.moveDown(0.5);
  }

  currentPage(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  /** Writes `footer(page, pages)` at the foot of every page, inside the bottom margin. */
  footers(footer: (page: number, pages: number) => string): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const margin = this.doc.page.margins.bottom;
      // Writing inside the margin would otherwise make pdfkit add a page.
      this.doc.page.margins.bottom = 0;
      this.doc
        .font(FONTS.regular)
        .fontSize(7.5)
        .fillColor(COLORS.muted)
        .text(toWinAnsi(footer(i + 1, range.count)), this.left, this.doc.page.height - margin + 18, { width: this.width, align: "center", lineBreak: false });
      this.doc.page.margins.bottom = margin;
    }
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.bytes;
  }
}
