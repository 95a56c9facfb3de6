import type { Block, TableCell } from "./html";

/**
 * Reading order for PDF text, from positioned text items (pdfjs getTextContent) alone.
 *
 * 1. Orientation: the page's dominant text direction (by characters) is turned upright; text in
 *    other directions (margin stamps, diagonal watermarks) is left out and reported.
 * 2. Columns: a recursive XY-cut. A block is split at a vertical gutter (a strip no text crosses from
 *    top to bottom of the block) when both sides read like prose columns (three or more lines of a dozen
 *    characters or more, or two lines of twenty); otherwise at its widest horizontal gaps. Columns are read left to right,
 *    each top to bottom, so full-width titles and running heads are cut off first and three-column
 *    pages read column by column. Gutters between short cells (tables, forms) are not cut: those
 *    regions are read row by row with cells separated by a tab.
 * 3. Lines: items sharing a baseline (superscripts included) are joined, with a space where the gap
 *    is wider than a fraction of the font size.
 * 4. Running headers and footers: lines in the top or bottom 9% of a page whose text, digits aside,
 *    repeats on several pages are dropped, as are bare page numbers ("12", "Page 3 of 9", "- iv -").
 * 5. Paragraphs: consecutive lines of a column join unless the spacing opens up, the font size
 *    changes, the previous line stops short, or the next line is indented or starts a numbered clause.
 *    A paragraph that runs off the bottom of a column or page continues at the top of the next one.
 *    Lines set noticeably larger than the body text, or short all-capital lines, become headings.
 */

export interface PdfTextItem {
  str: string;
  /** pdfjs text transform [a, b, c, d, e, f] in PDF user space. */
  transform: number[];
  width: number;
  height: number;
}

export interface PdfPageInput {
  pageNumber: number;
  /** Page box [x0, y0, x1, y1] in user space. */
  view: number[];
  items: PdfTextItem[];
}

export interface PdfLayoutResult {
  blocks: Block[];
  warnings: string[];
  /** Pages that carry no text at all (scanned images, blank pages). */
  pagesWithoutText: number[];
  removedLines: number;
}

interface Box {
  text: string;
  x0: number;
  x1: number;
  y: number;
  fs: number;
  top: number;
  bottom: number;
}

interface Region {
  x0: number;
  x1: number;
  /** Usual distance between baselines, by font size (rounded to half points). */
  lineSpacing: Map<number, number>;
}

interface Line {
  text: string;
  x0: number;
  x1: number;
  y: number;
  fs: number;
  region: Region;
  page: number;
}

interface PageLines {
  page: number;
  top: number;
  bottom: number;
  lines: Line[];
}

const MAX_DEPTH = 80;
const CLAUSE_START = /^(?:\[\w{1,3}\]|\(?\d{1,3}(?:\.\d{1,3})*[.)]?|\(?[a-z]\)|\(?[ivxlc]{1,6}\)|[•▪●◦‣■□➢►-]|(?:article|section|schedule|appendix|exhibit|part|clause)\s+[0-9ivxlc]+\b)\s/i;
const PAGE_NUMBER = /^(?:page\s*)?[-–—(]?\s*(?:\d{1,5}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,5})?$/i;
const ENDS_SENTENCE = /[.!?:;)"”’]$/;
const JOINS_NEXT = /\S[-‐‑–—]$/;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// 1. Items to upright boxes

function quarterTurns(t: number[]): number {
  const angle = Math.atan2(t[1] ?? 0, t[0] ?? 1);
  return ((Math.round(angle / (Math.PI / 2)) % 4) + 4) % 4;
}

function rotate(x: number, y: number, quarters: number): [number, number] {
  switch (quarters) {
    case 1:
      return [y, -x];
    case 2:
      return [-x, -y];
    case 3:
      return [-y, x];
    default:
      return [x, y];
  }
}

