import { readFileSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";

test("an admin downloads an invoice PDF and its receipt from Settings › Billing", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings?tab=billing");
  const invoices = page.getByRole("list", { name: "Invoices" });
  // The demo's current period was invoiced with Alberta's GST and paid.
  const seeded = invoices.getByRole("listitem").filter({ hasText: /-00001/ });
  await expect(seeded).toContainText("GST 5%");
  await expect(seeded.getByText("Paid")).toBeVisible();

  const download = page.waitForEvent("download");
  await seeded.getByRole("button", { name: /^Download invoice CW-[0-9A-F]{8}-00001$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-CW-[0-9A-F]{8}-00001\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const receipt = page.waitForEvent("download");
  await seeded.getByRole("button", { name: /^Download receipt / }).click();
  expect((await receipt).suggestedFilename()).toMatch(/^receipt-CW-[0-9A-F]{8}-00001\.pdf$/);

  // Manual billing: no card to update, and the page says so.
  await expect(page.getByText(/Card updates do not apply/)).toBeVisible();
});
