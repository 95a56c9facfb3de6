import { htmlToPlainText } from "../../content/text";

/**
 * The demo contracts are written in a small line format, so the texts read like contracts and not
 * like markup. One line is one block:
 *   `# Title`            → <h1>
 *   `## 1. HEADING`      → <h2> (an article)
 *   `### 1.1 Heading`    → <h3> (a clause)
 *   `(a) text`           → <p>(a) text</p>: the letter is part of the text, as in a signed contract
 *   anything else        → <p>
 * Blank lines are ignored.
 */
export interface RenderedContract {
  /** Clean HTML for `contracts.content` (h1/h2/h3/p only). */
  html: string;
  /** `htmlToPlainText(html)`: the API's coordinate system (one line per block). */
  plainText: string;
  /** The plain-text blocks in order; a markup's `position.paragraph` indexes this list. */
  blocks: string[];
  wordCount: number;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function renderContract(source: string): RenderedContract {
  const html: string[] = [];
  const blocks: string[] = [];
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      html.push(`<h${level}>${escapeHtml(heading[2]!)}</h${level}>`);
      blocks.push(heading[2]!);
    } else {
      html.push(`<p>${escapeHtml(line)}</p>`);
      blocks.push(line);
    }
  }
  const content = html.join("\n");
  const plainText = htmlToPlainText(content);
  return { html: content, plainText, blocks, wordCount: countWords(plainText) };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
