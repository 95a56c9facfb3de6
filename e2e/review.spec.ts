import type { Browser, Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// Section 3.3 of the demo gas-plant EPC agreement: "… holdback required by Section 3.4, within twenty-eight
// (28) days after receiving it …". The journey changes it; run again on the same server, it changes it back.
const WORDINGS = ["twenty-eight (28) days", "twenty-one (21) days"] as const;
const BEFORE = "Section 3.4, within ";
const AFTER = " after receiving it";

/**
 * Selects `phrase` in the Document Viewer as a user dragging over it would: a DOM range over the
 * rendered text (decorations such as inline proposed text left out), set as the page's selection.
 * The viewer follows `selectionchange`.
 */
async function selectInDocument(page: Page, phrase: string, context = ""): Promise<void> {
  await page.evaluate(
    ({ phrase, context }) => {
      const root = document.querySelector('article[aria-label="Contract text"]');
      if (!root) throw new Error("The Document Viewer is not on the page");
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest("[data-doc-skip]") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      const nodes: { node: Text; start: number }[] = [];
      let text = "";
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node: node as Text, start: text.length });
        text += (node as Text).data;
      }
      const found = text.indexOf(context + phrase);
      if (found < 0) throw new Error(`"${context}${phrase}" is not in the document`);
      const from = found + context.length;
      const to = from + phrase.length;
      const at = (offset: number, isEnd: boolean): [Text, number] => {
        const hit = nodes.find(({ node, start }) => (isEnd ? offset <= start + node.data.length : offset < start + node.data.length));
        if (!hit) throw new Error(`No text at ${offset}`);
        return [hit.node, offset - hit.start];
      };
      const range = document.createRange();
      range.setStart(...at(from, false));
      range.setEnd(...at(to, true));
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    { phrase, context },
  );
}

function toast(page: Page, title: string): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByText(title, { exact: true }).first();
}

async function openGasPlant(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole("link", { name: /Gas Processing/i }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Wapiti Ridge Gas Processing Plant/ })).toBeVisible();
  const documentText = page.getByRole("article", { name: "Contract text" });
  // The interactive viewer is up once the blocks of the text map are rendered.
  await expect(documentText.locator("[data-block]").first()).toBeVisible();
  return { context, page, documentText };
}

