import type { Page } from "@playwright/test";
import { expect, signIn, test, openRailTab } from "./fixtures";

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
  const risk = page.getByRole("article", { name: "The Contractor bears site condition risk", exact: true });
  await expect(risk).toBeVisible();
  await expect(risk).toContainText("inspected the Site");
  const showAll = page.getByRole("button", { name: /^Show all \(\d+\).*risks/ });
  await showAll.click();
  await expect(page.getByRole("article", { name: "Warranty restarts on repaired work (up to 36 months)" })).toBeVisible();

  // "Show in document" highlights the quoted words in the Document Viewer.
  await risk.getByRole("button", { name: /^Show in document/ }).click();
  await expect(documentText.locator(".bg-yellow-200", { hasText: "inspected the Site" }).first()).toBeVisible();

  // A question is answered by the job, by push, quoting the clause with its section number.
  const question = `What is the holdback? (${Date.now()})`;
  await openRailTab(page, "Questions");
  await page.getByLabel("Ask a question about this contract").fill(question);
  await page.getByRole("button", { name: "Ask AI" }).click();
  const questions = page.getByRole("region", { name: "Questions about this contract" });
  await expect(questions.getByText(/Section 3\.4 \(Holdback\) addresses this/).first()).toBeVisible({ timeout: 20_000 });
});

