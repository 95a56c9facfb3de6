import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { readRedline } from "../api/src/documents/redline/read";
import { makeMinimalDocxZip } from "../api/src/test/fixtures";
import { expect, signIn, test } from "./fixtures";

/*
 * The Word round trip of redlines (issue 14): the other side's tracked changes and comments come in
 * under their Word authors; the Word export carries suggestions as tracked changes and markups as
 * comments; importing that export into a copy of the contract brings back the same suggestions and
 * comments with the same authors. Each run works on two contracts of its own.
 */

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const CLAUSES = ["1. Payment. The Owner shall pay within 30 days of each invoice.", "2. Holdback. Ten percent of each payment is retained until completion."];
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"';
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

/** What opposing counsel sends back: 30 → 45 under Track Changes, a comment on the holdback, a reply. */
function counterpartyRedline(): Buffer {
  const body =
    `<w:p>${run("1. Payment. The Owner shall pay within ")}<w:del w:id="1" w:author="Dana Counsel" w:date="2026-03-02T10:00:00Z"><w:r><w:delText>30</w:delText></w:r></w:del>` +
    `<w:ins w:id="2" w:author="Dana Counsel" w:date="2026-03-02T10:00:00Z">${run("45")}</w:ins>${run(" days of each invoice.")}</w:p>` +
    `<w:p>${run("2. Holdback. ")}<w:commentRangeStart w:id="7"/>${run("Ten percent")}<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r>${run(" of each payment is retained until completion.")}</w:p>`;
  const comments =
    `<w:comments ${W}><w:comment w:id="7" w:author="Dana Counsel" w:date="2026-03-02T11:00:00Z"><w:p w14:paraId="0000AAAA">${run("Five percent is market.")}</w:p></w:comment>` +
    `<w:comment w:id="8" w:author="Kim Partner" w:date="2026-03-02T12:00:00Z"><w:p w14:paraId="0000BBBB">${run("Agreed with Dana.")}</w:p></w:comment></w:comments>`;
  const extended = `<w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:commentEx w15:paraId="0000AAAA"/><w15:commentEx w15:paraId="0000BBBB" w15:paraIdParent="0000AAAA"/></w15:commentsEx>`;
  return makeMinimalDocxZip({ bodyXml: body }, [
    { name: "word/comments.xml", data: comments },
    { name: "word/commentsExtended.xml", data: extended },
  ]);
}