test("a reviewer marks up and proposes a change; an approver approves it and the document reads the new text", async ({ browser }) => {
  const reviewer = await openGasPlant(browser, "reviewer@demo.test");
  const { page } = reviewer;
  await expect(reviewer.documentText).toContainText(BEFORE);
  const current = (await reviewer.documentText.textContent()) ?? "";
  // Unique per run, so the journey finds its own markup among those of earlier runs.
  const MARKUP = `Prompt payment: confirm the Owner's window matches our subcontract flow-down (check ${Date.now().toString(36)}).`;
  const [OLD, NEW] = current.includes(`${BEFORE}${WORDINGS[0]}${AFTER}`) ? WORDINGS : [WORDINGS[1], WORDINGS[0]];
  const comments = page.getByRole("button", { name: /^\d+ comments?$/ });
  const commentsBefore = Number((await comments.textContent())?.match(/\d+/)?.[0]);

  // Select a phrase → Add markup.
  await selectInDocument(page, OLD, BEFORE);
  const toolbar = page.getByRole("toolbar", { name: "Selection actions" });
  await toolbar.getByRole("button", { name: "Add markup" }).click();
  const markupSheet = page.getByRole("dialog", { name: "Add markup" });
  await expect(markupSheet.getByText(`“${OLD}”`)).toBeVisible();
  await expect(markupSheet.getByRole("button", { name: "Save" })).toBeDisabled();
  await markupSheet.getByLabel("Markup text").fill("   ");
  await expect(markupSheet.getByRole("button", { name: "Save" })).toBeDisabled();
  await markupSheet.getByLabel("Type").click();
  await page.getByRole("option", { name: "Flag" }).click();
  await markupSheet.getByLabel("Markup text").fill(MARKUP);
  await markupSheet.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Markup added")).toBeVisible();
  await expect(markupSheet).toHaveCount(0);

  // The markup is drawn on the phrase and shows on hover (on a server where the journey ran before,
  // older markups overlap it, so the phrase may be cut into several highlighted pieces) …
  const highlight = reviewer.documentText.locator("mark", { hasText: OLD.slice(0, 8) }).first();
  await expect(highlight).toBeVisible();
  await highlight.hover();
  // (The rail's Team Collaboration lists it too, on a tab not open now: the tooltip's copy is the visible one.)
  await expect(page.getByText(MARKUP).filter({ visible: true }).first()).toBeVisible();
  // … and it is counted and listed with the words it is about.
  await expect(comments).toHaveText(`${commentsBefore + 1} comments`);
  await comments.click();
  const list = page.getByRole("dialog", { name: /^Markups/ });
  await expect(list.getByRole("listitem").filter({ hasText: MARKUP })).toContainText(`“${OLD}”`);
  await list.getByRole("button", { name: "Close" }).click();

  // Select it again → Propose change (a replacement).
  await selectInDocument(page, OLD, BEFORE);
  await toolbar.getByRole("button", { name: "Propose change" }).click();
  const changeSheet = page.getByRole("dialog", { name: "Propose change" });
  await expect(changeSheet.getByText(`“${OLD}”`)).toBeVisible();
  await expect(changeSheet.getByRole("button", { name: "Submit change" })).toBeDisabled();
  await changeSheet.getByLabel("New text").fill(NEW);
  await changeSheet.getByLabel("Comment for the approver (optional)").fill("Align with our prompt payment flow-down.");
  await changeSheet.getByRole("button", { name: "Submit change" }).click();
  await expect(toast(page, "Change Proposed")).toBeVisible();

  // Track Changes lists it as pending; a reviewer cannot decide it.
  await page.getByRole("tab", { name: /Track Changes/ }).click();
  const reviewerPanel = page.getByRole("region", { name: "Track changes" });
  await reviewerPanel.getByRole("button", { name: /^Pending/ }).click();
  const proposed = reviewerPanel.getByRole("listitem").filter({ hasText: NEW });
  await expect(proposed).toContainText("Pending");
  await expect(proposed).toContainText(OLD);
  await expect(reviewerPanel.getByRole("button", { name: /^Approve( |$)/ })).toHaveCount(0);
  await expect(reviewerPanel.getByRole("button", { name: /^Reject( |$)/ })).toHaveCount(0);
  await reviewer.context.close();

  // The approver approves it in Track Changes …
  const approver = await openGasPlant(browser, "approver@demo.test");
  await approver.page.getByRole("tab", { name: /Track Changes/ }).click();
  const panel = approver.page.getByRole("region", { name: "Track changes" });
  await panel.getByRole("button", { name: /^Pending/ }).click();
  const item = panel.getByRole("listitem").filter({ hasText: NEW });
  await expect(item).toContainText("Pending");
  await item.getByRole("button", { name: /^Approve( |$)/ }).click();
  await expect(toast(approver.page, "Change Approved")).toBeVisible();
  await expect(item).toHaveCount(0); // no longer pending
  await panel.getByRole("button", { name: /^Approved/ }).click();
  const approved = panel.getByRole("listitem").filter({ hasText: NEW }).first();
  await expect(approved).toContainText("Approved");
  await expect(approved.getByRole("button", { name: /^Approve( |$)/ })).toHaveCount(0);

  // … and the Document Viewer reads the new text where the old one was.
  await approver.page.getByRole("tab", { name: "Document Viewer" }).click();
  const text = approver.page.getByRole("article", { name: "Contract text" });
  await expect(text).toContainText(`${BEFORE}${NEW}${AFTER}`);
  await expect(text).not.toContainText(`${BEFORE}${OLD}${AFTER}`);
  await approver.context.close();
});

test("the Document Viewer works from the keyboard: paragraphs by arrows, selection by Shift+arrows, actions by Enter", async ({ browser }) => {
  const { context, page, documentText } = await openGasPlant(browser, "reviewer@demo.test");
  const first = documentText.locator("[data-block='0']");
  await first.focus();
  await page.keyboard.press("ArrowDown");
  await expect(documentText.locator("[data-block='1']")).toBeFocused();
  const secondText = (await documentText.locator("[data-block='1']").textContent()) ?? "";

  // Without a selection, a markup is about the paragraph with focus.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Add markup to paragraph 2" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(documentText.locator("[data-block='1']")).toBeFocused();

  // Shift+Ctrl+Right selects the first two words; Enter reaches the selection's actions.
  await page.keyboard.press("Shift+Control+ArrowRight");
  await page.keyboard.press("Shift+Control+ArrowRight");
  const toolbar = page.getByRole("toolbar", { name: "Selection actions" });
  await expect(toolbar).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(toolbar.getByRole("button", { name: "Add markup" })).toBeFocused();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Add markup" });
  await expect(sheet.getByLabel("Markup text")).toBeFocused();
  const words = secondText.split(/\s+/).slice(0, 2).join(" ");
  await expect(sheet.getByText(new RegExp(`^“${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))).toBeVisible();

  // Escape closes the panel and keeps what was typed for next time; focus returns to the paragraph.
  await page.keyboard.type("Draft that must not be lost");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(documentText.locator("[data-block='1']")).toBeFocused();
  await page.getByRole("button", { name: "Add markup to paragraph 2" }).click();
  await expect(page.getByRole("dialog", { name: "Add markup" }).getByLabel("Markup text")).toHaveValue("Draft that must not be lost");
  await context.close();
});
