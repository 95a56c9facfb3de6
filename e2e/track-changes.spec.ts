import { expect, reopenForChanges, test } from "./fixtures";
import { openWordEditor, token } from "./word-editor";

/*
 * Track changes for every role (issue 14) on the Cariboo Fibre agreement, like editor.spec.ts: each
 * run adds its own uniquely worded text, and the demo contract is reopened for changes first.
 */
// Each journey opens the live editor in two browser contexts, which takes a while on a busy machine.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(({ playwright }) => reopenForChanges(playwright, /Cariboo Fibre/, "Track changes journeys (e2e)."));

test("an approver's text typed inside and at the edge of a reviewer's insertion survives rejecting it", async ({ browser }) => {
  const reviewer = await openWordEditor(browser, "reviewer@demo.test");
  const approver = await openWordEditor(browser, "approver@demo.test");
  try {
    const word = `Surety${token()}`;
    await reviewer.document.click();
    await reviewer.page.keyboard.press("Control+End");
    await reviewer.page.keyboard.type(` ${word}`);
    const suggested = approver.document.locator("ins.suggestion-insert", { hasText: word });
    await expect(suggested).toBeVisible();

    // The approver edits directly: at the suggestion's end, then inside it.
    await expect(approver.page.getByRole("button", { name: "Editing Mode", pressed: true })).toBeVisible();
    const edge = `Edge${token()}`;
    await approver.document.click();
    await approver.page.keyboard.press("Control+End");
    await approver.page.keyboard.type(edge);
    await suggested.first().click();
    await approver.page.keyboard.press("End");
    for (let i = 0; i < 3 + edge.length; i++) await approver.page.keyboard.press("ArrowLeft");
    const inside = "Q7";
    await approver.page.keyboard.type(inside);
    await expect(reviewer.document).toContainText(edge);
    await expect(reviewer.document).toContainText(inside);
    // Neither became part of the reviewer's suggestion.
    for (const { document } of [approver, reviewer]) {
      await expect(document.locator("ins.suggestion-insert", { hasText: edge })).toHaveCount(0);
      await expect(document.locator("ins.suggestion-insert", { hasText: inside })).toHaveCount(0);
    }

    // The approver rejects the reviewer's suggestion inline: its text goes, the approver's stays.
    await approver.document.locator("ins.suggestion-insert").last().click();
    const bar = approver.page.getByRole("region", { name: "Suggestion" });
    await expect(bar).toContainText("Suggested insertion by Daniel Okafor");
    await bar.getByRole("button", { name: "Reject the suggested insertion by Daniel Okafor" }).click({ timeout: 20_000 });
    await expect(approver.page.getByText("Change Rejected", { exact: true }).first()).toBeVisible();
    for (const { document } of [approver, reviewer]) {
      await expect(document.locator("ins.suggestion-insert", { hasText: word.slice(0, 4) })).toHaveCount(0);
      await expect(document).toContainText(edge);
      await expect(document).toContainText(inside);
    }
  } finally {
    await reviewer.close();
    await approver.close();
  }
});

test("an approver switches to Suggesting: the choice is remembered and their typing is their own suggestion", async ({ browser }) => {
  const approver = await openWordEditor(browser, "approver@demo.test");
  try {
    const { page, document } = approver;
    await page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Suggesting" }).click();
    const word = `Holdback${token()}`;
    await document.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(` ${word}`);
    await expect(document.locator("ins.suggestion-insert", { hasText: word })).toHaveAttribute("data-author-name", "Priya Raman");
    await page.reload();
    await page.getByRole("tab", { name: "Word Editor" }).click();
    await expect(page.getByRole("button", { name: "Suggesting", pressed: true })).toBeVisible({ timeout: 20_000 });
    // Withdrawn again (deleting one's own suggested text deletes it), and back to Editing.
    await expect(document).toContainText(word);
    await document.click();
    await page.keyboard.press("Control+End");
    for (let i = 0; i <= word.length; i++) await page.keyboard.press("Backspace");
    await expect(document).not.toContainText(word);
    await page.getByRole("button", { name: "Editing Mode" }).click();
  } finally {
    await approver.close();
  }
});

