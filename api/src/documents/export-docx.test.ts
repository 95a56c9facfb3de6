import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { exportDocx } from "./export-docx";
import { extractDocument } from "./extract";
import { validateUpload } from "./validate";

async function readBack(bytes: Uint8Array): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { styleMap: ["p[style-name='Title'] => h1.title:fresh"] });
  return result.value;
}

describe("exportDocx", () => {
  it("writes a title, headings, paragraphs with marks, numbered clauses and tables that Word readers understand", async () => {
    const html =
      "<h1>1. Definitions</h1><p>The <strong>Contract Price</strong> is <em>fixed</em>, <u>subject</u> to <s>no</s> change.</p>" +
      "<h2>1.1 Payment</h2><ol><li>Invoices monthly.<ol><li>Within 28 days.</li></ol></li><li>Holdback 10%.</li></ol>" +
      '<ul><li>Pumps</li></ul><table><tr><th>Milestone</th><th>Amount</th></tr><tr><td colspan="2">Mechanical completion</td></tr></table>' +
      '<p>Pay <a href="javascript:alert(1)">here</a><script>alert(1)</script></p>';
    const bytes = await exportDocx({ title: "EPC Agreement — Site C", html });
    expect(validateUpload({ fileName: "contract.docx", bytes }).kind).toBe("docx");

    const back = await readBack(bytes);
    expect(back).toContain('<h1 class="title">EPC Agreement — Site C</h1>');
    expect(back).toContain("<h1>1. Definitions</h1>");
    expect(back).toContain("<h2>1.1 Payment</h2>");
    expect(back).toContain("The <strong>Contract Price</strong> is <em>fixed</em>, subject to <s>no</s> change.");
    expect(back).toContain("<ol><li>Invoices monthly.<ol><li>Within 28 days.</li></ol></li><li>Holdback 10%.</li></ol>");
    expect(back).toContain("<ul><li>Pumps</li></ul>");
    expect(back).toContain('<td colspan="2"><p>Mechanical completion</p></td>');
    expect(back).toContain("<p>Pay here</p>");
    expect(back).not.toMatch(/script|javascript|<a\b/);
  });

  it("round-trips through our own extraction", async () => {
    const bytes = await exportDocx({ title: "Supply Agreement", html: "<h2>Scope</h2><p>Two pumps.</p><ol><li>Deliver.</li><li>Install.</li></ol>" });
    const { text } = await extractDocument("docx", bytes);
    expect(text).toBe("Supply Agreement\n\nScope\n\nTwo pumps.\n\n1. Deliver.\n\n2. Install.");
  });

  it("restarts numbering for each separate list", async () => {
    const bytes = await exportDocx({ title: "T", html: "<ol><li>A</li><li>B</li></ol><p>Between</p><ol><li>C</li></ol>" });
    const { text } = await extractDocument("docx", bytes);
    expect(text).toBe("T\n\n1. A\n\n2. B\n\nBetween\n\n1. C");
  });

  it("accepts plain text: blank lines separate paragraphs, single breaks stay", async () => {
    const bytes = await exportDocx({ title: "Notes", text: "First line\r\nsecond line\r\n\r\nNext paragraph" });
    const back = await readBack(bytes);
    expect(back).toBe('<h1 class="title">Notes</h1><p>First line<br />second line</p><p>Next paragraph</p>');
  });
});
