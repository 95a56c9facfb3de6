// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentBlock } from "@clausewise/shared";
import {
  blockIndexAt,
  currentSelection,
  documentPlainText,
  offsetsToRange,
  pointToOffset,
  rangeToSelection,
  relocateRange,
  segmentBlock,
} from "./document-selection";

/** Blocks as GET /api/contracts/{id}/text answers them: texts joined with "\n", each with its start. */
function blocksOf(...texts: string[]): DocumentBlock[] {
  let start = 0;
  return texts.map((text) => {
    const block: DocumentBlock = { kind: "paragraph", text, start };
    start += text.length + 1;
    return block;
  });
}

const blocks = blocksOf("1. PAYMENT", "The Owner shall pay within 28 days.", "Holdback\t10%");
const plain = documentPlainText(blocks);

/**
 * The viewer's rendering: one element per block, the second split by formatting and a highlight,
 * with a decoration that is not document text, and a gutter beside each block.
 */
function render(): HTMLElement {
  document.body.innerHTML = `
    <p id="before">Outside the viewer</p>
    <article id="root">
      <div class="row"><button id="gutter0">2 notes</button><h2 data-block="0">1. PAYMENT</h2></div>
      <div class="row"><p data-block="1">The Owner <strong>shall <em>pay</em></strong> <mark id="m">within 28<span data-doc-skip>[note]</span> days</mark>.</p></div>
      <div class="row"><p data-block="2">Holdback<span>\t</span>10%</p></div>
    </article>
    <p id="after">Also outside</p>`;
  return document.getElementById("root")!;
}

function textIn(selector: string, index = 0): Text {
  const nodes = Array.from(document.querySelector(selector)!.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE);
  return nodes[index] as Text;
}

function range(startNode: Node, startOffset: number, endNode: Node, endOffset: number): Range {
  const r = document.createRange();
  r.setStart(startNode, startOffset);
  r.setEnd(endNode, endOffset);
  return r;
}

afterEach(() => {
  document.body.innerHTML = "";
  document.getSelection()?.removeAllRanges();
});

describe("documentPlainText / blockIndexAt", () => {
  it("joins the blocks with line breaks at their offsets", () => {
    expect(plain).toBe("1. PAYMENT\nThe Owner shall pay within 28 days.\nHoldback\t10%");
    expect(blocks[1]!.start).toBe(11);
  });

  it("finds the block of an offset, a line break belonging to the block before it", () => {
    expect(blockIndexAt(blocks, 0)).toBe(0);
    expect(blockIndexAt(blocks, 10)).toBe(0);
    expect(blockIndexAt(blocks, 11)).toBe(1);
    expect(blockIndexAt(blocks, plain.length)).toBe(2);
    expect(blockIndexAt([], 3)).toBe(-1);
  });
});

describe("pointToOffset", () => {
  it("maps a point in a plain block", () => {
    const root = render();
    expect(pointToOffset(root, blocks, textIn("[data-block='0']"), 3)).toBe(3);
  });

  it("counts across formatting elements in the same block", () => {
    const root = render();
    const pay = document.querySelector("em")!.firstChild!;
    // "The Owner shall " is 16 characters; "pay" starts there.
    expect(pointToOffset(root, blocks, pay, 0)).toBe(11 + 16);
    expect(pointToOffset(root, blocks, pay, 2)).toBe(11 + 18);
    expect(plain.slice(11 + 16, 11 + 19)).toBe("pay");
  });

  it("leaves decorations out of the count", () => {
    const root = render();
    const days = textIn("#m", 1); // " days" after the skipped [note]
    expect(plain.slice(pointToOffset(root, blocks, days, 1)!, pointToOffset(root, blocks, days, 5)!)).toBe("days");
    // A point inside the decoration sits where the decoration is.
    const note = document.querySelector("[data-doc-skip]")!.firstChild!;
    expect(pointToOffset(root, blocks, note, 3)).toBe(plain.indexOf(" days"));
  });

  it("maps element boundary points (between children) in a block", () => {
    const root = render();
    const block = document.querySelector("[data-block='1']")!;
    // Before child 1 (<strong>) = after "The Owner ".
    expect(pointToOffset(root, blocks, block, 1)).toBe(11 + "The Owner ".length);
    // After the last child = end of the block.
    expect(pointToOffset(root, blocks, block, block.childNodes.length)).toBe(11 + blocks[1]!.text.length);
  });

  it("counts a table row's cell separator", () => {
    const root = render();
    const cell2 = textIn("[data-block='2']", 1);
    expect(pointToOffset(root, blocks, cell2, 1)).toBe(blocks[2]!.start + "Holdback\t1".length);
  });

  it("maps a point between blocks or in a gutter to the start of the next block", () => {
    const root = render();
    expect(pointToOffset(root, blocks, root, 0)).toBe(0);
    expect(pointToOffset(root, blocks, document.getElementById("gutter0")!, 0)).toBe(0);
    const secondRow = document.querySelectorAll(".row")[1]!;
    expect(pointToOffset(root, blocks, secondRow, 0)).toBe(11);
    expect(pointToOffset(root, blocks, root, root.childNodes.length)).toBe(plain.length);
  });

  it("answers null outside the viewer", () => {
    const root = render();
    expect(pointToOffset(root, blocks, document.getElementById("before")!.firstChild!, 2)).toBeNull();
  });
});