function pageBoxes(page: PdfPageInput): { boxes: Box[]; top: number; bottom: number; droppedChars: number } {
  const usable = page.items.filter((it) => it.str.trim().length > 0 && it.transform.length >= 6);
  const charsByTurn = [0, 0, 0, 0];
  for (const it of usable) charsByTurn[quarterTurns(it.transform)]! += it.str.length;
  const turns = charsByTurn.indexOf(Math.max(...charsByTurn));

  const [vx0 = 0, vy0 = 0, vx1 = 612, vy1 = 792] = page.view;
  const corners = [rotate(vx0, vy0, turns), rotate(vx1, vy1, turns), rotate(vx0, vy1, turns), rotate(vx1, vy0, turns)];
  const top = Math.max(...corners.map((c) => c[1]));
  const bottom = Math.min(...corners.map((c) => c[1]));

  let droppedChars = 0;
  const boxes: Box[] = [];
  for (const it of usable) {
    if (quarterTurns(it.transform) !== turns) {
      droppedChars += it.str.trim().length;
      continue;
    }
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    const fs = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 10;
    const [x, y] = rotate(e, f, turns);
    const width = it.width > 0 ? it.width : it.str.length * fs * 0.5;
    boxes.push({ text: it.str, x0: x, x1: x + width, y, fs, top: y + fs * 0.7, bottom: y - fs * 0.2 });
  }
  return { boxes, top, bottom, droppedChars };
}

// ---------------------------------------------------------------------------------------------
// 2. XY-cut

interface Gap {
  at: number;
  size: number;
}

function gaps(intervals: [number, number][], minSize: number): Gap[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const found: Gap[] = [];
  let end = sorted[0]?.[1] ?? 0;
  for (const [start, stop] of sorted.slice(1)) {
    if (start - end > minSize) found.push({ at: (start + end) / 2, size: start - end });
    end = Math.max(end, stop);
  }
  return found;
}

const maybeMarker = (box: Box) => /^[0-9a-z*†‡]{1,3}$/i.test(box.text.trim());

/**
 * Groups boxes by baseline. Boxes of different sizes share a line only when their baselines are within
 * half of the smaller size, except note markers (a short raised string in a smaller size), which join
 * the line they are raised above.
 */
function baselineClusters(boxes: Box[]): Box[][] {
  const sorted = [...boxes].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const clusters: { y: number; fs: number; x0: number; x1: number; boxes: Box[] }[] = [];
  const markers: Box[] = [];
  for (const box of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(last.y - box.y) <= 0.45 * Math.min(last.fs, box.fs)) {
      last.boxes.push(box);
      if (box.fs > last.fs) Object.assign(last, { fs: box.fs, y: box.y });
      last.x0 = Math.min(last.x0, box.x0);
      last.x1 = Math.max(last.x1, box.x1);
    } else if (maybeMarker(box) && sorted.some((o) => o !== box && o.fs * 0.85 > box.fs && box.y - o.y > 0 && box.y - o.y <= 0.6 * o.fs)) {
      markers.push(box);
    } else {
      clusters.push({ y: box.y, fs: box.fs, x0: box.x0, x1: box.x1, boxes: [box] });
    }
  }
  for (const marker of markers) {
    const host = clusters.find(
      (c) => c.fs * 0.85 > marker.fs && marker.y - c.y > 0 && marker.y - c.y <= 0.6 * c.fs && marker.x0 <= c.x1 + c.fs * 2 && marker.x1 >= c.x0 - c.fs * 2,
    );
    if (host) host.boxes.push(marker);
    else clusters.push({ y: marker.y, fs: marker.fs, x0: marker.x0, x1: marker.x1, boxes: [marker] });
  }
  return clusters.sort((a, b) => b.y - a.y).map((c) => c.boxes);
}

/** Several lines of running text (not a column of short table cells). */
function readsLikeColumn(boxes: Box[]): boolean {
  const lines = baselineClusters(boxes);
  const chars = median(lines.map((line) => line.reduce((n, b) => n + b.text.trim().length, 0)));
  return (lines.length >= 3 && chars >= 12) || (lines.length === 2 && chars >= 20);
}

const sizeKey = (fs: number) => Math.round(fs * 2) / 2;

function regionOf(boxes: Box[]): Region {
  const lines = baselineClusters(boxes).map((l) => l.reduce((a, b) => (b.fs > a.fs ? b : a)));
  const spacings = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (sizeKey(a.fs) !== sizeKey(b.fs) || a.y <= b.y) continue;
    const list = spacings.get(sizeKey(a.fs)) ?? [];
    list.push(a.y - b.y);
    spacings.set(sizeKey(a.fs), list);
  }
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    lineSpacing: new Map([...spacings].map(([size, list]) => [size, median(list)])),
  };
}

function expectedSpacing(line: Line): number {
  return line.region.lineSpacing.get(sizeKey(line.fs)) ?? line.fs * 1.25;
}

