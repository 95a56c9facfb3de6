import type { Page } from "@playwright/test";
import { makeScannedPdf } from "../api/src/documents/ocr/test-scan";
import { makePdf } from "../api/src/test/fixtures";
import { expect, signIn, test } from "./fixtures";

/**
 * A toast's text. Not through the "Notifications (F8)" region: while the modal upload dialog is open,
 * Radix hides the rest of the page (that region included) from the accessibility tree, and announces
 * the toast through a copy of its own. Either copy will do.
 */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

async function openUploadDialog(page: Page) {
  await page.getByRole("button", { name: "Upload Contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Contract" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an admin uploads a PDF, is taken to it, and finds it in the list", async ({ page }) => {
  const title = `Kitimat Compressor Station EPC ${Date.now()}`;
  const pdf = await makePdf([
    { heading: "Engineering, Procurement and Construction Agreement" },
    "This Agreement is made between Coastal Gas Midstream Ltd. (the Owner) and Northern EPC Ltd. (the Contractor).",
    { heading: "12. Limitation of Liability" },
    "The Contractor's total liability under this Agreement shall not exceed the Contract Price.",
    { heading: "18. Holdback" },
    "The Owner shall retain a holdback of ten percent (10%) of each progress payment as required by the Builders Lien Act.",
  ]);

  await signIn(page, "admin@demo.test");
  const dialog = await openUploadDialog(page);
  const upload = dialog.getByRole("button", { name: "Upload", exact: true });
  await expect(upload).toBeDisabled();

  await dialog.locator('input[type="file"]').setInputFiles({ name: `${title}.pdf`, mimeType: "application/pdf", buffer: pdf });
  await expect(dialog.getByText(`${title}.pdf`)).toBeVisible();
  await expect(dialog.getByText(/^\d+(\.\d+)? (Bytes|KB)$/)).toBeVisible();
  // The title is proposed from the file name.
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await dialog.getByLabel("Client").fill("Coastal Gas Midstream Ltd.");
  await expect(dialog.getByText(/If empty: .*10 business days for medium priority/)).toBeVisible();
  await expect(upload).toBeDisabled();
  await dialog.getByLabel(/consent to the processing/).check();
  await expect(upload).toBeEnabled();
  await upload.click();

  await expect(toast(page, "Contract uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(toast(page, "Your contract has been uploaded and is being analyzed.")).toBeVisible();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto("/");
  const list = page.getByRole("region", { name: "Active Contracts" });
  const row = list.getByRole("row").filter({ hasText: title });
  const item = row.getByRole("link", { name: title });
  await expect(item).toBeVisible();
  await expect(row).toContainText("Coastal Gas Midstream Ltd.");
  await expect(row).toContainText("v1");
  await item.click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("an admin uploads a text file with a priority and a deadline, keeping the original", async ({ page }) => {
  const title = `Pipe Rack Fabrication Subcontract ${Date.now()}`;
  const text = [
    "PIPE RACK FABRICATION SUBCONTRACT",
    "1. Scope. The Subcontractor shall fabricate and deliver the pipe rack modules described in Schedule A.",
    "2. Liquidated Damages. For each day of delay the Subcontractor shall pay liquidated damages of $5,000 per day.",
    "3. Governing Law. This Subcontract is governed by the laws of the Province of Alberta.",
  ].join("\n\n");
  const due = new Date(Date.now() + 21 * 24 * 3_600_000).toISOString().slice(0, 10);

  await signIn(page, "admin@demo.test");
  const dialog = await openUploadDialog(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "pipe-rack.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await expect(dialog.getByLabel("Title")).toHaveValue("pipe-rack");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Priority").click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(dialog.getByText(/5 business days for high priority/)).toBeVisible();
  await dialog.getByLabel("Review deadline").fill(due);
  await dialog.getByLabel("Store the original file").check();
  await dialog.getByLabel(/consent to the processing/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();

  await expect(toast(page, "Contract uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  const saved = (await (await page.request.get(`/api/contracts/${id}`)).json()) as {
    priority: string;
    storageConsent: boolean;
    hasOriginalFile: boolean;
    reviewDeadline: string | null;
  };
  expect(saved.priority).toBe("high");
  expect(saved.storageConsent).toBe(true);
  expect(saved.hasOriginalFile).toBe(true);
  // Date-only (issue 17): the day as typed, whatever the browser's or the server's time zone.
  expect(saved.reviewDeadline).toBe(due);
});

test("a file of the wrong type is refused before anything is sent", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const dialog = await openUploadDialog(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "budget.xlsx", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("not a contract") });
  await expect(toast(page, "Invalid file type")).toBeVisible();
  await expect(toast(page, "Please select a PDF, Word document, or text file.")).toBeVisible();
  await expect(dialog.getByText("budget.xlsx")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Choose file" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();

  // Forcing it with Enter says what is missing.
  await dialog.getByLabel("Title").fill("Budget");
  await dialog.getByLabel("Title").press("Enter");
  await expect(toast(page, "Missing information")).toBeVisible();
  await expect(toast(page, "Please fill in all required fields and consent to processing.")).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("an upload the server cannot read says why and keeps the form", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const dialog = await openUploadDialog(page);
  // A .pdf name over bytes that are not a PDF: the server checks the content, not just the name.
  await dialog.locator('input[type="file"]').setInputFiles({ name: "renamed.pdf", mimeType: "application/pdf", buffer: Buffer.from("plain words, not a PDF") });
  await dialog.getByLabel(/consent to the processing/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "Upload failed")).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("renamed.pdf")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue("renamed");
});

test("a reviewer sees 'Admin Only' and learns why", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await expect(page.getByRole("button", { name: "Upload Contract" })).toHaveCount(0);
  await page.getByRole("button", { name: "Admin Only" }).click();
  await expect(toast(page, "Access Restricted")).toBeVisible();
  await expect(toast(page, "Only administrators can upload contracts")).toBeVisible();
});

test("an admin uploads a scanned PDF and watches its pages being read by OCR", async ({ page }) => {
  const title = `Scanned Pipeline EPC ${Date.now()}`;
  const pages = ["1. Scope of Work", "2. Payment", "3. Holdback", "4. Warranty"].map((heading) => [heading, "The Contractor shall perform the Work with due care and in a good and workmanlike manner."]);
  const scan = await makeScannedPdf({ pages });

  await signIn(page, "admin@demo.test");
  const dialog = await openUploadDialog(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: `${title}.pdf`, mimeType: "application/pdf", buffer: scan });
  await dialog.getByLabel(/consent to the processing/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();

  // The server pushes each page read; the dialog shows how far it got.
  await expect(dialog.getByText(/^Reading scanned pages \(OCR\): [0-3] of 4$/)).toBeVisible({ timeout: 30_000 });
  await expect(toast(page, "Contract uploaded")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
