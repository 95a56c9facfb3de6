export type TextBlockKind = "heading" | "paragraph" | "listItem" | "quote";

export interface TextBlock {
  kind: TextBlockKind;
  text: string;
}

const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
  "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]);
const SKIPPED_TAGS = new Set(["script", "style", "template", "noscript", "iframe", "object", "svg", "math"]);

function kindFor(tag: string, parent: TextBlockKind): TextBlockKind {
  if (/^h[1-6]$/.test(tag)) return "heading";
  if (tag === "li") return "listItem";
  if (tag === "blockquote") return "quote";
  if (tag === "p" && parent === "heading") return "paragraph";
  return parent;
}

/**
 * Turns the contract's stored HTML into plain text blocks. The HTML is parsed in an inert document
 * (no scripts run, nothing loads) and only text is kept, so nothing from the server is ever
 * injected as markup.
 */
export function htmlToTextBlocks(html: string): TextBlock[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const blocks: TextBlock[] = [];
  let buffer = "";

  const flush = (kind: TextBlockKind) => {
    const text = buffer.replace(/\s+/g, " ").trim();
    buffer = "";
    if (text) blocks.push({ kind, text });
  };

  const walk = (parent: Node, kind: TextBlockKind) => {
    for (const child of Array.from(parent.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        buffer += child.textContent ?? "";
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = (child as Element).tagName.toLowerCase();
      if (SKIPPED_TAGS.has(tag)) continue;
      if (tag === "br") {
        buffer += " ";
      } else if (BLOCK_TAGS.has(tag)) {
        const inner = kindFor(tag, kind);
        flush(kind);
        walk(child, inner);
        flush(inner);
      } else {
        walk(child, kind);
      }
    }
  };

  walk(doc.body, "paragraph");
  flush("paragraph");
  return blocks;
}