function verticalCut(boxes: Box[]): [Box[], Box[]] | null {
  const fs = median(boxes.map((b) => b.fs));
  const candidates = gaps(
    boxes.map((b) => [b.x0, b.x1]),
    Math.max(0.5 * fs, 2.5),
  ).sort((a, b) => b.size - a.size);
  for (const gap of candidates) {
    const left = boxes.filter((b) => b.x1 <= gap.at);
    const right = boxes.filter((b) => b.x0 >= gap.at);
    if (readsLikeColumn(left) && readsLikeColumn(right)) return [left, right];
  }
  return null;
}

function horizontalCuts(boxes: Box[]): Box[][] | null {
  const found = gaps(
    boxes.map((b) => [b.bottom, b.top]),
    0.05,
  );
  if (found.length === 0) return null;
  const widest = Math.max(...found.map((g) => g.size));
  const cuts = found.filter((g) => g.size >= widest * 0.75).map((g) => g.at).sort((a, b) => b - a);
  const strips: Box[][] = cuts.map(() => []);
  strips.push([]);
  for (const box of boxes) {
    const index = cuts.findIndex((at) => box.y > at);
    strips[index === -1 ? cuts.length : index]!.push(box);
  }
  return strips.filter((s) => s.length > 0);
}

function segment(boxes: Box[], region: Region, depth: number, out: { boxes: Box[]; region: Region }[]): void {
  if (boxes.length > 1 && depth < MAX_DEPTH) {
    const columns = verticalCut(boxes);
    if (columns) {
      for (const side of columns) segment(side, regionOf(side), depth + 1, out);
      return;
    }
    const strips = horizontalCuts(boxes);
    if (strips && strips.length > 1) {
      for (const strip of strips) segment(strip, region, depth + 1, out);
      return;
    }
  }
  out.push({ boxes, region });
}

// ---------------------------------------------------------------------------------------------
// 3. Lines

/** Footnote markers: a short number or letter set smaller and raised above the line's baseline. */
function isSuperscript(box: Box, line: Box[]): boolean {
  const lineFs = Math.max(...line.map((b) => b.fs));
  const baseline = line.find((b) => b.fs === lineFs)?.y ?? box.y;
  return box.fs < lineFs * 0.85 && box.y > baseline + lineFs * 0.15 && /^[0-9a-z*†‡]{1,3}$/i.test(box.text.trim());
}

function joinLine(boxes: Box[]): string {
  const sorted = [...boxes].sort((a, b) => a.x0 - b.x0).map((b) => (isSuperscript(b, boxes) ? { ...b, text: `[${b.text.trim()}]` } : b));
  // Justified lines spread their words evenly, sometimes far apart; cells of a row are not evenly spaced.
  const wordGaps = sorted.slice(1).map((box, i) => box.x0 - sorted[i]!.x1).filter((g, i) => g > 0.12 * sorted[i]!.fs);
  const evenlySpread = wordGaps.length >= 2 && Math.max(...wordGaps) <= Math.min(...wordGaps) * 1.15;
  let text = "";
  let previous: Box | undefined;
  for (const box of sorted) {
    // Fake bold: the same string drawn twice a hair apart.
    if (previous && previous.text === box.text && Math.abs(previous.x0 - box.x0) < box.fs * 0.3) continue;
    if (previous) {
      const gap = box.x0 - previous.x1;
      const fs = Math.max(previous.fs, box.fs);
      // A wide gap separates cells, unless it is justification (every gap of the line about as wide) of a sane width.
      if (gap > fs * 2.5 && (!evenlySpread || gap > fs * 4)) text = text.trimEnd() + "\t";
      else if (gap > fs * 0.12 && !/\s$/.test(text) && !/^\s/.test(box.text)) text += " ";
    }
    text += box.text;
    previous = box;
  }
  return text.replace(/[ \u00a0]{2,}/g, " ").trim();
}

function pageLines(page: PdfPageInput): { lines: PageLines; droppedChars: number } {
  const { boxes, top, bottom, droppedChars } = pageBoxes(page);
  const leaves: { boxes: Box[]; region: Region }[] = [];
  if (boxes.length > 0) segment(boxes, regionOf(boxes), 0, leaves);
  const lines: Line[] = [];
  for (const leaf of leaves) {
    for (const cluster of baselineClusters(leaf.boxes)) {
      const text = joinLine(cluster);
      if (!text) continue;
      const main = cluster.reduce((a, b) => (b.fs > a.fs ? b : a));
      lines.push({
        text,
        x0: Math.min(...cluster.map((b) => b.x0)),
        x1: Math.max(...cluster.map((b) => b.x1)),
        y: main.y,
        fs: main.fs,
        region: leaf.region,
        page: page.pageNumber,
      });
    }
  }
  return { lines: { page: page.pageNumber, top, bottom, lines }, droppedChars };
}

