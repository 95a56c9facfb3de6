import { describe, expect, it } from "vitest";
import { blocksToText } from "./html";
import { layoutPdfPages, type PdfPageInput, type PdfTextItem } from "./pdf-layout";

/** A text item as pdfjs reports it: upright, width from an average glyph of half the font size. */
function item(str: string, x: number, y: number, fs = 10): PdfTextItem {
  return { str, transform: [fs, 0, 0, fs, x, y], width: str.length * fs * 0.5, height: fs };
}

function page(pageNumber: number, items: PdfTextItem[]): PdfPageInput {
  return { pageNumber, view: [0, 0, 612, 792], items };
}

/** Lines of a column, 12 points apart, starting at `top`. */
function column(x: number, top: number, lines: string[], fs = 10): PdfTextItem[] {
  return lines.map((line, i) => item(line, x, top - i * 12, fs));
}

const text = (pages: PdfPageInput[]) => blocksToText(layoutPdfPages(pages).blocks);

// 40 characters at 5 pt each: lines 200 pt wide, so columns at x=50 and x=300 leave a 50 pt gutter.
const LEFT = [
  "The Contractor shall carry out the Works",
  "with due diligence and in accordance wit",
  "h the Contract and the Schedule; and the",
  "Owner shall pay the Contractor the Contr",
  "act Price as set out in Schedule B and i",
];
const RIGHT = [
  "n accordance with the payment terms agre",
  "ed in writing by the Parties, subject to",
  "holdback required under the Construction",
  "Act of Ontario and any set-off permitted",
  "by law. All payments are due in 30 days.",
];

describe("layoutPdfPages: columns", () => {
  it("reads two columns with aligned baselines column by column, not line by line", () => {
    const result = text([page(1, [...column(50, 700, LEFT), ...column(300, 700, RIGHT)])]);
    const left = result.indexOf("The Contractor shall");
    const leftEnd = result.indexOf("Schedule B");
    const right = result.indexOf("n accordance with");
    const rightEnd = result.indexOf("due in 30 days.");
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThan(leftEnd);
    expect(leftEnd).toBeLessThan(right);
    expect(right).toBeLessThan(rightEnd);
    // The sentence runs from the foot of the left column into the right one: one paragraph.
    expect(layoutPdfPages([page(1, [...column(50, 700, LEFT), ...column(300, 700, RIGHT)])]).blocks).toHaveLength(1);
  });

  it("reads a full-width title first, then each column", () => {
    const title = item("SUPPLY AND INSTALLATION AGREEMENT", 150, 760, 16);
    const result = text([page(1, [title, ...column(50, 700, LEFT), ...column(300, 700, RIGHT)])]);
    expect(result.startsWith("SUPPLY AND INSTALLATION AGREEMENT\n\n")).toBe(true);
    expect(result.indexOf("Schedule B")).toBeLessThan(result.indexOf("payment terms"));
  });

  it("reads a table of short cells row by row, cells separated by a tab", () => {
    const rows = [
      ["Item", "Unit price", "Qty"],
      ["Pump", "12,500", "2"],
      ["Valve", "800", "14"],
    ];
    const items = rows.flatMap((row, r) => row.map((cell, c) => item(cell, 60 + c * 150, 600 - r * 14)));
    const result = layoutPdfPages([page(1, items)]);
    expect(blocksToText(result.blocks)).toBe("Item\tUnit price\tQty\nPump\t12,500\t2\nValve\t800\t14");
    expect(result.blocks.map((b) => b.type)).toEqual(["table"]);
  });
});