async function uploadContract(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/api/contracts", {
    multipart: { title, processingConsent: "true", file: { name: "supply.txt", mimeType: "text/plain", buffer: Buffer.from(CLAUSES.join("\n\n")) } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function importRedline(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByTestId("redline-import-input").setInputFiles({ name, mimeType: DOCX, buffer });
  const confirm = page.getByRole("alertdialog", { name: "Import the other side's redline?" });
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: "Import redline" }).click();
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The Track Changes tab's suggestions and the Markups sheet's comments, with their authors. */
async function expectRedline(page: Page, comments: [author: string, text: string][]): Promise<void> {
  await page.getByRole("tab", { name: "Track Changes" }).click();
  const change = page.getByRole("article", { name: "Replacement by Dana Counsel" });
  await expect(change).toBeVisible();
  await expect(change).toContainText("Dana Counsel (external)");
  await expect(change.locator("del")).toHaveText("30");
  await expect(change.locator("ins")).toHaveText("45");

  await page.getByRole("button", { name: `${comments.length} comments` }).click();
  const sheet = page.getByRole("dialog", { name: `Markups (${comments.length})` });
  for (const [author, text] of comments) {
    const item = sheet.getByRole("listitem").filter({ hasText: text });
    await expect(item).toContainText(author);
  }
  await expect(sheet.getByRole("listitem").filter({ hasText: "Agreed with Dana." })).toContainText("Reply to Dana Counsel");
  await expect(sheet.getByRole("listitem").filter({ hasText: "Five percent is market." })).toContainText("“Ten percent”");
  await page.keyboard.press("Escape");
}

test("Word round trip: a counterparty redline comes in by its authors, the export carries it with our comments, and importing that export brings back the same suggestions and comments", async ({ page, browser }) => {
  const stamp = Date.now();
  await signIn(page, "admin@demo.test");
  const first = await uploadContract(page, `Pump Supply ${stamp}`);
  const copy = await uploadContract(page, `Pump Supply copy ${stamp}`);

  // A reviewer comments in ClauseWise, and cannot import a redline.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, "reviewer@demo.test");
  const start = CLAUSES.join("\n").indexOf("Owner");
  expect((await reviewer.request.post(`/api/contracts/${first}/markups`, { data: { type: "comment", content: "Is 45 days acceptable?", position: { paragraph: 0, start, end: start + 5 } } })).status()).toBe(201);
  await reviewer.goto(`/contracts/${first}`);
  await expect(reviewer.getByRole("heading", { level: 1, name: `Pump Supply ${stamp}` })).toBeVisible();
  await expect(reviewer.getByRole("button", { name: "Import redline" })).toHaveCount(0);
  await reviewerContext.close();

  // 1. The counterparty's redline comes in as suggestions and comments by its Word authors.
  await page.goto(`/contracts/${first}`);
  await expect(page.getByRole("heading", { level: 1, name: `Pump Supply ${stamp}` })).toBeVisible();
  await importRedline(page, "pump-supply-dana.docx", counterpartyRedline());
  await expect(toasts(page).getByText("1 suggestion and 2 comments from Dana Counsel, Kim Partner.").first()).toBeVisible();
  await expectRedline(page, [
    ["Daniel Okafor", "Is 45 days acceptable?"],
    ["Dana Counsel (external)", "Five percent is market."],
    ["Kim Partner (external)", "Agreed with Dana."],
  ]);

  // 2. The Word export carries the suggestion as a tracked change and every markup as a comment.
  await page.getByRole("tab", { name: "Word Editor" }).click();
  const editor = page.getByRole("region", { name: "Word Editor" });
  await expect(editor.getByRole("status", { name: "Connection: Live" })).toBeVisible({ timeout: 20_000 });
  await expect(editor.locator("ins.suggestion-insert", { hasText: "45" })).toHaveAttribute("data-author-name", "Dana Counsel");
  const downloading = page.waitForEvent("download");
  await editor.getByRole("toolbar", { name: "Document" }).getByRole("button", { name: "Export to Word" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("contract.docx");
  const exported = readFileSync(await download.path());
  const read = readRedline(new Uint8Array(exported));
  expect(read.revisions).toBe(2);
  expect(read.comments.map((c) => [c.author, c.text, c.parentId !== null])).toEqual(
    expect.arrayContaining([
      ["Daniel Okafor", "Is 45 days acceptable?", false],
      ["Dana Counsel", "Five percent is market.", false],
      ["Kim Partner", "Agreed with Dana.", true],
    ]),
  );

  // 3. Imported into the copy of the contract: the same suggestion and comments, by the same authors.
  await page.goto(`/contracts/${copy}`);
  await expect(page.getByRole("heading", { level: 1, name: `Pump Supply copy ${stamp}` })).toBeVisible();
  await importRedline(page, "contract.docx", exported);
  await expect(toasts(page).getByText("1 suggestion and 3 comments from Dana Counsel, Daniel Okafor, Kim Partner.").first()).toBeVisible();
  await expectRedline(page, [
    ["Daniel Okafor (external)", "Is 45 days acceptable?"],
    ["Dana Counsel (external)", "Five percent is market."],
    ["Kim Partner (external)", "Agreed with Dana."],
  ]);

  // 4. The same file into the contract it came from: nothing is doubled.
  await page.goto(`/contracts/${first}`);
  await importRedline(page, "contract.docx", exported);
  await expect(toasts(page).getByText("Nothing new: the contract already has every tracked change and comment of this file.").first()).toBeVisible();
  await page.getByRole("tab", { name: "Track Changes" }).click();
  await expect(page.getByRole("article", { name: "Replacement by Dana Counsel" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "3 comments" })).toBeVisible();
});
