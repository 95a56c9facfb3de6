import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// Issue 17: the contract page is a workspace. At 1280 px the page itself never scrolls: the document
// and the rail of panels scroll on their own, and every panel is one tab away.
const RAIL_TABS: { tab: RegExp; panel: (page: Page) => ReturnType<Page["getByRole"]> }[] = [
  { tab: /^Analysis$/, panel: (page) => page.getByRole("region", { name: "AI Contract Analysis" }) },
  { tab: /^Markups & Changes/, panel: (page) => page.getByRole("region", { name: "Markups & Changes" }) },
  { tab: /^Questions$/, panel: (page) => page.getByLabel("Ask a question about this contract") },
  { tab: /^Exhibits$/, panel: (page) => page.getByRole("region", { name: "Exhibit Tracker" }) },
  { tab: /^Approval$/, panel: (page) => page.getByRole("region", { name: "Approval Pipeline" }) },
  { tab: /^Activity$/, panel: (page) => page.getByRole("region", { name: "Status History" }) },
];

async function pageScroll(page: Page) {
  return page.evaluate(() => ({
    scrollY: window.scrollY,
    scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
    innerHeight: window.innerHeight,
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
}

async function expectNoPageScroll(page: Page) {
  const at = await pageScroll(page);
  expect(at.scrollY).toBe(0);
  expect(at.scrollHeight).toBeLessThanOrEqual(at.innerHeight + 2);
}

async function openGasPlant(page: Page) {
  await page.getByRole("link", { name: /Gas Processing/i }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Wapiti Ridge Gas Processing Plant/ })).toBeVisible();
  await expect(page.getByRole("article", { name: "Contract text" }).locator("[data-block]").first()).toBeVisible();
}

test("a reviewer reaches every panel of the contract workspace at 1280×800 without the page scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "reviewer@demo.test");
  await openGasPlant(page);

  // The header: status, version and the next step for this user.
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(/Under Review|Pending Approval|Approved|Rejected/).first()).toBeVisible();
  await expect(header.getByText(/^v\d+$/).first()).toBeVisible();
  const next = header.getByTestId("next-action");
  await expect(next).toBeVisible();
  await expect(next).toHaveText(/Review this contract|Waiting for approval|Approved: no action needed|Reopen for another review/);
  await expectNoPageScroll(page);

  const rail = page.getByRole("tablist", { name: "Contract panels" });
  for (const { tab, panel } of RAIL_TABS) {
    await rail.getByRole("tab", { name: tab }).click();
    await expect(rail.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(panel(page).first()).toBeVisible();
    await expect(panel(page).first()).toBeInViewport();
    await expectNoPageScroll(page);
    // The header stays in view whichever tab is open.
    await expect(next).toBeInViewport();
  }
  // The tab is in the address, so a link opens it.
  await expect(page).toHaveURL(/[?&]tab=activity/);
  await page.screenshot({ path: "test-results/screenshots/contract-workspace-1280.png" });

  // The document scrolls on its own: deep in the text, the page is still at the top and the header in view.
  const documentText = page.getByRole("article", { name: "Contract text" });
  await documentText.locator("[data-block]").last().scrollIntoViewIfNeeded();
  await expect(documentText.locator("[data-block]").last()).toBeInViewport();
  await expectNoPageScroll(page);
  await expect(next).toBeInViewport();

  // A link to a tab opens it.
  await page.goto(`${new URL(page.url()).pathname}?tab=exhibits`);
  await expect(page.getByRole("region", { name: "Exhibit Tracker" })).toBeVisible();
  await expectNoPageScroll(page);
});

test("the analysis highlights are off until switched on, and quiet when on", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "reviewer@demo.test");
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("clausewise.contract-detail.analysis-highlights")) localStorage.removeItem(key);
  });
  await openGasPlant(page);
  const documentText = page.getByRole("article", { name: "Contract text" });
  const toggle = page.getByRole("group", { name: "Analysis highlights" }).getByRole("switch", { name: "Show analysis highlights" });
  await expect(toggle).not.toBeChecked();
  await expect(documentText.locator("[data-finding]")).toHaveCount(0);
  await toggle.click();
  await expect(documentText.locator("[data-finding]").first()).toBeVisible();
  // No paragraph is tinted: words only findings quote carry no background colour (a markup's or a
  // change's look is theirs alone where they meet a finding).
  const tinted = await documentText.locator("[data-finding]").evaluateAll(
    (marks) =>
      marks.filter((m) => (m.getAttribute("data-hl") ?? "").split(" ").every((id) => id.startsWith("f:")) && getComputedStyle(m).backgroundColor !== "rgba(0, 0, 0, 0)").length,
  );
  expect(tinted).toBe(0);
  await expect(documentText.locator("[data-finding-marker]").first()).toBeAttached();
  await documentText.locator("[data-finding]").nth(3).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/contract-workspace-highlights.png" });
  await page.reload();
  await expect(page.getByRole("group", { name: "Analysis highlights" }).getByRole("switch", { name: "Show analysis highlights" })).toBeChecked();
  await page.getByRole("group", { name: "Analysis highlights" }).getByRole("switch", { name: "Show analysis highlights" }).click();
});

test("on a phone (390 px) the workspace has no horizontal scroll and every panel is reachable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "reviewer@demo.test");
  await openGasPlant(page);
  const noOverflow = async () => {
    const at = await pageScroll(page);
    expect(at.scrollWidth).toBeLessThanOrEqual(at.innerWidth);
  };
  await noOverflow();
  await expect(page.getByTestId("next-action")).toBeVisible();
  const rail = page.getByRole("tablist", { name: "Contract panels" });
  for (const { tab, panel } of RAIL_TABS) {
    await rail.getByRole("tab", { name: tab }).click();
    await expect(panel(page).first()).toBeVisible();
    await noOverflow();
  }
  await page.screenshot({ path: "test-results/screenshots/contract-workspace-390.png", fullPage: false });
});
