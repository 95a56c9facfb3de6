import type * as Docx from "docx";
import { htmlToBlocks, sanitizeHtml, textToBlocks, type Block, type InlineRun } from "./html";
import { normaliseNewlines } from "./text-encoding";

export type ExportDocxInput = { title: string; html: string; text?: undefined } | { title: string; text: string; html?: undefined };

const ORDERED = "clausewise-ordered";

// The docx library is loaded with the first export, not with the server (issue 15: fresh RSS).
let docx: typeof Docx | null = null;

/** "1.", "1.1.", "1.1.1." … as the extracted text writes nested clause numbers. */
const orderedLevels = ({ LevelFormat, AlignmentType }: typeof Docx) =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: `${Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join(".")}.`,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 + 180 * level } } },
  }));

function runs({ TextRun }: typeof Docx, inlines: InlineRun[]): Docx.TextRun[] {
  return inlines.map((run) =>
    run.lineBreak
      ? new TextRun({ text: "", break: 1 })
      : new TextRun({ text: run.text, bold: run.bold, italics: run.italic, underline: run.underline ? {} : undefined, strike: run.strike }),
  );
}

function table(d: typeof Docx, block: Extract<Block, { type: "table" }>): Docx.Table {
  const { Paragraph, Table, TableCell, TableRow, WidthType } = d;
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: block.rows.map(
      (row) =>
        new TableRow({
          tableHeader: row.every((cell) => cell.header) ? true : undefined,
          children: row.map(
            (cell) =>
              new TableCell({
                columnSpan: cell.colSpan > 1 ? cell.colSpan : undefined,
                rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
                children: cell.paragraphs.length > 0 ? cell.paragraphs.map((p) => new Paragraph({ children: runs(d, p) })) : [new Paragraph("")],
              }),
          ),
        }),
    ),
  });
}

function body(d: typeof Docx, blocks: Block[]): (Docx.Paragraph | Docx.Table)[] {
  const { HeadingLevel, Paragraph } = d;
  const headings = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const;
  let listInstance = 0;
  return blocks.map((block) => {
    switch (block.type) {
      case "heading":
        return new Paragraph({ heading: headings[block.level - 1], children: runs(d, block.runs) });
      case "paragraph":
        return new Paragraph({ children: runs(d, block.runs), indent: block.quote ? { left: 720, right: 720 } : undefined });
      case "listItem": {
        const level = Math.min(block.path.length - 1, 8);
        if (!block.ordered) return new Paragraph({ bullet: { level }, children: runs(d, block.runs) });
        // Each list of the source restarts at 1: a new numbering instance per top-level "1".
        if (block.path.length === 1 && block.path[0] === 1) listInstance += 1;
        return new Paragraph({ numbering: { reference: ORDERED, level, instance: listInstance }, children: runs(d, block.runs) });
      }
      case "table":
        return table(d, block);
    }
  });
}

/**
 * The current document as a .docx ("Download Contract" without storage consent, DESIGN.md §5):
 * a title, then the headings, paragraphs, numbered clauses and tables of the HTML (sanitized first)
 * or of plain text (blank lines separate paragraphs).
 */
export async function exportDocx(input: ExportDocxInput): Promise<Uint8Array> {
  const d = (docx ??= await import("docx"));
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = d;
  const blocks = input.html !== undefined ? htmlToBlocks(sanitizeHtml(input.html)) : textToBlocks(normaliseNewlines(input.text));
  const document = new Document({
    title: input.title,
    creator: "ClauseWise",
    numbering: { config: [{ reference: ORDERED, levels: orderedLevels(d) }] },
    sections: [{ children: [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }), ...body(d, blocks)] }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
