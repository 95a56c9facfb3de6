import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

function toast(page: Page, title: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(title, { exact: true }).first();
}

async function openGasPlant(page: Page) {
  await page.getByRole("link", { name: /Gas Processing/i }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Wapiti Ridge Gas Processing Plant/ })).toBeVisible();
  const documentText = page.getByRole("article", { name: "Contract text" });
  await expect(documentText.locator("[data-block]").first()).toBeVisible();
  return documentText;
}

test("the analysis shows the contract's risks, quotes them in the document, and answers a question by quoting the clause", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const documentText = await openGasPlant(page);

  // The demo contract comes analysed by the local engine: risks first, most severe first, 3 then the rest.
  const risk = page.getByRole("article", { name: "Contractor bears site condition risk" });
  await expect(risk).toBeVisible();
  await expect(risk).toContainText("inspected the Site");
  const showAll = page.getByRole("button", { name: /^Show all \(\d+\).*risks/ });
  await showAll.click();
  await expect(page.getByRole("article", { name: "Long warranty period (36 months)" })).toBeVisible();

  // "Show in document" highlights the quoted words in the Document Viewer.
  await risk.getByRole("button", { name: /^Show in document/ }).click();
  await expect(documentText.locator(".bg-yellow-200", { hasText: "inspected the Site" }).first()).toBeVisible();

  // A question is answered by the job, by push, quoting the clause with its section number.
  const question = `What is the holdback? (${Date.now()})`;
  await page.getByLabel("Ask a question about this contract").fill(question);
  await page.getByRole("button", { name: "Ask AI" }).click();
  await expect(page.getByText(/Section 3\.4 \(Holdback\) addresses this/).first()).toBeVisible({ timeout: 20_000 });
});

test("the analysis's risks and advantages stay highlighted in the Document Viewer, with a legend, details and a switch", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  const documentText = await openGasPlant(page);
  const legend = page.getByRole("group", { name: "Analysis highlights" });
  const colours = legend.getByRole("list", { name: "Highlight colours" });
  await expect(colours).toContainText(/Critical or high risk \(\d+\)/);
  await expect(colours).toContainText(/Advantage \(\d+\)/);

  // The demo contract was analysed at seed: its quoted clauses are highlighted without asking.
  const siteRisk = documentText.locator('[data-finding][aria-description*="Contractor bears site condition risk"]').first();
  await expect(siteRisk).toBeVisible();
  await expect(documentText.locator("[data-finding]").filter({ hasText: "inspected the Site" }).first()).toBeVisible();
  await expect(documentText.locator('[data-finding="advantage"]').first()).toBeVisible();
  expect(await documentText.locator("[data-finding]").count()).toBeGreaterThan(3);

  // "Show in document" flashes on top; once the flash is over the lasting highlight is still there.
  const risk = page.getByRole("article", { name: "Contractor bears site condition risk" });
  await risk.getByRole("button", { name: /^Show in document/ }).click();
  await expect(documentText.locator(".bg-yellow-200").first()).toBeVisible();
  await expect(documentText.locator(".bg-yellow-200")).toHaveCount(0, { timeout: 6_000 });
  await expect(siteRisk).toBeVisible();

  // A click opens the finding's title and description; Escape closes it.
  await siteRisk.click({ position: { x: 4, y: 4 } });
  const card = page.getByRole("dialog", { name: /analysis finding/i });
  await expect(card.getByRole("heading", { name: "Contractor bears site condition risk" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/analysis-highlights.png" });
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);

  // The switch turns them off and on.
  const toggle = legend.getByRole("switch", { name: "Show analysis highlights" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(documentText.locator("[data-finding]")).toHaveCount(0);
  await toggle.click();
  await expect(siteRisk).toBeVisible();
});

test("an admin turns AI review off and on in Settings › Security; a reviewer does not see the switch", async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin, "admin@demo.test");
  await admin.goto("/settings?tab=security");
  const aiSwitch = admin.getByRole("switch", { name: "AI Contract Analysis" });
  await expect(aiSwitch).toBeChecked();
  await aiSwitch.click();
  try {
    await expect(toast(admin, "AI Review Setting Updated")).toBeVisible();
    await expect(aiSwitch).not.toBeChecked();

    // While off, a question is not sent to any engine: its answer is the server's message.
    await admin.goto("/");
    await openGasPlant(admin);
    await admin.getByLabel("Ask a question about this contract").fill(`Who insures the work? (${Date.now()})`);
    await admin.getByRole("button", { name: "Ask AI" }).click();
    await expect(admin.getByText(/AI review is turned off for your company/).first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await admin.goto("/settings");
    await admin.getByRole("tab", { name: "Security" }).click();
    const again = admin.getByRole("switch", { name: "AI Contract Analysis" });
    await expect(again).not.toBeChecked();
    await again.click();
    await expect(again).toBeChecked();
  }

  const reviewer = await browser.newPage();
  await signIn(reviewer, "reviewer@demo.test");
  await reviewer.goto("/settings");
  await reviewer.getByRole("tab", { name: "Security" }).click();
  await expect(reviewer.getByRole("heading", { name: "Danger Zone" })).toBeVisible();
  await expect(reviewer.getByRole("switch", { name: "AI Contract Analysis" })).toHaveCount(0);
});
