import type { Page } from "@playwright/test";
import { makeDocx } from "../api/src/test/fixtures";
import { expect, signIn, test } from "./fixtures";
import { token } from "./word-editor";

/*
 * A long contract in the Word Editor (issue 14, item 5): from 400 top-level blocks the editor renders
 * only a window of them around the viewport and the caret (web/src/editor/extensions/block-window.ts).
 * What a user does must not see the difference: scrolling shows text everywhere, Ctrl+End types at
 * the very end, Find reaches a paragraph that was not rendered, and nothing typed is lost.
 */

const BLOCKS = 600;
const CLAUSE = "The Contractor shall perform the Work in accordance with the Contract Documents and Good Industry Practice.";

/** Scrolls whatever scrolls the editor (its canvas, or the page) to a share of its height. */
const scrollTo = (page: Page, share: number) =>
  page.evaluate((s) => {
    const canvas = document.querySelector(".cw-canvas")!;
    const scroller = canvas.scrollHeight > canvas.clientHeight + 1 ? canvas : document.scrollingElement!;
    scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * s;
  }, share);

/** The block at the centre of the editor's visible area (null: none there, the page shows a gap). */
const blockAtCentre = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[aria-label="Contract document"]')!;
    const canvas = root.closest(".cw-canvas")!.getBoundingClientRect();
    const top = Math.max(canvas.top, 0);
    const bottom = Math.min(canvas.bottom, window.innerHeight);
    const hit = document.elementFromPoint(canvas.left + canvas.width / 2, (top + bottom) / 2);
    const block = hit?.closest('[aria-label="Contract document"] > *');
    return block && block.getClientRects().length > 0 ? (block.textContent ?? "") : null;
  });

test("a 600-paragraph contract: only blocks near the viewport are rendered, yet scrolling, Ctrl+End typing and Find behave as on a short one", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const blocks = Array.from({ length: BLOCKS }, (_, i) => (i % 20 === 0 ? { heading: `${i / 20 + 1}. Article ${i / 20 + 1}` } : `${i}. ${CLAUSE} Reference ${i}-${i.toString(36)}.`));
  const uploaded = await page.request.post("/api/contracts", {
    multipart: {
      title: `Long agreement ${token()}`,
      processingConsent: "true",
      storageConsent: "false",
      file: { name: "long.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: await makeDocx(blocks) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  try {
    await page.goto(`/contracts/${id}`);
    await page.getByRole("tab", { name: "Word Editor" }).click();
    const editor = page.getByRole("region", { name: "Word Editor" });
    await expect(editor.getByRole("status", { name: "Connection: Live" })).toBeVisible({ timeout: 30_000 });
    const document = editor.locator('[aria-label="Contract document"]');
    await expect(document.locator("> *")).toHaveCount(BLOCKS);
    await expect(document.locator("> *").last()).toContainText(`Reference ${BLOCKS - 1}-`);

    // The window: blocks far below the viewport are not rendered, the first ones are.
    const hidden = () => document.evaluate((root) => [...root.children].filter((child) => getComputedStyle(child).display === "none").length);
    await expect.poll(hidden).toBeGreaterThan(BLOCKS / 2);
    await expect(document.getByText("Reference 3-3.")).toBeVisible();
    // ... yet the page is as tall as the whole contract (the spacers keep the measured height).
    expect(await document.evaluate((root) => root.getBoundingClientRect().height)).toBeGreaterThan(BLOCKS * 20);

    // Scrolling to any point shows text there, not a gap.
    for (const share of [0.5, 0.8, 0.3]) {
      await scrollTo(page, share);
      await expect.poll(() => blockAtCentre(page)).toMatch(/Reference \d+-|Article \d+/);
    }

    // Ctrl+End from the top puts the caret at the very end: what is typed ends the last paragraph.
    await document.getByText("Reference 3-3.").click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Control+End");
    const word = `Closing${token()}`;
    await page.keyboard.type(` ${word}`);
    await expect(document.locator("> *").last()).toHaveText(new RegExp(`Reference ${BLOCKS - 1}-\\w+\\. ${word}$`));
    await expect(document.locator("> *").last()).toBeInViewport();
    await expect(editor.getByText("Saved", { exact: true })).toBeVisible({ timeout: 15_000 });
    const stored = async () => ((await (await page.request.get(`/api/contracts/${id}/text`)).json()) as { blocks: { text: string }[] }).blocks.at(-1)?.text;
    await expect.poll(stored).toContain(word);

    // Find reaches a paragraph that is not rendered when the search starts.
    await page.keyboard.press("Control+Home");
    await expect(document.getByText("Reference 3-3.")).toBeInViewport();
    await page.keyboard.press("Control+f");
    const panel = page.getByRole("search", { name: "Find and replace" });
    await panel.getByRole("searchbox", { name: "Find" }).fill("Reference 301-");
    await expect(panel.getByTestId("match-count")).toHaveText("1 of 1");
    await expect(document.locator(".cw-find-current")).toBeInViewport();
    await expect(document.locator(".cw-find-current")).toHaveText("Reference 301-");
  } finally {
    await page.request.delete(`/api/contracts/${id}`);
  }
});
