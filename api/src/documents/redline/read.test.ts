import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as docx from "docx";
import { describe, expect, it } from "vitest";
import { walkPlainText } from "@clausewise/shared/word";
import { makeMinimalDocxZip, makeZipBomb } from "../../test/fixtures";
import { planRedline } from "./plan";
import { readRedline } from "./read";
import type { RedlineDocument } from "./types";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const rev = (tag: string, id: number, author: string, inner: string, date = "2026-03-02T10:00:00Z") => `<w:${tag} w:id="${id}" w:author="${author}" w:date="${date}">${inner}</w:${tag}>`;
const run = (text: string, rPr = "") => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const delRun = (text: string) => `<w:r><w:delText xml:space="preserve">${text}</w:delText></w:r>`;

function read(bodyXml: string, extra: { name: string; data: string }[] = []): RedlineDocument {
  return readRedline(new Uint8Array(makeMinimalDocxZip({ bodyXml }, extra)));
}

/** The body's text runs as [text, kind, author] in document order. */
function runs(doc: RedlineDocument): [string, string, string][] {
  const out: [string, string, string][] = [];
  const visit = (node: { type?: string; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[]; content?: unknown[] }) => {
    if (node.type === "text") {
      const mark = node.marks?.find((m) => m.type === "revision")?.attrs;
      out.push([node.text ?? "", mark ? `${String(mark.kind)}${mark.move ? `:${String(mark.move)}` : ""}` : "kept", mark ? String(mark.author) : ""]);
    }
    for (const child of (node.content ?? []) as (typeof node)[]) visit(child);
  };
  visit(doc.body);
  return out;
}

