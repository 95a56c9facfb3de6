import sanitize from "sanitize-html";

/**
 * The only HTML the document layer hands out. No links, images, styles or attributes other than
 * table spans: the editor seeds from this, so anything else would be a stored-XSS vector.
 */
const SANITIZE_OPTIONS: sanitize.IOptions = {
  allowedTags: ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "u", "s", "br", "blockquote"],
  allowedAttributes: { td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "head", "iframe", "object", "svg", "math"],
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    td: keepNumericSpans,
    th: keepNumericSpans,
  },
};

function keepNumericSpans(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const kept: sanitize.Attributes = {};
  for (const name of ["colspan", "rowspan"]) {
    const value = attribs[name];
    if (value && /^\d{1,3}$/.test(value) && Number(value) > 1) kept[name] = value;
  }
  return { tagName, attribs: kept };
}

export function sanitizeHtml(html: string): string {
  return sanitize(html, SANITIZE_OPTIONS);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

// ---------------------------------------------------------------------------------------------
// A small tree reader for *sanitized* HTML (balanced tags from the allow-list above). It turns the
// HTML into blocks so that the plain text and the DOCX export keep headings, clauses and tables.

interface ElementNode {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
type HtmlNode = ElementNode | string;

const VOID_TAGS = new Set(["br"]);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
    return named[entity.toLowerCase()] ?? whole;
  });
}

function parseTree(html: string): ElementNode {
  const root: ElementNode = { tag: "#root", attrs: {}, children: [] };
  const stack: ElementNode[] = [root];
  const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g;
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closing, rawTag, rawAttrs, text] = match;
    const top = stack[stack.length - 1] ?? root;
    if (text !== undefined) {
      top.children.push(decodeEntities(text));
      continue;
    }
    if (!rawTag) {
      top.children.push(whole);
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? "").matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) attrs[(a[1] ?? "").toLowerCase()] = decodeEntities(a[2] ?? "");
    const node: ElementNode = { tag, attrs, children: [] };
    top.children.push(node);
    if (!VOID_TAGS.has(tag) && !(rawAttrs ?? "").trim().endsWith("/")) stack.push(node);
  }
  return root;
}

export interface InlineRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** A line break inside the block (text is "\n"). */
  lineBreak?: boolean;
}

export interface TableCell {
  paragraphs: InlineRun[][];
  header: boolean;
  colSpan: number;
  rowSpan: number;
}

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; runs: InlineRun[] }
  | { type: "paragraph"; runs: InlineRun[]; quote?: boolean }
  | { type: "listItem"; ordered: boolean; path: number[]; runs: InlineRun[] }
  | { type: "table"; rows: TableCell[][] };

type Marks = Pick<InlineRun, "bold" | "italic" | "underline" | "strike">;
const MARK_TAGS: Record<string, keyof Marks> = { strong: "bold", em: "italic", u: "underline", s: "strike" };
const HEADING_LEVELS: Record<string, 1 | 2 | 3 | 4 | 5 | 6> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "blockquote"]);

function collectRuns(nodes: HtmlNode[], marks: Marks, out: InlineRun[]): void {
  for (const node of nodes) {
    if (typeof node === "string") {
      const text = node.replace(/[ \t\n\r\f]+/g, " ");
      if (text) out.push({ text, ...marks });
    } else if (node.tag === "br") {
      out.push({ text: "\n", lineBreak: true });
    } else if (MARK_TAGS[node.tag]) {
      collectRuns(node.children, { ...marks, [MARK_TAGS[node.tag] as keyof Marks]: true }, out);
    } else {
      if (BLOCK_TAGS.has(node.tag) && out.length > 0 && !out[out.length - 1]?.lineBreak) out.push({ text: "\n", lineBreak: true });
      collectRuns(node.children, marks, out);
    }
  }
}

/** Trims the runs of a block and drops it when nothing visible is left. */
function tidyRuns(runs: InlineRun[]): InlineRun[] {
  const merged: InlineRun[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && !last.lineBreak && !run.lineBreak && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline && last.strike === run.strike) {
      last.text += run.text;
    } else {
      merged.push({ ...run });
    }
  }
  merged.forEach((run, i) => {
    if (run.lineBreak) return;
    if (merged[i - 1]?.lineBreak) run.text = run.text.replace(/^ +/, "");
    if (merged[i + 1]?.lineBreak) run.text = run.text.replace(/ +$/, "");
  });
  while (merged[0]?.lineBreak) merged.shift();
  while (merged[merged.length - 1]?.lineBreak) merged.pop();
  const first = merged[0];
  if (first) first.text = first.text.replace(/^ +/, "");
  const last = merged[merged.length - 1];
  if (last) last.text = last.text.replace(/ +$/, "");
  const visible = merged.filter((r) => r.lineBreak || r.text.length > 0);
  return visible.some((r) => !r.lineBreak && r.text.trim().length > 0) ? visible : [];
}

function runsOf(nodes: HtmlNode[]): InlineRun[] {
  const out: InlineRun[] = [];
  collectRuns(nodes, {}, out);
  return tidyRuns(out);
}

function elementChildren(node: ElementNode, tags: string[]): ElementNode[] {
  const found: ElementNode[] = [];
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (tags.includes(child.tag)) found.push(child);
    else if (child.tag === "thead" || child.tag === "tbody" || child.tag === "tfoot") found.push(...elementChildren(child, tags));
  }
  return found;
}

