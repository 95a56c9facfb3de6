import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test("an admin deletes a contract after a confirmation; it is gone for everyone, and approvers are not offered it", async ({ page, browser }) => {
  const title = `Short-Term Crane Rental ${Date.now()}`;
  await signIn(page, "admin@demo.test");
  const uploaded = await page.request.post("/api/contracts", {
    multipart: {
      title,
      processingConsent: "true",
      storageConsent: "true",
      file: { name: "crane.txt", mimeType: "text/plain", buffer: Buffer.from("1. Scope. The Supplier shall provide a 200-tonne crane for the module lift.") },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };

  // An approver works on the contract but is not offered to delete it.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signIn(approver, "approver@demo.test");
  await approver.goto(`/contracts/${id}`);
  await expect(approver.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(approver.getByRole("button", { name: "Delete contract" })).toHaveCount(0);

  await page.goto(`/contracts/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Delete contract" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this contract?" });
  await expect(confirm).toContainText(title);
  await expect(confirm).toContainText("This cannot be undone.");
  // Cancel changes nothing.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  expect((await page.request.get(`/api/contracts/${id}`)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete contract" }).click();
  await page.getByRole("alertdialog", { name: "Delete this contract?" }).getByRole("button", { name: "Delete contract" }).click();
  await expect(toast(page, "Contract Deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  expect((await page.request.get(`/api/contracts/${id}`)).status()).toBe(404);
  expect((await approver.request.get(`/api/contracts/${id}`)).status()).toBe(404);
  await approverContext.close();
});

test("an admin sets how long approved contracts are kept; others do not see the setting", async ({ page, browser }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings?tab=company");
  const toggle = page.getByRole("switch", { name: "Erase contracts after approval" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await page.getByLabel("Days after approval").fill("730");
  await page.getByRole("button", { name: "Save Retention" }).click();
  await expect(toast(page, "Retention Updated")).toBeVisible();
  expect(await (await page.request.get("/api/settings/retention")).json()).toEqual({ retentionDays: 730 });
  // Back to the default, so other journeys see the demo as it was.
  await page.getByRole("switch", { name: "Erase contracts after approval" }).click();
  await page.getByRole("button", { name: "Save Retention" }).click();
  await expect.poll(async () => (await (await page.request.get("/api/settings/retention")).json()) as unknown).toEqual({ retentionDays: null });

  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await signIn(reviewer, "reviewer@demo.test");
  await reviewer.goto("/settings?tab=company");
  await expect(reviewer.getByLabel("Company Name")).toBeVisible();
  await expect(reviewer.getByText("Erase contracts after approval")).toHaveCount(0);
  await context.close();
});