describe("readRedline: tracked changes", () => {
  it("reads insertions and deletions with their authors and dates, and plans them on the text the other side received", () => {
    const doc = read(
      `<w:p>${run("The Owner shall pay within ")}${rev("del", 1, "Dana Counsel", delRun("30"))}${rev("ins", 2, "Dana Counsel", run("45"))}${run(" days.")}</w:p>` +
        `<w:p>${run("Holdback is ")}${rev("ins", 3, "Lee Partner", run("not "))}${run("retained.")}</w:p>`,
    );
    expect(runs(doc)).toEqual([
      ["The Owner shall pay within ", "kept", ""],
      ["30", "delete", "Dana Counsel"],
      ["45", "insert", "Dana Counsel"],
      [" days.", "kept", ""],
      ["Holdback is ", "kept", ""],
      ["not ", "insert", "Lee Partner"],
      ["retained.", "kept", ""],
    ]);
    expect(doc.revisions).toBe(3);
    const plan = planRedline(doc);
    expect(plan.base).toBe("The Owner shall pay within 30 days.\nHoldback is retained.");
    expect(plan.full).toBe("The Owner shall pay within 3045 days.\nHoldback is not retained.");
    // One author's deletion and insertion side by side are one replacement.
    expect(plan.changes.map((c) => [c.revision.author, c.revision.date, c.edits])).toEqual([
      [
        "Dana Counsel",
        "2026-03-02T10:00:00Z",
        [
          { kind: "delete", start: 27, end: 29, text: "30" },
          { kind: "insert", at: 29, runs: [{ text: "45", marks: [] }] },
        ],
      ],
      ["Lee Partner", "2026-03-02T10:00:00Z", [{ kind: "insert", at: 48, runs: [{ text: "not ", marks: [] }] }]],
    ]);
  });

  it("keeps each half of a move apart, and a paragraph inserted whole as a new paragraph", () => {
    const doc = read(
      `<w:p>${run("First.")}</w:p>` +
        `<w:p><w:pPr><w:rPr>${rev("moveFrom", 1, "Eric", "")}</w:rPr></w:pPr><w:moveFromRangeStart w:id="2" w:author="Eric" w:name="move1"/>${rev("moveFrom", 3, "Eric", run("Moved."))}</w:p><w:moveFromRangeEnd w:id="2"/>` +
        `<w:p>${run("Second.")}</w:p>` +
        `<w:p><w:pPr><w:rPr>${rev("moveTo", 4, "Eric", "")}</w:rPr></w:pPr>${rev("moveTo", 5, "Eric", run("Moved."))}</w:p>` +
        `<w:p><w:pPr><w:rPr>${rev("ins", 6, "Ann", "")}</w:rPr></w:pPr>${rev("ins", 7, "Ann", run("A new clause, ") + run("bold", "<w:b/>"))}</w:p>` +
        `<w:p>${run("Last.")}</w:p>`,
    );
    const plan = planRedline(doc);
    expect(plan.base).toBe("First.\nMoved.\nSecond.\nLast.");
    expect(plan.changes.map((c) => [c.revision.author, c.revision.move, c.edits])).toEqual([
      ["Eric", "from", [{ kind: "delete", start: 7, end: 13, text: "Moved." }]],
      ["Eric", "to", [{ kind: "paragraph", at: 21, before: false, runs: [{ text: "Moved.", marks: [] }] }]],
      [
        "Ann",
        null,
        [
          {
            kind: "paragraph",
            at: 21,
            before: false,
            runs: [
              { text: "A new clause, ", marks: [] },
              { text: "bold", marks: ["bold"] },
            ],
          },
        ],
      ],
    ]);
    expect(plan.structural).toBe(0);
  });

  it("reads Enter-then-typing as a new paragraph, and counts a split it cannot hold", () => {
    const typedAfter = planRedline(read(`<w:p><w:pPr><w:rPr>${rev("ins", 1, "Ann", "")}</w:rPr></w:pPr>${run("Kept.")}</w:p><w:p>${rev("ins", 2, "Ann", run("Typed."))}</w:p>`));
    expect(typedAfter.base).toBe("Kept.");
    expect(typedAfter.changes[0]!.edits).toEqual([{ kind: "paragraph", at: 5, before: false, runs: [{ text: "Typed.", marks: [] }] }]);

    const split = planRedline(read(`<w:p><w:pPr><w:rPr>${rev("ins", 1, "Ann", "")}</w:rPr></w:pPr>${run("One ")}</w:p><w:p>${run("two.")}</w:p>`));
    expect(split.base).toBe("One two.");
    expect(split.structural).toBe(1);
  });

  it("leaves out field codes, text inserted then deleted, page breaks and rows merged away; reads tabs, line breaks and tables", () => {
    const doc = read(
      `<w:p>${run("See ")}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> REF _Ref1 \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("clause 4")}<w:r><w:fldChar w:fldCharType="end"/></w:r>` +
        `${rev("ins", 1, "A", rev("del", 2, "B", delRun("gone")))}<w:r><w:br w:type="page"/><w:tab/><w:t>x</w:t><w:br/><w:t>y</w:t></w:r></w:p>` +
        `<w:tbl><w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p>${run("A1")}</w:p></w:tc><w:tc><w:p>${run("B1")}</w:p></w:tc></w:tr>` +
        `<w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc><w:tc><w:p>${run("B2")}</w:p></w:tc></w:tr></w:tbl>`,
    );
    expect(walkPlainText(doc.body).text).toBe("See clause 4\tx\ny\nA1\tB1\nB2");
  });

  it("turns formatting changes into notes on their words, with what changed", () => {
    const plan = planRedline(read(`<w:p>${run("Net ")}${run("30", `<w:b/><w:rPrChange w:id="1" w:author="Kim" w:date="2026-01-01T00:00:00Z"><w:rPr><w:i/></w:rPr></w:rPrChange>`)}</w:p>`));
    expect(plan.formatChanges).toEqual([{ start: 4, end: 6, change: { author: "Kim", date: "2026-01-01T00:00:00Z", description: "bold added, italic removed" } }]);
  });

  it("matches the Word namespace by URI, whatever the prefix", () => {
    const documentXml = `<?xml version="1.0"?><x:document xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><x:body><x:p><x:ins x:id="1" x:author="Odd Writer"><x:r><x:t>hello</x:t></x:r></x:ins></x:p></x:body></x:document>`;
    const doc = readRedline(new Uint8Array(makeMinimalDocxZip({ documentXml })));
    expect(runs(doc)).toEqual([["hello", "insert", "Odd Writer"]]);
  });
});