describe("rangeToSelection", () => {
  it("maps a selection inside one block across formatting", () => {
    const root = render();
    const sel = rangeToSelection(root, blocks, range(document.querySelector("strong")!.firstChild!, 0, textIn("#m", 0), 6))!;
    expect(sel.text).toBe("shall pay within");
    expect(plain.slice(sel.start, sel.end)).toBe("shall pay within");
    expect(sel).toMatchObject({ startBlock: 1, endBlock: 1, collapsed: false });
  });

  it("maps a selection across several blocks, line breaks included", () => {
    const root = render();
    const sel = rangeToSelection(root, blocks, range(textIn("[data-block='0']"), 3, textIn("[data-block='1']"), 3))!;
    expect(sel.text).toBe("PAYMENT\nThe");
    expect(sel).toMatchObject({ start: 3, end: 14, startBlock: 0, endBlock: 1 });
  });

  it("drops the line break a triple-click picks up at the end", () => {
    const root = render();
    const secondRow = document.querySelectorAll(".row")[1]!;
    const sel = rangeToSelection(root, blocks, range(textIn("[data-block='0']"), 0, secondRow, 0))!;
    expect(sel.text).toBe("1. PAYMENT");
    expect(sel.endBlock).toBe(0);
  });

  it("maps a collapsed caret to an insertion point", () => {
    const root = render();
    const pay = document.querySelector("em")!.firstChild!;
    const sel = rangeToSelection(root, blocks, range(pay, 3, pay, 3))!;
    expect(sel).toMatchObject({ start: 11 + 19, end: 11 + 19, collapsed: true, text: "", startBlock: 1, endBlock: 1 });
  });

  it("clamps a selection that starts or ends outside the viewer", () => {
    const root = render();
    const fromBefore = rangeToSelection(root, blocks, range(document.getElementById("before")!.firstChild!, 2, textIn("[data-block='0']"), 2))!;
    expect(fromBefore).toMatchObject({ start: 0, end: 2 });
    const toAfter = rangeToSelection(root, blocks, range(textIn("[data-block='2']", 1), 0, document.getElementById("after")!.firstChild!, 3))!;
    expect(toAfter.text).toBe("10%");
  });

  it("answers null for a selection elsewhere on the page", () => {
    const root = render();
    expect(rangeToSelection(root, blocks, range(document.getElementById("before")!.firstChild!, 0, document.getElementById("before")!.firstChild!, 5))).toBeNull();
  });

  it("reads the browser's selection", () => {
    const root = render();
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range(textIn("[data-block='0']"), 3, textIn("[data-block='0']"), 10));
    expect(currentSelection(root, blocks)?.text).toBe("PAYMENT");
  });
});

describe("offsetsToRange", () => {
  it("finds the DOM range of a plain-text range, across formatting", () => {
    const root = render();
    const start = plain.indexOf("shall pay");
    const r = offsetsToRange(root, blocks, start, start + "shall pay".length)!;
    expect(rangeToSelection(root, blocks, r)?.text).toBe("shall pay");
  });
});

describe("segmentBlock", () => {
  const block: DocumentBlock = { kind: "paragraph", text: "The Owner shall pay within 28 days.", start: 100 };

  it("cuts a block at the edges of overlapping highlights", () => {
    const segments = segmentBlock(block, [
      { id: "a", start: 104, end: 115 }, // "Owner shall"
      { id: "b", start: 110, end: 119 }, // "shall pay"
      { id: "elsewhere", start: 0, end: 50 },
    ]);
    expect(segments.map((s) => [block.text.slice(s.from, s.to), s.ids])).toEqual([
      ["The ", []],
      ["Owner ", ["a"]],
      ["shall", ["a", "b"]],
      [" pay", ["b"]],
      [" within 28 days.", []],
    ]);
  });

  it("clips highlights that run over the block's edges", () => {
    const segments = segmentBlock(block, [{ id: "x", start: 90, end: 103 }]);
    expect(segments.map((s) => block.text.slice(s.from, s.to))).toEqual(["The", " Owner shall pay within 28 days."]);
    expect(segments[0]!.ids).toEqual(["x"]);
  });

  it("puts insertion points as markers, also at the block's end", () => {
    const segments = segmentBlock(block, [
      { id: "ins", start: 104, end: 104 },
      { id: "end", start: 135, end: 135 },
    ]);
    expect(segments).toEqual([
      { from: 0, to: 4, ids: [], markers: [] },
      { from: 4, to: 35, ids: [], markers: ["ins"] },
      { from: 35, to: 35, ids: [], markers: ["end"] },
    ]);
  });

  it("keeps an empty block as one empty piece", () => {
    expect(segmentBlock({ kind: "paragraph", text: "", start: 0 }, [])).toEqual([{ from: 0, to: 0, ids: [], markers: [] }]);
  });
});

describe("relocateRange", () => {
  it("keeps a range whose text is still there", () => {
    expect(relocateRange("pay within 28 days", { start: 11, end: 13, text: "28" })).toEqual({ start: 11, end: 13 });
  });

  it("follows the text to its nearest occurrence when the document changed", () => {
    const text = "28 days; then pay within 28 days";
    expect(relocateRange(text, { start: 20, end: 22, text: "28" })).toEqual({ start: 25, end: 27 });
  });

  it("answers null when the text is gone", () => {
    expect(relocateRange("pay within 21 days", { start: 11, end: 13, text: "28" })).toBeNull();
  });
});