test("the analysis's risks and advantages stay highlighted in the Document Viewer, with a legend, details and a switch", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  const documentText = await openGasPlant(page);
  const legend = page.getByRole("group", { name: "Analysis highlights" });
  const colours = legend.getByRole("list", { name: "Highlight colours" });
  // Off until this user turns them on (issue 17); the choice is theirs on their next visit.
  const toggle = legend.getByRole("switch", { name: "Show analysis highlights" });
  await expect(toggle).not.toBeChecked();
  await expect(documentText.locator("[data-finding]")).toHaveCount(0);
  await toggle.click();
  await expect(colours).toContainText(/Critical or high risk \(\d+\)/);
  await expect(colours).toContainText(/Advantage \(\d+\)/);

  // The demo contract was analysed at seed: its quoted clauses are marked.
  const siteRisk = documentText.locator('[data-finding][aria-description*="Contractor bears site condition risk"]').first();
  await expect(siteRisk).toBeVisible();
  await expect(documentText.locator("[data-finding]").filter({ hasText: "inspected the Site" }).first()).toBeVisible();
  await expect(documentText.locator('[data-finding="advantage"]').first()).toBeVisible();
  expect(await documentText.locator("[data-finding]").count()).toBeGreaterThan(3);

  // "Show in document" flashes on top; once the flash is over the lasting highlight is still there.
  const risk = page.getByRole("article", { name: "The Contractor bears site condition risk", exact: true });
  await risk.getByRole("button", { name: /^Show in document/ }).click();
  await expect(documentText.locator(".bg-yellow-200").first()).toBeVisible();
  await expect(documentText.locator(".bg-yellow-200")).toHaveCount(0, { timeout: 6_000 });
  await expect(siteRisk).toBeVisible();

  // A click opens the finding's title and description; Escape closes it.
  await siteRisk.click({ position: { x: 4, y: 4 } });
  const card = page.getByRole("dialog", { name: /analysis finding/i });
  await expect(card.getByRole("heading", { name: "The Contractor bears site condition risk" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/analysis-highlights.png" });
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);

  // The switch turns them off and on.
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
    await openRailTab(admin, "Questions");
    await admin.getByLabel("Ask a question about this contract").fill(`Who insures the work? (${Date.now()})`);
    await admin.getByRole("button", { name: "Ask AI" }).click();
    await expect(admin.getByRole("region", { name: "Questions about this contract" }).getByText(/AI review is turned off for your company/).first()).toBeVisible({ timeout: 20_000 });
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

const OM_AGREEMENT = [
  "OPERATIONS AND MAINTENANCE AGREEMENT",
  "Sandy Creek Combined Cycle Power Plant, McLennan County, Texas",
  'This Operations and Maintenance Agreement is made as of January 15, 2027, by and between Lone Star Generation Partners, LLC, a Delaware limited liability company ("Owner"), and Gulf Coast Plant Services, Inc., a Texas corporation ("Operator").',
  "ARTICLE 1 - SERVICES",
  "1.1 Operator shall operate and maintain the Facility in accordance with Prudent Industry Practices.",
  "ARTICLE 2 - INDEMNIFICATION",
  "2.1 Operator shall indemnify, defend and hold harmless Owner from and against any and all claims, losses and damages arising out of Operator's performance of the Services.",
  "ARTICLE 3 - TERMINATION",
  "3.1 Owner may terminate this Agreement for convenience upon ninety (90) days' prior written notice to Operator.",
  "ARTICLE 4 - GOVERNING LAW",
  "4.1 This Agreement shall be governed by and construed in accordance with the laws of the State of Texas.",
].join("\n\n");

test("the analysis names the parties and the law, takes the side we choose, and says when it is of an earlier text", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin@demo.test");

  // A demo contract: the parties, ours recognised by the company's name, and the governing law with the sentence it rests on.
  const documentText = await openGasPlant(page);
  const parties = page.getByRole("list", { name: "Parties to the contract" });
  await expect(parties.getByRole("listitem").filter({ hasText: "WAPITI RIDGE MIDSTREAM LTD." })).toContainText("the Owner");
  await expect(parties.getByRole("listitem").filter({ hasText: "DEMO EPC LTD." })).toContainText("Your company");
  await expect(page.getByText(/says it is governed by the laws of Alberta/)).toBeVisible();
  await page.getByRole("button", { name: /^Show in document.*the sentence naming the governing law/ }).click();
  await expect(documentText.locator(".bg-yellow-200", { hasText: "governed by" }).first()).toBeVisible();

  // A contract of our own: a Texas O&M agreement in which the company is not named, so the side is unknown until chosen.
  await page.goto("/");
  await page.getByRole("button", { name: "Upload Contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Contract" });
  const title = `Sandy Creek O&M ${Date.now()}`;
  await dialog.locator('input[type="file"]').setInputFiles({ name: "sandy-creek.txt", mimeType: "text/plain", buffer: Buffer.from(OM_AGREEMENT) });
  await dialog.getByLabel("Title").fill(title);
  await expect(dialog.getByLabel("Your company is the")).toHaveValue("");
  await dialog.getByLabel(/consent to the processing/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 30_000 });

  await expect(page.getByText(/Which party your company is in this contract is not known/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Canadian statutes do not apply/)).toBeVisible();
  await expect(page.getByText(/says it is governed by the laws of Texas/)).toBeVisible();
  await expect(page.getByRole("article", { name: "Uncapped indemnity given by the Operator", exact: true })).toBeVisible();

  // We are the Owner: the same indemnity is now in our favour, and the analysis says whose side it took.
  await page.getByLabel("Your company is the").selectOption("Owner");
  await expect(toast(page, "Side Updated")).toBeVisible();
  await expect(page.getByText(/Judged from the Owner's side \(Lone Star Generation Partners, LLC\), as chosen for this contract\./)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Parties to the contract" }).getByRole("listitem").filter({ hasText: "Lone Star Generation Partners" })).toContainText("Your company");
  await expect(page.getByRole("list", { name: "Advantages" }).getByRole("article", { name: "Uncapped indemnity given by the Operator", exact: true })).toBeVisible();
  await page.getByRole("list", { name: "Parties to the contract" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/analysis-parties-and-law.png" });

  // The text changes: the analysis says it is of an earlier text until it is analysed again.
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  const contract = (await (await page.request.get(`/api/contracts/${id}`)).json()) as { content: string };
  const saved = await page.request.put(`/api/contracts/${id}`, { data: { content: `${contract.content}<p>ARTICLE 5 - NOTICES</p><p>5.1 Notices shall be in writing.</p>` } });
  expect(saved.status()).toBe(200);
  await page.reload();
  const stale = page.getByRole("status", { name: "Analysis of an earlier text" });
  await expect(stale).toContainText("This analysis is of an earlier version of the text.", { timeout: 20_000 });
  await expect(stale).toContainText(/A new analysis starts by itself at/);
  await stale.getByRole("button", { name: "Re-analyse now" }).click();
  await expect(stale).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/Judged from the Owner's side/)).toBeVisible();
});