function readTable(table: ElementNode): Block {
  const rows = elementChildren(table, ["tr"]).map((tr) =>
    elementChildren(tr, ["td", "th"]).map((cell): TableCell => {
      const inner = blocksOf(cell.children, []);
      const paragraphs = inner.flatMap((b) => (b.type === "table" ? b.rows.flat().flatMap((c) => c.paragraphs) : [b.runs]));
      return {
        paragraphs,
        header: cell.tag === "th",
        colSpan: Number(cell.attrs.colspan ?? 1) || 1,
        rowSpan: Number(cell.attrs.rowspan ?? 1) || 1,
      };
    }),
  );
  return { type: "table", rows: rows.filter((r) => r.length > 0) };
}

function readList(list: ElementNode, parentPath: number[], out: Block[]): void {
  let index = 0;
  for (const li of elementChildren(list, ["li"])) {
    index += 1;
    const path = [...parentPath, index];
    const nested = li.children.filter((c): c is ElementNode => typeof c !== "string" && (c.tag === "ol" || c.tag === "ul"));
    const own = li.children.filter((c) => typeof c === "string" || (c.tag !== "ol" && c.tag !== "ul"));
    const runs = runsOf(own);
    if (runs.length > 0) out.push({ type: "listItem", ordered: list.tag === "ol", path, runs });
    for (const sub of nested) readList(sub, list.tag === "ol" ? path : parentPath, out);
  }
}

function blocksOf(nodes: HtmlNode[], out: Block[], quote = false): Block[] {
  let loose: HtmlNode[] = [];
  const flush = () => {
    const runs = runsOf(loose);
    if (runs.length > 0) out.push(quote ? { type: "paragraph", runs, quote } : { type: "paragraph", runs });
    loose = [];
  };
  for (const node of nodes) {
    if (typeof node === "string" || !BLOCK_TAGS.has(node.tag)) {
      loose.push(node);
      continue;
    }
    flush();
    const level = HEADING_LEVELS[node.tag];
    if (level) {
      const runs = runsOf(node.children);
      if (runs.length > 0) out.push({ type: "heading", level, runs });
    } else if (node.tag === "p") {
      const runs = runsOf(node.children);
      if (runs.length > 0) out.push(quote ? { type: "paragraph", runs, quote } : { type: "paragraph", runs });
    } else if (node.tag === "ol" || node.tag === "ul") {
      readList(node, [], out);
    } else if (node.tag === "table") {
      const table = readTable(node);
      if (table.type === "table" && table.rows.length > 0) out.push(table);
    } else if (node.tag === "blockquote") {
      blocksOf(node.children, out, true);
    } else {
      blocksOf(node.children, out, quote);
    }
  }
  flush();
  return out;
}

/** Blocks of sanitized HTML. Call sanitizeHtml first on anything that did not come from this module. */
export function htmlToBlocks(html: string): Block[] {
  return blocksOf(parseTree(html).children, []);
}

export function runsText(runs: InlineRun[]): string {
  return runs.map((r) => r.text).join("");
}

function listMarker(block: Extract<Block, { type: "listItem" }>): string {
  return block.ordered ? `${block.path.join(".")}.` : "•";
}

/**
 * Plain text with structure: one block per paragraph separated by a blank line, list items numbered
 * from their nesting ("1.", "1.1."), table rows on their own lines with cells separated by a tab.
 * A merged cell is written once, in the row and column where it starts.
 */
export function blocksToText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
        case "paragraph":
          return runsText(block.runs);
        case "listItem":
          return `${listMarker(block)} ${runsText(block.runs)}`;
        case "table":
          return block.rows.map((row) => row.map((cell) => cell.paragraphs.map(runsText).join(" ")).join("\t")).join("\n");
      }
    })
    .filter((text) => text.trim().length > 0)
    .join("\n\n");
}

function runsHtml(runs: InlineRun[]): string {
  return runs
    .map((run) => {
      if (run.lineBreak) return "<br>";
      let html = escapeHtml(run.text);
      if (run.strike) html = `<s>${html}</s>`;
      if (run.underline) html = `<u>${html}</u>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join("");
}

/** HTML for blocks built by the extractors (PDF, DOC, TXT). List items become numbered paragraphs. */
export function blocksToHtml(blocks: Block[]): string {
  const html = blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
          return `<h${block.level}>${runsHtml(block.runs)}</h${block.level}>`;
        case "paragraph":
          return block.quote ? `<blockquote><p>${runsHtml(block.runs)}</p></blockquote>` : `<p>${runsHtml(block.runs)}</p>`;
        case "listItem":
          return `<p>${escapeHtml(listMarker(block))} ${runsHtml(block.runs)}</p>`;
        case "table": {
          const rows = block.rows.map((row) => {
            const cells = row.map((cell) => {
              const tag = cell.header ? "th" : "td";
              const spans = `${cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ""}${cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : ""}`;
              return `<${tag}${spans}>${cell.paragraphs.map((p) => `<p>${runsHtml(p)}</p>`).join("")}</${tag}>`;
            });
            return `<tr>${cells.join("")}</tr>`;
          });
          return `<table><tbody>${rows.join("")}</tbody></table>`;
        }
      }
    })
    .join("");
  return sanitizeHtml(html);
}

/** Paragraph blocks from plain text: blank lines separate paragraphs, single line breaks are kept. */
export function textToBlocks(text: string): Block[] {
  return text
    .split(/\n(?:[ \t]*\n)+/)
    .map((para) => para.replace(/^(?:[ \t]*\n)+|(?:\n[ \t]*)+$/g, ""))
    .filter((para) => para.trim().length > 0)
    .map((para): Block => {
      const runs: InlineRun[] = [];
      para.split("\n").forEach((line, i) => {
        if (i > 0) runs.push({ text: "\n", lineBreak: true });
        runs.push({ text: line.replace(/[ \t]+$/, "") });
      });
      return { type: "paragraph", runs };
    });
}
