import { readFileSync } from "node:fs";
import { makeMinimalDocxZip } from "../api/src/test/fixtures";
import { expect, reopenForChanges, test } from "./fixtures";
import { openWordEditor, token } from "./word-editor";

/*
 * The live Word Editor (DESIGN.md §2, §4) on the Cariboo Fibre maintenance agreement, which no
 * other journey edits. Each run adds its own uniquely worded sentence. The contract page renders
 * the editor (web/src/editor, `LazyCollaborativeEditor`) in its 'Word Editor' tab.
 */


// The Cariboo agreement is approved in the demo data and approval locks the text (issue 14); these
// journeys edit it, so it is reopened for changes first.
test.beforeAll(({ playwright }) => reopenForChanges(playwright, /Cariboo Fibre/, "Live editor journeys (e2e)."));

test("Word import: a .docx goes in for everyone; one whose image lies about its size is refused before it is read", async ({ browser }) => {
  const admin = await openWordEditor(browser, "admin@demo.test");
  try {
    const { page, document } = admin;
    const input = page.getByTestId("word-import-input");
    const dialog = page.getByRole("dialog", { name: "Import Word document" });
    const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

    // 8 MB of image declared as 2 KB: refused with a clear message, the document untouched.
    const refused = `Never imported ${token()}`;
    const lying = makeMinimalDocxZip([refused], [{ name: "word/media/image1.png", data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 2_000 }]);
    await input.setInputFiles({ name: "lying.docx", mimeType: docxType, buffer: lying });
    await dialog.getByRole("button", { name: "Import" }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("This Word document is too large when unpacked. It may be damaged or built to exhaust the browser.").first()).toBeVisible();
    await expect(document).not.toContainText(refused);

    // An ordinary one, inserted at the cursor, then undone (the demo contract stays as it was).
    const clause = `Imported clause ${token()}`;
    await document.click();
    await page.keyboard.press("Control+End");
    await input.setInputFiles({ name: "clause.docx", mimeType: docxType, buffer: makeMinimalDocxZip([clause]) });
    await dialog.getByLabel(/Insert at the cursor/).check();
    await dialog.getByRole("button", { name: "Import" }).click();
    await expect(document).toContainText(clause);
    await document.click();
    await page.keyboard.press("Control+z");
    await expect(document).not.toContainText(clause);
  } finally {
    await admin.close();
  }
});