// ---------------------------------------------------------------------------------------------
// 4. Running headers, footers and page numbers

function repeatKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[#\s]+|[#\s]+$/g, "");
}

/** Height share of the top and bottom bands where running heads live: inside a 1-inch margin on Letter or A4. */
const MARGIN_BAND = 0.09;

/**
 * Lines that may be running heads: peeled from the top (and from the bottom) of the page while they
 * stay inside the band and close to the line peeled before them, so that a two-line header goes but
 * the first line of the body, further down, is never a candidate.
 */
function marginLines(page: PageLines): Line[][] {
  const height = page.top - page.bottom;
  const byY = [...page.lines].sort((a, b) => b.y - a.y);
  const peel = (ordered: Line[], inBand: (l: Line) => boolean): Line[] => {
    const taken: Line[] = [];
    for (const line of ordered) {
      const last = taken[taken.length - 1];
      if (taken.length >= 4 || !inBand(line)) break;
      if (last && Math.abs(last.y - line.y) > Math.max(last.fs, line.fs) * 2.5) break;
      taken.push(line);
    }
    return taken;
  };
  return [peel(byY, (l) => l.y >= page.top - height * MARGIN_BAND), peel([...byY].reverse(), (l) => l.y <= page.bottom + height * MARGIN_BAND)];
}

function removeRunningLines(pages: PageLines[]): number {
  if (pages.length < 2) return 0;
  const pagesByKey = new Map<string, Set<number>>();
  for (const page of pages) {
    for (const line of marginLines(page).flat()) {
      const key = repeatKey(line.text);
      if (!pagesByKey.has(key)) pagesByKey.set(key, new Set());
      pagesByKey.get(key)!.add(page.page);
    }
  }
  const minRepeats = pages.length <= 4 ? 2 : 3;
  const isRunning = (line: Line) => PAGE_NUMBER.test(line.text) || (pagesByKey.get(repeatKey(line.text))?.size ?? 0) >= minRepeats;
  let removed = 0;
  for (const page of pages) {
    const drop = new Set<Line>();
    for (const side of marginLines(page)) {
      // From the edge inwards, and only while every line so far was a running one.
      for (const line of side) {
        if (!isRunning(line)) break;
        drop.add(line);
      }
    }
    removed += drop.size;
    page.lines = page.lines.filter((l) => !drop.has(l));
  }
  return removed;
}

// ---------------------------------------------------------------------------------------------
// 5. Paragraphs and headings

/**
 * The previous line ended on purpose (end of a paragraph, a heading) rather than because the next
 * word did not fit: the next line's first word would have fitted in the room left.
 */
function stopsShort(prev: Line, next: Line): boolean {
  const room = prev.region.x1 - prev.x1;
  const firstWord = next.text.split(/\s/)[0] ?? "";
  const wordWidth = ((next.x1 - next.x0) * firstWord.length) / Math.max(1, next.text.length);
  return room > wordWidth * 1.25 + prev.fs;
}

function indented(line: Line, than: number): boolean {
  return line.x0 - than > 0.8 * line.fs;
}

function startsNewParagraph(prev: Line, next: Line): boolean {
  const sizeRatio = Math.max(prev.fs, next.fs) / Math.min(prev.fs, next.fs);
  if (sizeRatio > 1.15) return true;
  const endedSentence = ENDS_SENTENCE.test(prev.text);
  const short = stopsShort(prev, next) && !/[,]$/.test(prev.text) && !JOINS_NEXT.test(prev.text);
  const clause = CLAUSE_START.test(next.text);

  const directlyBelow =
    prev.page === next.page && next.y < prev.y && next.region.x0 < prev.region.x1 && prev.region.x0 < next.region.x1;
  if (prev.region !== next.region && !directlyBelow) {
    // Column or page change: carry on only with a sentence that visibly runs on.
    return endedSentence || short || indented(next, next.region.x0);
  }
  const spacing = prev.y - next.y;
  const lineSpacing = Math.max(expectedSpacing(prev), expectedSpacing(next));
  if (spacing <= 0 || spacing > lineSpacing * 1.15 + 0.3) return true;
  if (short) return true;
  if (clause && endedSentence) return true;
  return indented(next, prev.x0) && endedSentence;
}