describe("layoutPdfPages: lines and paragraphs", () => {
  it("joins items on a baseline with spaces and keeps a line-end dash attached", () => {
    const items = [item("Model", 50, 700), item("737–", 85, 700), item("9 airplanes are", 50, 688)];
    expect(text([page(1, items)])).toBe("Model 737–9 airplanes are");
  });

  it("starts a paragraph after a short last line, at wider spacing, or at a numbered clause", () => {
    const items = [
      ...column(50, 700, ["1.1 The Contractor shall perform the Work in a good and", "workmanlike manner."]),
      ...column(50, 670, ["1.2 The Owner shall give access to the Site on the dates set", "out in the Schedule."]),
      item("(a) access roads;", 50, 640),
    ];
    expect(text([page(1, items)])).toBe(
      "1.1 The Contractor shall perform the Work in a good and workmanlike manner.\n\n1.2 The Owner shall give access to the Site on the dates set out in the Schedule.\n\n(a) access roads;",
    );
  });

  it("makes headings of lines set larger than the body", () => {
    const items = [item("Payment Terms", 50, 720, 18), ...column(50, 700, LEFT.slice(0, 3))];
    const blocks = layoutPdfPages([page(1, items)]).blocks;
    expect(blocks[0]).toEqual({ type: "heading", level: 1, runs: [{ text: "Payment Terms" }] });
    expect(blocks[1]?.type).toBe("paragraph");
  });

  it("writes superscript note markers in brackets and moves footnotes to the end", () => {
    const items = [
      item("The holdback required by the Act is ten percent", 50, 700),
      item("1", 285, 704, 6),
      item("of the value of the work done.", 50, 688),
      item("1 Construction Act, R.S.O. 1990, c. C.30, s. 22.", 50, 80, 7),
    ];
    const second = [item("Payment is due within 28 days.", 50, 700)];
    expect(text([page(1, items), page(2, second)])).toBe(
      "The holdback required by the Act is ten percent[1] of the value of the work done.\n\nPayment is due within 28 days.\n\n1 Construction Act, R.S.O. 1990, c. C.30, s. 22.",
    );
  });
});

describe("layoutPdfPages: running heads, page numbers, orientation", () => {
  const body = (n: number) => column(50, 700, [`Clause ${n}. The parties agree to the terms set out on page ${n}.`]);
  const pages = [1, 2, 3].map((n) =>
    page(n, [
      item("Acme EPC Ltd. — Master Services Agreement — Confidential", 50, 760, 8),
      ...body(n),
      item(`Page ${n} of 3`, 280, 40, 8),
      item(String(n), 300, 25, 8),
    ]),
  );

  it("drops a header and footer that repeat on every page, and bare page numbers", () => {
    const result = layoutPdfPages(pages);
    const out = blocksToText(result.blocks);
    expect(out).toBe([1, 2, 3].map((n) => `Clause ${n}. The parties agree to the terms set out on page ${n}.`).join("\n\n"));
    expect(result.removedLines).toBe(9);
  });

  it("keeps a top line that does not repeat (a document title)", () => {
    const withTitle = [page(1, [item("MASTER SERVICES AGREEMENT", 200, 760, 14), ...body(1)]), page(2, body(2))];
    expect(text(withTitle).startsWith("MASTER SERVICES AGREEMENT")).toBe(true);
  });

  it("leaves out text turned against the page (margin stamps) and says so", () => {
    const stamp: PdfTextItem = { str: "Received 2026-11-02", transform: [0, 8, -8, 0, 20, 300], width: 80, height: 8 };
    const result = layoutPdfPages([page(1, [...body(1), stamp])]);
    expect(blocksToText(result.blocks)).not.toContain("Received");
    expect(result.warnings).toEqual(["Some rotated text (such as margin notes or watermarks) was left out."]);
  });

  it("reads a page whose text is all turned a quarter (landscape content on a portrait page)", () => {
    const turned = (str: string, along: number, across: number): PdfTextItem => ({
      str,
      transform: [0, 10, -10, 0, across, along],
      width: str.length * 5,
      height: 10,
    });
    const result = layoutPdfPages([page(1, [turned("First line of the schedule", 100, 500), turned("second line of the schedule.", 100, 512)])]);
    expect(blocksToText(result.blocks)).toBe("First line of the schedule second line of the schedule.");
    expect(result.warnings).toEqual([]);
  });

  it("reports pages without any text", () => {
    expect(layoutPdfPages([page(1, body(1)), page(2, [])]).pagesWithoutText).toEqual([2]);
  });
});
