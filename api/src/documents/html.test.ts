import { describe, expect, it } from "vitest";
import { blocksToText, htmlToBlocks, sanitizeHtml, textToBlocks } from "./html";

describe("sanitizeHtml", () => {
  it("keeps the structural allow-list", () => {
    const html =
      "<h1>Title</h1><h2>Part</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s><br></p><ol><li>one</li></ol><ul><li>dot</li></ul>" +
      "<blockquote><p>quote</p></blockquote><table><thead><tr><th>H</th></tr></thead><tbody><tr><td>C</td></tr></tbody></table>";
    expect(sanitizeHtml(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("drops scripts, styles, event handlers, links and images, keeping harmless text", () => {
    const dirty =
      '<p onclick="steal()">Pay <a href="javascript:alert(1)">here</a><script>alert(1)</script><img src=x onerror="alert(2)"></p>' +
      '<style>p{}</style><iframe src="https://evil.example"></iframe><svg><script>alert(3)</script></svg><p style="color:red" class="x">ok</p>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toBe("<p>Pay here</p><p>ok</p>");
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|href|style|iframe|img|svg/i);
  });

  it("keeps numeric table spans only", () => {
    expect(sanitizeHtml('<table><tr><td colspan="2" rowspan="x" onclick="a()">A</td><td rowspan="3" width="9">B</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">A</td><td rowspan="3">B</td></tr></table>',
    );
  });

  it("escapes markup hidden in text", () => {
    expect(sanitizeHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});

describe("htmlToBlocks and blocksToText", () => {
  it("numbers nested ordered lists from their nesting and restarts each list", () => {
    const blocks = htmlToBlocks("<ol><li>Scope<ol><li>Works</li><li>Services<ol><li>Design</li></ol></li></ol></li><li>Price</li></ol><p>Between</p><ol><li>Again</li></ol>");
    expect(blocksToText(blocks)).toBe("1. Scope\n\n1.1. Works\n\n1.2. Services\n\n1.2.1. Design\n\n2. Price\n\nBetween\n\n1. Again");
  });

  it("writes bullets with a bullet sign and headings and paragraphs as blocks", () => {
    expect(blocksToText(htmlToBlocks("<h1>Agreement</h1><p>Intro  text\n spread</p><ul><li>A</li><li>B</li></ul>"))).toBe("Agreement\n\nIntro text spread\n\n• A\n\n• B");
  });

  it("writes table rows on lines with tab-separated cells, each merged cell's text once", () => {
    const html =
      '<table><tr><td><p>Item</p></td><td><p>Price</p></td><td><p>Qty</p></td></tr>' +
      '<tr><td rowspan="2"><p>Pump</p><p>spare</p></td><td><p>100</p></td><td><p>1</p></td></tr>' +
      '<tr><td><p>200</p></td><td><p>2</p></td></tr><tr><td colspan="2"><p>Total</p></td><td><p>3</p></td></tr></table>';
    const text = blocksToText(htmlToBlocks(html));
    expect(text).toBe("Item\tPrice\tQty\nPump spare\t100\t1\n200\t2\nTotal\t3");
    expect(text.match(/Pump/g)).toHaveLength(1);
    expect(text.match(/Total/g)).toHaveLength(1);
  });

  it("decodes entities and keeps line breaks inside a paragraph", () => {
    expect(blocksToText(htmlToBlocks("<p>A &amp; B &lt;C&gt; &#233;&#x20AC;<br />next line</p>"))).toBe("A & B <C> é€\nnext line");
  });

  it("drops empty paragraphs", () => {
    expect(htmlToBlocks("<p>     </p><p></p><p>x</p>")).toHaveLength(1);
  });
});

describe("textToBlocks", () => {
  it("splits on blank lines and keeps single line breaks", () => {
    expect(blocksToText(textToBlocks("First line\nsecond line\n\n\n  \nNext para  \n"))).toBe("First line\nsecond line\n\nNext para");
  });
});