function joinLines(lines: Line[]): string {
  let text = "";
  for (const line of lines) {
    if (!text) text = line.text;
    else if (JOINS_NEXT.test(text)) text += line.text;
    else text += " " + line.text;
  }
  return text;
}

const NOTE_MARKER = /^(?:\[\w{1,3}\]|\d{1,3}\s|[*†‡])/;

/**
 * Footnotes sit at the foot of a column, set smaller than the body and starting with their marker.
 * They move to the end of the document (as Word export does) so that a sentence running from one
 * column or page into the next is not cut in two by them.
 */
function moveFootnotes(lines: Line[], bodyFs: number, notes: Line[]): Line[] {
  const kept: Line[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (end < lines.length && lines[end]!.region === lines[start]!.region) end++;
    const group = lines.slice(start, end);
    let tail = group.length;
    while (tail > 0 && group[tail - 1]!.fs <= bodyFs * 0.85) tail--;
    const firstNote = group.slice(tail).findIndex((l) => NOTE_MARKER.test(l.text));
    if (tail < group.length && tail > 0 && firstNote >= 0) {
      kept.push(...group.slice(0, tail + firstNote));
      notes.push(...group.slice(tail + firstNote));
    } else {
      kept.push(...group);
    }
    start = end;
  }
  return kept;
}

function bodyFontSize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.fs * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) {
      best = size;
      bestWeight = w;
    }
  }
  return best || 10;
}

function toBlock(lines: Line[], bodyFs: number): Block {
  const text = joinLines(lines);
  const fs = median(lines.map((l) => l.fs));
  const runs = [{ text }];
  if (lines.length <= 3 && text.length <= 150) {
    const ratio = fs / bodyFs;
    if (ratio >= 1.6) return { type: "heading", level: 1, runs };
    if (ratio >= 1.3) return { type: "heading", level: 2, runs };
    if (ratio >= 1.12) return { type: "heading", level: 3, runs };
    const letters = text.replace(/[^\p{L}]/gu, "");
    if (lines.length === 1 && letters.length >= 4 && letters === letters.toUpperCase() && text.length <= 80 && !/[.,;]$/.test(text)) {
      return { type: "heading", level: 3, runs };
    }
  }
  return { type: "paragraph", runs };
}

export function layoutPdfPages(pages: PdfPageInput[]): PdfLayoutResult {
  const warnings: string[] = [];
  let droppedChars = 0;
  const pageLineSets: PageLines[] = [];
  const pagesWithoutText: number[] = [];
  for (const page of pages) {
    const { lines, droppedChars: dropped } = pageLines(page);
    droppedChars += dropped;
    if (lines.lines.length === 0) pagesWithoutText.push(page.pageNumber);
    pageLineSets.push(lines);
  }
  const removedLines = removeRunningLines(pageLineSets);
  const bodyFs = bodyFontSize(pageLineSets.flatMap((p) => p.lines));
  const notes: Line[] = [];
  for (const page of pageLineSets) page.lines = moveFootnotes(page.lines, bodyFs, notes);
  const all = [...pageLineSets.flatMap((p) => p.lines), ...notes];

  const blocks: Block[] = [];
  let current: Line[] = [];
  let previousWasRow = false;
  const flush = () => {
    if (current.length > 0) blocks.push(toBlock(current, bodyFs));
    current = [];
  };
  for (const line of all) {
    const prev = current[current.length - 1];
    if (line.text.includes("\t")) {
      // A row of cells: rows that follow each other make one table.
      flush();
      const last = blocks[blocks.length - 1];
      const row = line.text.split("\t").map((cell): TableCell => ({ paragraphs: [[{ text: cell.trim() }]], header: false, colSpan: 1, rowSpan: 1 }));
      if (last?.type === "table" && previousWasRow) last.rows.push(row);
      else blocks.push({ type: "table", rows: [row] });
      previousWasRow = true;
      continue;
    }
    previousWasRow = false;
    if (prev && startsNewParagraph(prev, line)) flush();
    current.push(line);
  }
  flush();

  if (droppedChars > 0) warnings.push("Some rotated text (such as margin notes or watermarks) was left out.");
  return { blocks, warnings, pagesWithoutText, removedLines };
}