test("two people edit the same contract live: presence, carets, typing, bold, find and replace, Word export", async ({ browser }) => {
  const approver = await openWordEditor(browser, "approver@demo.test");
  const admin = await openWordEditor(browser, "admin@demo.test");

  try {
    // Editors may edit: Editing Mode is on, with the formatting toolbar.
    for (const { page, document } of [approver, admin]) {
      await expect(page.getByRole("button", { name: "Editing Mode", pressed: true })).toBeVisible();
      await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
      await expect(document).toHaveAttribute("contenteditable", "true");
    }

    // Presence: each sees the other in the document.
    await expect(approver.page.getByRole("list", { name: "People in this document" }).getByLabel("Alex Morgan")).toBeVisible();
    await expect(admin.page.getByRole("list", { name: "People in this document" }).getByLabel("Priya Raman")).toBeVisible();

    // Typing at the end of the document appears for the other person, with the author's caret.
    const word = `Holdback${token()}`;
    const sentence = ` The parties confirm the ${word}`;
    await approver.document.click();
    await approver.page.keyboard.press("Control+End");
    await approver.page.keyboard.type(sentence);
    await expect(admin.document).toContainText(sentence.trim());
    await expect(admin.document.locator(".collaboration-carets__label", { hasText: "Priya Raman" })).toBeVisible();
    await expect(approver.page.getByTestId("save-state")).toHaveText("Saved");

    // On a block's first line the caret's name label lies above the block: nothing may clip it
    // (any paint containment on the blocks would): the label is what is hit at its centre.
    await approver.page.keyboard.press("Control+Home");
    const label = admin.document.locator(".collaboration-carets__label", { hasText: "Priya Raman" });
    await expect(label).toBeVisible();
    await label.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await expect
      .poll(() =>
        label.evaluate((el) => {
          const caretLabel = el as HTMLElement;
          // Carets let clicks through (pointer-events: none); for the probe only, the label takes them.
          caretLabel.style.pointerEvents = "auto";
          const box = caretLabel.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          caretLabel.style.pointerEvents = "";
          return Boolean(hit && caretLabel.contains(hit));
        }),
      )
      .toBe(true);
    await approver.page.keyboard.press("Control+End");

    // Bold applied by one shows for both.
    for (let i = 0; i < word.length; i++) await approver.page.keyboard.press("Shift+ArrowLeft");
    await approver.page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
    await expect(approver.document.locator("strong", { hasText: word })).toBeVisible();
    await expect(admin.document.locator("strong", { hasText: word })).toBeVisible();

    // Find and replace (Ctrl+F) in the other editor; the change reaches the first.
    const replaced = `Retention${token()}`;
    await admin.document.click();
    await admin.page.keyboard.press("Control+f");
    const panel = admin.page.getByRole("search", { name: "Find and replace" });
    const find = panel.getByRole("searchbox", { name: "Find" });
    await expect(find).toBeFocused();
    await find.fill(word);
    await expect(panel.getByTestId("match-count")).toHaveText("1 of 1");
    await panel.getByRole("textbox", { name: "Replace with" }).fill(replaced);
    await panel.getByRole("button", { name: "Replace all" }).click();
    await expect(panel.getByTestId("match-count")).toHaveText("No matches");
    await expect(approver.document).toContainText(replaced);
    await expect(approver.document).not.toContainText(word);
    // The replacement keeps the formatting of the text it replaced.
    await expect(approver.document.locator("strong", { hasText: replaced })).toBeVisible();
    await panel.getByRole("button", { name: "Close find" }).click();

    // Word export downloads contract.docx (a zip: "PK").
    const downloading = admin.page.waitForEvent("download");
    await admin.page.getByRole("toolbar", { name: "Document" }).getByRole("button", { name: "Export to Word" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("contract.docx");
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(bytes.length).toBeGreaterThan(2000);

    // Save makes a version checkpoint.
    await approver.page.getByRole("toolbar", { name: "Document" }).getByRole("button", { name: "Save", exact: true }).click();
    await expect(approver.page.getByRole("region", { name: /Notifications/ }).getByText("Version Created", { exact: true }).first()).toBeVisible();

    // Reloading shows the stored document: the edits were saved as they were made.
    await admin.page.reload();
    await admin.page.getByRole("tab", { name: "Word Editor" }).click();
    await expect(admin.page.getByRole("region", { name: "Word Editor" }).locator('[aria-label="Contract document"]')).toContainText(replaced);
  } finally {
    await approver.close();
    await admin.close();
  }
});

test("a reviewer's edit is a suggestion the approver sees live and accepts inline, for everyone", async ({ browser }) => {
  const reviewer = await openWordEditor(browser, "reviewer@demo.test");
  const approver = await openWordEditor(browser, "approver@demo.test");
  try {
    // A reviewer's editor opens in Suggesting (like Google Docs for commenters), with View Mode
    // beside it, and no formatting toolbar: formatting would change the accepted document.
    await expect(reviewer.page.getByRole("button", { name: "Suggesting", pressed: true })).toBeVisible();
    await reviewer.page.getByRole("button", { name: "View Mode" }).click();
    await expect(reviewer.document).toHaveAttribute("contenteditable", "false");
    await reviewer.page.getByRole("button", { name: "Suggesting" }).click();
    await expect(reviewer.document).toHaveAttribute("contenteditable", "true");
    await expect(reviewer.page.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);

    // Each sees the other's text and caret: the approver edits directly.
    const direct = ` Approved wording ${token()}.`;
    await approver.document.click();
    await approver.page.keyboard.press("Control+End");
    await approver.page.keyboard.type(direct);
    await expect(reviewer.document).toContainText(direct.trim());
    await expect(reviewer.document.locator(".collaboration-carets__label", { hasText: "Priya Raman" })).toBeVisible();

    // The reviewer's typing is a suggested insertion, shown inline at both ends.
    const word = `Escrow${token()}`;
    await reviewer.document.click();
    await reviewer.page.keyboard.press("Control+End");
    await reviewer.page.keyboard.type(` ${word}`);
    await expect(reviewer.document.locator("ins.suggestion-insert", { hasText: word })).toBeVisible();
    const suggested = approver.document.locator("ins.suggestion-insert", { hasText: word });
    await expect(suggested).toBeVisible();
    await expect(suggested).toHaveAttribute("data-author-name", "Daniel Okafor");
    await expect(approver.document.locator(".collaboration-carets__label", { hasText: "Daniel Okafor" })).toBeVisible();

    // The approver puts the caret in it and accepts it inline.
    await suggested.click();
    const bar = approver.page.getByRole("region", { name: "Suggestion" });
    await expect(bar).toContainText("Suggested insertion by Daniel Okafor");
    await bar.getByRole("button", { name: "Accept the suggested insertion by Daniel Okafor" }).click({ timeout: 20_000 });
    await expect(approver.page.getByText("Change Approved", { exact: true }).first()).toBeVisible();

    // Accepted for everyone: plain text now, no longer marked.
    for (const { document } of [approver, reviewer]) {
      await expect(document).toContainText(word);
      await expect(document.locator("ins.suggestion-insert", { hasText: word })).toHaveCount(0);
    }

    // The changes panel lists it as approved.
    await approver.page.getByRole("tab", { name: /Track Changes/ }).click();
    await expect(approver.page.getByRole("region", { name: "Proposed changes" }).getByText(word).first()).toBeVisible();
  } finally {
    await reviewer.close();
    await approver.close();
  }
});