// Without the click guard (web/src/editor/extensions/click-caret.ts) 1–2 of these 10 clicks kept the
// previous caret on these machines (see docs/DECISIONS.md, "Caret under concurrent typing").
test("the caret lands where the user clicks while a colleague types (y-prosemirror #146)", async ({ browser }) => {
  const typist = await openWordEditor(browser, "admin@demo.test");
  const clicker = await openWordEditor(browser, "approver@demo.test");
  let typing = true;
  try {
    await clicker.page.setViewportSize({ width: 1280, height: 1600 });
    await clicker.document.locator("p").first().scrollIntoViewIfNeeded();
    // The colleague types continuously at the end of the document.
    await typist.document.click();
    await typist.page.keyboard.press("Control+End");
    const start = ` Typing${token()} `;
    await typist.page.keyboard.type(start);
    const typed = (async () => {
      let count = start.length;
      while (typing) {
        await typist.page.keyboard.type("ab", { delay: 15 });
        count += 2;
      }
      // The demo contract is left as it was.
      for (let i = 0; i < count; i++) await typist.page.keyboard.press("Backspace");
    })();
    await expect(clicker.document).toContainText("abab");

    // Ten clicks on words of the first paragraphs (positions there do not move while the other types).
    const targets = await clicker.document.evaluate((root) => {
      const points: { x: number; y: number }[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node && points.length < 10; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        if (text.length < 8) continue;
        const range = document.createRange();
        range.setStart(node, 3);
        range.setEnd(node, 4);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0 && rect.top > 0 && rect.bottom < window.innerHeight) points.push({ x: rect.left + 1, y: rect.top + rect.height / 2 });
      }
      return points;
    });
    expect(targets.length).toBe(10);
    const misses: string[] = [];
    for (const [i, point] of targets.entries()) {
      await clicker.page.mouse.click(point.x, point.y);
      await clicker.page.waitForTimeout(400);
      const { expected, actual } = await clicker.document.evaluate((root, p) => {
        const editor = (root as HTMLElement & { editor?: { view: { posAtCoords(c: { left: number; top: number }): { pos: number } | null }; state: { selection: { from: number } } } }).editor!;
        return { expected: editor.view.posAtCoords({ left: p.x, top: p.y })?.pos ?? -1, actual: editor.state.selection.from };
      }, point);
      if (Math.abs(expected - actual) > 1) misses.push(`click ${i + 1}: caret at ${actual}, clicked at ${expected}`);
    }
    expect(misses).toEqual([]);
    typing = false;
    await typed;
  } finally {
    typing = false;
    await typist.close();
    await clicker.close();
  }
});

test("a reviewer's Enter and a paste of two paragraphs are suggestions; the approver accepts all of them", async ({ browser }) => {
  const reviewer = await openWordEditor(browser, "reviewer@demo.test");
  const approver = await openWordEditor(browser, "approver@demo.test");
  try {
    const { page, document } = reviewer;
    const toasts = page.getByRole("region", { name: /Notifications/ });
    const typed = `Newly${token()}`;
    const one = `PastedOne${token()}`;
    const two = `PastedTwo${token()}`;
    const firstParagraph = document.locator("p").first();
    const opening = ((await firstParagraph.textContent()) ?? "").slice(0, 12);
    expect(opening.length).toBeGreaterThan(5);

    // Enter, then typing: a suggested new paragraph of suggested text.
    await firstParagraph.click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(typed);
    const newParagraph = document.locator("p.suggested-break-insert", { hasText: typed });
    await expect(newParagraph).toBeVisible();
    await expect(newParagraph.locator("ins.suggestion-insert")).toHaveText(typed);
    await expect(newParagraph).not.toContainText(opening);

    // A paste of two paragraphs: its text suggested, and its paragraph break too.
    await document.evaluate(
      (root, html) => {
        const data = new DataTransfer();
        data.setData("text/html", html.html);
        data.setData("text/plain", html.text);
        root.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { html: `<p>${one}</p><p>${two}</p>`, text: `${one}\n\n${two}` },
    );
    await expect(document.locator("ins.suggestion-insert", { hasText: one })).toBeVisible();
    await expect(document.locator("p.suggested-break-insert", { hasText: two })).toBeVisible();
    await expect(toasts.getByText(/cannot be suggested/)).toHaveCount(0);

    // The approver sees the same suggestions in the editor and in the Track Changes tab.
    await expect(approver.document.locator("p.suggested-break-insert", { hasText: typed })).toBeVisible();
    await expect(approver.document.locator("p.suggested-break-insert", { hasText: two })).toBeVisible();
    await approver.page.getByRole("tab", { name: /Track Changes/ }).click();
    const panel = approver.page.getByRole("region", { name: "Proposed changes" });
    const change = panel.getByRole("article").filter({ hasText: two });
    await expect(change).toBeVisible({ timeout: 20_000 });
    await expect(change.locator("ins")).toContainText(`¶${typed}${one}¶${two}`);
    await approver.page.getByRole("tab", { name: "Word Editor" }).click();
    await expect(approver.document).toContainText(two);

    const bar = approver.page.getByRole("region", { name: "Track changes" });
    await expect(bar).toContainText("Daniel Okafor");
    await expect(bar.getByRole("button", { name: "Accept all" })).toBeEnabled({ timeout: 20_000 });
    await bar.getByRole("button", { name: "Accept all" }).click();
    const dialog = approver.page.getByRole("dialog", { name: "Accept all suggestions?" });
    await dialog.getByRole("button", { name: "Accept all" }).click();
    await expect(approver.page.getByText("Changes Approved", { exact: true }).first()).toBeVisible({ timeout: 20_000 });

    // Accepted for everyone: the new paragraphs are plain paragraphs of the contract.
    for (const { document: doc } of [approver, reviewer]) {
      const withTyped = doc.locator("p", { hasText: typed });
      await expect(withTyped).toHaveCount(1);
      await expect(withTyped).toContainText(`${typed}${one}`);
      await expect(withTyped).not.toContainText(opening);
      await expect(withTyped).not.toContainText(two);
      await expect(doc.locator("p", { hasText: two })).toHaveCount(1);
      await expect(doc.locator("p", { hasText: opening }).first()).not.toContainText(typed);
      await expect(doc.locator("ins.suggestion-insert")).toHaveCount(0);
      await expect(doc.locator(".suggested-break")).toHaveCount(0);
    }
    await expect(bar).toHaveCount(0);
  } finally {
    await reviewer.close();
    await approver.close();
  }
});