describe("readRedline: comments", () => {
  const comments =
    `<w:comments ${W} xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml">` +
    `<w:comment w:id="0" w:author="Dana Counsel" w:initials="DC" w:date="2026-03-02T10:00:00Z"><w:p w14:paraId="1A2B3C4D"><w:r><w:t>Why 45?</w:t></w:r></w:p></w:comment>` +
    `<w:comment w:id="1" w:author="Sam Approver" w:date="2026-03-03T09:00:00Z"><w:p><w:r><w:t>Industry norm.</w:t></w:r></w:p><w:p w14:paraId="00000A0B"><w:r><w:t>See CCDC 2.</w:t></w:r></w:p></w:comment>` +
    `<w:comment w:id="2" w:author="Lee" w:date="2026-03-03T09:00:00Z"><w:p><w:r><w:t>Flag: check the cap</w:t></w:r></w:p></w:comment>` +
    `</w:comments>`;
  const extended = `<w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:commentEx w15:paraId="1A2B3C4D"/><w15:commentEx w15:paraId="00000A0B" w15:paraIdParent="1a2b3c4d"/></w15:commentsEx>`;

  it("reads each comment's author, date and text, its reply thread, and where it is anchored", () => {
    const doc = read(
      `<w:p>${run("Pay within ")}<w:commentRangeStart w:id="0"/><w:commentRangeStart w:id="1"/>${run("45 days")}<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r><w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r></w:p>` +
        `<w:p><w:commentRangeStart w:id="2"/>${run("Cap.")}<w:commentRangeEnd w:id="2"/></w:p>`,
      [
        { name: "word/comments.xml", data: comments },
        { name: "word/commentsExtended.xml", data: extended },
      ],
    );
    expect(doc.comments).toEqual([
      { id: "0", author: "Dana Counsel", date: "2026-03-02T10:00:00Z", text: "Why 45?", parentId: null },
      { id: "1", author: "Sam Approver", date: "2026-03-03T09:00:00Z", text: "Industry norm.\nSee CCDC 2.", parentId: "0" },
      { id: "2", author: "Lee", date: "2026-03-03T09:00:00Z", text: "Flag: check the cap", parentId: null },
    ]);
    expect(planRedline(doc).comments).toEqual([
      { id: "0", start: 11, end: 18 },
      { id: "1", start: 11, end: 18 },
      // The range opens at the start of the second line, after its line break.
      { id: "2", start: 19, end: 23 },
    ]);
  });

  it("reads what the docx library writes: revisions, comments and replies", async () => {
    const document = new docx.Document({
      comments: {
        children: [
          { id: 0, author: "Dana Counsel", initials: "DC", date: new Date("2026-03-02T10:00:00Z"), children: [new docx.Paragraph("Too short.")] },
          { id: 1, author: "Sam Approver", parentId: 0, date: new Date("2026-03-03T10:00:00Z"), children: [new docx.Paragraph("Agreed.")] },
        ],
      },
      sections: [
        {
          children: [
            new docx.Paragraph({
              children: [
                new docx.TextRun("Notice within "),
                new docx.CommentRangeStart(0),
                new docx.DeletedTextRun({ text: "5", id: 2, author: "Dana Counsel", date: "2026-03-02T10:00:00Z" }),
                new docx.InsertedTextRun({ text: "10", id: 3, author: "Dana Counsel", date: "2026-03-02T10:00:00Z" }),
                new docx.CommentRangeEnd(0),
                new docx.TextRun({ children: [new docx.CommentReference(0)] }),
                new docx.TextRun(" days."),
              ],
            }),
          ],
        },
      ],
    });
    const doc = readRedline(new Uint8Array(await docx.Packer.toBuffer(document)));
    expect(runs(doc)).toEqual([
      ["Notice within ", "kept", ""],
      ["5", "delete", "Dana Counsel"],
      ["10", "insert", "Dana Counsel"],
      [" days.", "kept", ""],
    ]);
    expect(doc.comments.map((c) => [c.author, c.text, c.parentId])).toEqual([
      ["Dana Counsel", "Too short.", null],
      ["Sam Approver", "Agreed.", "0"],
    ]);
    expect(planRedline(doc).comments[0]).toEqual({ id: "0", start: 14, end: 17 });
  });
});

describe("readRedline: the shared Word fixtures", () => {
  const fixtures = fileURLToPath(new URL("../../../../../shared/fixtures/docx/", import.meta.url));
  const rp015 = `${fixtures}RP015-MoveFrom-MoveTo.docx`;

  it.skipIf(!existsSync(rp015))("RP015 (shared/fixtures/docx, absent: skipped): a paragraph moved by Eric White is a deletion and an insertion", () => {
    const plan = planRedline(readRedline(new Uint8Array(readFileSync(rp015))));
    expect(plan.base).toBe("Video provides a powerful way.\nWhen you click Online Video.\nYou can also type a keyword.\nMake your document look professionally produced.");
    expect(plan.changes.map((c) => [c.revision.author, c.revision.move, c.revision.date, c.edits[0]!.kind])).toEqual([
      ["Eric White", "from", "2017-03-24T23:18:00Z", "delete"],
      ["Eric White", "to", "2017-03-24T23:18:00Z", "paragraph"],
    ]);
    // The accepted copy of the same file has no tracked change left.
    const accepted = `${fixtures}RP015-MoveFrom-MoveTo-Accepted.docx`;
    if (existsSync(accepted)) expect(readRedline(new Uint8Array(readFileSync(accepted))).revisions).toBe(0);
  });
});

describe("readRedline: bad files", () => {
  it("refuses a zip bomb and an archive that lies about its sizes before reading any XML", () => {
    expect(() => readRedline(new Uint8Array(makeZipBomb()))).toThrow(/too large when unpacked/);
    expect(() => readRedline(new Uint8Array(makeZipBomb(2 * 1024 * 1024, { declaredSize: 1000 })))).toThrow(/too large when unpacked/);
  });

  it("refuses what is not a zip as not a Word document", () => {
    expect(() => readRedline(new Uint8Array(Buffer.from("not a zip")))).toThrow(/Invalid file type/);
  });

  it("keeps an entity declared by a DTD unexpanded (no entity bomb)", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><w:document ${W}><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>`;
    const doc = readRedline(new Uint8Array(makeMinimalDocxZip({ documentXml: bomb })));
    expect(walkPlainText(doc.body).text.length).toBeLessThan(10);
  });
});
