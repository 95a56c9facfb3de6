import type { JSONContent } from "@tiptap/core";
import { getEditorSchema } from "@clausewise/shared/editor";
import { walkPlainText } from "@clausewise/shared/word";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { htmlToPlainText } from "../content/text";
import { DEMO_CONTRACTS } from "../seed/demo-data";
import { renderContract } from "../seed/contracts/render";
import { seededRandom } from "../test/random";
import { REVIEW_DOCUMENT } from "../test/review-factories";
import { applyHtmlToDoc, documentFragment, htmlToYUpdate, liveDocumentHtml, seedDocFromHtml, ydocToHtml, ydocToPlainText, ydocToProseMirror } from "./convert";
import { RICH_DOCUMENT } from "./test-documents";
import { applyTextEditToDoc, documentText, WALKED_NODE_TYPES } from "./text-edit";

const docFrom = (html: string) => {
  const doc = new Y.Doc();
  seedDocFromHtml(doc, html);
  return doc;
};

describe("HTML ↔ Y.Doc", () => {
  it("keeps every node type and mark of the editor schema through a round trip", () => {
    const doc = docFrom(RICH_DOCUMENT);
    const html = ydocToHtml(doc);
    for (const fragment of [
      '<h1 style="text-align: center;">',
      'data-indent="2"',
      'dir="rtl"',
      "margin-inline-start: 4em",
      "<strong>Owner</strong>",
      "shall  pay<br>",
      "<code>later</code>",
      "<sub>1</sub><sup>2</sup>",
      "color: #c00000",
      "background-color: #ffff00",
      "font-family: Arial",
      "font-size: 14px",
      'href="https://example.com/terms"',
      '<img src="https://cdn.example.com/logo.png">',
      '<ins class="suggestion suggestion-insert" data-change-id="c1" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-11-20T10:00:00.000Z">added</ins>',
      '<del class="suggestion suggestion-delete" data-change-id="c2"',
      "<ol><li><p>nested</p></li></ol>",
      "<blockquote><p>Quoted</p></blockquote>",
      "<pre><code>line one\nline two</code></pre>",
      "<hr>",
      "<th",
      "youtube-nocookie.com/embed/abc123",
    ]) {
      expect(html, fragment).toContain(fragment);
    }
    // Rendering is a fixed point: the derived HTML seeds the same document again.
    expect(ydocToHtml(docFrom(html))).toBe(html);
  });

  it("drops what the schema forbids: unsafe link and image URLs, scripts", () => {
    const html = ydocToHtml(docFrom('<p><a href="javascript:alert(1)">x</a><img src="/api/auth/logout"><img src="data:image/svg+xml;base64,AAAA"><script>alert(2)</script>y</p>'));
    expect(html).toBe("<p>xy</p>");
  });

  it("keeps the plain text of the demo contracts and the review document (their offsets stay valid)", () => {
    for (const html of [...DEMO_CONTRACTS.map((c) => renderContract(c.source).html), REVIEW_DOCUMENT.replace(/<td>(.*?)<\/td>/g, "<td><p>$1</p></td>"), "<p>a  b\tc</p>"]) {
      expect(ydocToPlainText(docFrom(html))).toBe(htmlToPlainText(html));
    }
  });

  it("reads the plain text straight off the Y.Doc exactly as htmlToPlainText reads the HTML", () => {
    const schemaTypes = Object.keys(getEditorSchema().nodes).filter((name) => name !== "doc" && name !== "text");
    expect([...WALKED_NODE_TYPES].sort()).toEqual(schemaTypes.sort());
    for (const html of [RICH_DOCUMENT, REVIEW_DOCUMENT, "", "<p></p>", "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><p>x<br><br>y</p>"]) {
      const doc = docFrom(html);
      expect(documentText(doc), html).toBe(htmlToPlainText(ydocToHtml(doc)));
      // The same walk over ProseMirror JSON: how the browser's Word export places markups.
      expect(walkPlainText(ydocToProseMirror(doc).toJSON() as JSONContent).text, html).toBe(documentText(doc));
    }
  });

  it("reads the same plain text off the document as off its HTML, on random documents with awkward text", () => {
    // The live document's derived plain text is read off the Y.Doc (documentText) while its HTML is
    // rendered beside it: the two must never disagree, or offsets would point into the wrong text.
    const next = seededRandom(77);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const TEXTS = ["Owner", " ", "  two  spaces ", "a&amp;b", "&lt;tag&gt;", "\u00a0nbsp\u00a0", "tab\there", "é—ü “quoted”", "😀 emoji", "\u200bzero", "end. "];
    const text = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(TEXTS)).join("");
    const inline = (): string => {
      const roll = next();
      if (roll < 0.5) return text();
      if (roll < 0.6) return "<br>";
      if (roll < 0.7) return `<strong>${text()}</strong>`;
      if (roll < 0.8) return `<em>${text()}</em>${text()}`;
      if (roll < 0.9) return `<a href="https://example.com/x">${text()}</a>`;
      return "";
    };
    const paragraph = () => `<p>${Array.from({ length: Math.floor(next() * 4) }, inline).join("")}</p>`;
    const block = (depth: number): string => {
      const roll = next();
      if (roll < 0.35 || depth > 2) return paragraph();
      if (roll < 0.5) {
        const level = 1 + Math.floor(next() * 3);
        return `<h${level}>${inline()}</h${level}>`;
      }
      if (roll < 0.62) {
        const list = pick(["ul", "ol"]);
        return `<${list}>${Array.from({ length: 1 + Math.floor(next() * 3) }, () => `<li>${block(depth + 1)}${next() < 0.3 ? block(depth + 1) : ""}</li>`).join("")}</${list}>`;
      }
      if (roll < 0.72) return `<blockquote>${paragraph()}${next() < 0.5 ? paragraph() : ""}</blockquote>`;
      if (roll < 0.82) return `<table><tbody>${Array.from({ length: 1 + Math.floor(next() * 2) }, () => `<tr>${Array.from({ length: 1 + Math.floor(next() * 3) }, () => `<td>${paragraph()}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
      if (roll < 0.88) return `<pre><code>${text()}\n${text()}</code></pre>`;
      if (roll < 0.93) return "<hr>";
      return `<p><img src="https://cdn.example.com/i.png">${text()}</p>`;
    };
    for (let run = 0; run < 150; run++) {
      const html = Array.from({ length: 1 + Math.floor(next() * 6) }, () => block(0)).join("");
      const doc = docFrom(html);
      // Typed straight into the document too: characters HTML escapes or a parser might normalise.
      const texts: Y.XmlText[] = [];
      const collect = (node: Y.XmlElement | Y.XmlFragment) => node.toArray().forEach((child) => (child instanceof Y.XmlText ? texts.push(child) : child instanceof Y.XmlElement && collect(child)));
      collect(documentFragment(doc));
      for (const t of texts.slice(0, 3)) t.insert(Math.floor(next() * (t.length + 1)), pick(["<b>", "&", "\r\n", "\n", "\t", "\u00a0", '"', "'"]));
      expect(documentText(doc), html).toBe(htmlToPlainText(ydocToHtml(doc)));
    }
  });

  it("renders a live document block by block exactly as the whole render, through random edits of every kind", () => {
    const documents = [RICH_DOCUMENT, REVIEW_DOCUMENT, ...DEMO_CONTRACTS.slice(0, 1).map((c) => renderContract(c.source).html), "<p>only</p>"];
    documents.forEach((source, index) => {
      const next = seededRandom(500 + index);
      const doc = docFrom(source);
      const elements = () => {
        const out: Y.XmlElement[] = [];
        const walk = (node: Y.XmlFragment | Y.XmlElement) => node.toArray().forEach((child) => child instanceof Y.XmlElement && (out.push(child), walk(child)));
        walk(documentFragment(doc));
        return out;
      };
      const texts = () => elements().flatMap((e) => e.toArray().filter((c): c is Y.XmlText => c instanceof Y.XmlText));
      const pick = <T,>(items: T[]): T | undefined => items[Math.floor(next() * items.length)];
      expect(liveDocumentHtml(doc), `document ${index}`).toBe(ydocToHtml(doc));
      for (let step = 0; step < 60; step++) {
        const roll = next();
        const fragment = documentFragment(doc);
        const text = pick(texts());
        if (roll < 0.3 && text) text.insert(Math.floor(next() * (text.length + 1)), pick(["x", " more words", "&<>", "\u00a0"])!);
        else if (roll < 0.4 && text && text.length > 0) text.delete(Math.floor(next() * text.length), 1);
        else if (roll < 0.5 && text && text.length > 1) text.format(0, 1 + Math.floor(next() * (text.length - 1)), { bold: next() < 0.7 ? {} : null });
        else if (roll < 0.6) pick(elements())?.setAttribute("textAlign", pick(["center", "right", "left"])!);
        else if (roll < 0.7) {
          const p = new Y.XmlElement("paragraph");
          p.insert(0, [new Y.XmlText("inserted")]);
          fragment.insert(Math.floor(next() * (fragment.length + 1)), [p]);
        } else if (roll < 0.78 && fragment.length > 1) fragment.delete(Math.floor(next() * fragment.length), 1);
        else if (roll < 0.86 && fragment.length > 0) {
          // A block moved: deleted and inserted anew elsewhere, as the editor does.
          const from = Math.floor(next() * fragment.length);
          const moved = (fragment.get(from) as Y.XmlElement).clone();
          doc.transact(() => {
            fragment.delete(from, 1);
            fragment.insert(Math.floor(next() * (fragment.length + 1)), [moved]);
          });
        } else if (roll < 0.93) applyTextEditToDoc(doc, 0, Math.min(3, documentText(doc).length), "Re");
        else fragment.insert(fragment.length, [new Y.XmlElement("marquee")]); // skipped by the render
        expect(liveDocumentHtml(doc), `document ${index}, step ${step}`).toBe(ydocToHtml(doc));
      }
    });
    // Top-level text and an empty document: the whole render.
    const bare = new Y.Doc();
    expect(liveDocumentHtml(bare)).toBe(ydocToHtml(bare));
    documentFragment(bare).insert(0, [new Y.XmlText("loose")]);
    expect(liveDocumentHtml(bare)).toBe(ydocToHtml(bare));
  });

  it("htmlToYUpdate makes a state any Y.Doc can load", () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, htmlToYUpdate("<h2>1. Payment</h2><p>Net 30.</p>"));
    expect(ydocToHtml(doc)).toBe("<h2>1. Payment</h2><p>Net 30.</p>");
  });

  it("reading a document never writes to it", () => {
    const doc = docFrom(RICH_DOCUMENT);
    // An element no schema knows, as a modified client could write it.
    documentFragment(doc).insert(0, [new Y.XmlElement("marquee")]);
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    ydocToHtml(doc);
    documentText(doc);
    expect(updates).toEqual([]);
  });
});

describe("applyHtmlToDoc", () => {
  it("applies a whole new content as one edit that another replica can apply", () => {
    const doc = docFrom("<h2>1. Payment</h2><p>Net 30.</p><p>Holdback 10%.</p>");
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
    const events: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => events.push(u));
    const update = applyHtmlToDoc(doc, "<h2>1. Payment</h2><p>Net 45.</p><p>Holdback 10%.</p>");
    expect(update).not.toBeNull();
    expect(events).toHaveLength(1);
    Y.applyUpdate(replica, update!);
    expect(ydocToHtml(replica)).toBe("<h2>1. Payment</h2><p>Net 45.</p><p>Holdback 10%.</p>");
  });

  it("edits in place, so a concurrent edit elsewhere in the document survives", () => {
    const doc = docFrom("<p>Net 30.</p><p>Holdback 10%.</p>");
    const live = new Y.Doc();
    Y.applyUpdate(live, Y.encodeStateAsUpdate(doc));
    // A live editor types in the second paragraph while the REST save changes the first.
    const liveUpdate = applyHtmlToDoc(live, "<p>Net 30.</p><p>Holdback 10% retained.</p>")!;
    const restUpdate = applyHtmlToDoc(doc, "<p>Net 45.</p><p>Holdback 10%.</p>")!;
    Y.applyUpdate(doc, liveUpdate);
    Y.applyUpdate(live, restUpdate);
    expect(ydocToHtml(doc)).toBe("<p>Net 45.</p><p>Holdback 10% retained.</p>");
    expect(ydocToHtml(live)).toBe(ydocToHtml(doc));
  });

  it("returns null when the content is already the document's", () => {
    const doc = docFrom("<p>Same</p>");
    expect(applyHtmlToDoc(doc, "<p>Same</p>")).toBeNull();
  });
});
