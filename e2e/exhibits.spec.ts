import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, signIn, test, openRailTab } from "./fixtures";

/** Radix announces a toast to screen readers as a second copy for a moment: look in the toast region, take one. */
function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByText(text, { exact: true }).first();
}

// An expected date is a calendar day (issue 17) and reads the same in every zone (dates.spec.ts
// checks Halifax and Vancouver); this journey runs where the demo company is.
test.use({ timezoneId: "America/Toronto" });

/** The demo contract that is still under review (the Wapiti Ridge EPC Agreement), opened from the dashboard. */
async function openWapitiRidge(page: Page) {
  await page.getByRole("link", { name: /Wapiti Ridge/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Wapiti Ridge/ })).toBeVisible();
  await openRailTab(page, "Exhibits");
  const tracker = page.getByRole("region", { name: "Exhibit Tracker" });
  await expect(tracker).toBeVisible();
  // The seed's exhibits are there before we add ours.
  await expect(tracker.getByRole("article", { name: "Scope of Work" })).toBeVisible();
  return tracker;
}

test("a reviewer adds an exhibit with a file, downloads it, approves it, plans another and deletes it", async ({ page }, testInfo) => {
  const stamp = Date.now();
  const title = `Geotechnical Report - Final Revision ${stamp}`;
  const planned = `Performance Bond ${stamp}`;
  const fileName = `geotechnical-report-${stamp}.txt`;
  const contents = "Borehole logs BH-01 to BH-14, final revision. Groundwater at 3.2 m below grade.\n";
  const filePath = testInfo.outputPath(fileName);
  writeFileSync(filePath, Buffer.from(contents, "utf8"));

  await signIn(page, "reviewer@demo.test");
  const tracker = await openWapitiRidge(page);

  // The form refuses what the spec refuses, in its words, before anything is sent.
  await tracker.getByRole("button", { name: "Add exhibit" }).click();
  let dialog = page.getByRole("dialog", { name: "Add exhibit" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Add exhibit" }).click();
  await expect(dialog.getByText("Missing Information - Please provide a title.")).toBeVisible();
  await expect(dialog.getByText("Missing File - Please select a file or mark this as a planned exhibit.")).toBeVisible();
  await dialog.getByLabel(/^File/).setInputFiles({ name: "site-photo.png", mimeType: "image/png", buffer: Buffer.from("not an exhibit") });
  await expect(dialog.getByRole("alert")).toContainText("Invalid file type - Exhibits can be PDF");

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Exhibit number").fill("F");
  await dialog.getByLabel("Description").fill("Final geotechnical investigation for the plant site.");
  await dialog.getByLabel("Required exhibit").check();
  await dialog.getByLabel(/^File/).setInputFiles(filePath);
  await expect(dialog.getByText(fileName)).toBeVisible();
  await dialog.getByLabel("Expected date").fill("2026-12-15");
  await dialog.getByLabel("Assigned to").selectOption({ label: "Priya Raman (Approver)" });
  await dialog.getByLabel("Tags").fill("geotechnical, site conditions");
  await dialog.getByRole("button", { name: "Add exhibit" }).click();

  await expect(toast(page, "Exhibit Uploaded")).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = tracker.getByRole("article", { name: title });
  await expect(added).toBeVisible();
  await expect(added.getByText("Exhibit F", { exact: true })).toBeVisible();
  await expect(added.getByText("Pending", { exact: true })).toBeVisible();
  await expect(added.getByText("Required", { exact: true })).toBeVisible();
  await expect(added.getByText("Priya Raman")).toBeVisible();
  await expect(added.getByText("Dec 15, 2026")).toBeVisible();
  await expect(added.getByText(`(${Buffer.byteLength(contents)} Bytes)`)).toBeVisible();
  await expect(added.getByRole("list", { name: "Tags" })).toContainText("site conditions");

  // The download is the file as uploaded.
  const downloading = page.waitForEvent("download");
  await added.getByRole("link", { name: new RegExp(`^Download ${fileName}`) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);

  // Review it as approved: the Review button is disabled from then on.
  await added.getByRole("button", { name: `Review: ${title}` }).click();
  const review = page.getByRole("dialog", { name: "Review exhibit" });
  await review.getByRole("button", { name: "Submit review" }).click();
  await expect(review.getByText("Please select a review status.")).toBeVisible();
  await review.getByLabel("Review status").selectOption("approved");
  await review.getByLabel(/^Notes/).fill("Final revision received; accepts the site-conditions risk in 2.3.");
  await review.getByRole("button", { name: "Submit review" }).click();
  await expect(toast(page, "Review Submitted")).toBeVisible();
  await expect(added.getByText("Approved", { exact: true })).toBeVisible();
  await expect(added.getByRole("button", { name: `Review: ${title}` })).toBeDisabled();
  // An approved exhibit is never deleted: the button is gone with the API's ability.
  await expect(added.getByRole("button", { name: `Delete exhibit ${title}` })).toHaveCount(0);

  // A planned exhibit needs no file; it says 'Update Status' instead of 'Review'.
  await tracker.getByRole("button", { name: "Add exhibit" }).click();
  dialog = page.getByRole("dialog", { name: "Add exhibit" });
  await dialog.getByLabel("Title").fill(planned);
  await dialog.getByLabel("Planned exhibit").check();
  await dialog.getByLabel("Planned notes").fill("50% performance bond from the Contractor's surety.");
  await dialog.getByLabel("Expected date").fill("2027-01-10");
  await dialog.getByRole("button", { name: "Add exhibit" }).click();
  await expect(toast(page, "Exhibit Uploaded")).toBeVisible();
  const plannedItem = tracker.getByRole("article", { name: planned });
  await expect(plannedItem.getByText("Planned", { exact: true })).toBeVisible();
  await expect(plannedItem.getByText("Not uploaded yet")).toBeVisible();
  await expect(plannedItem.getByRole("button", { name: `Update Status: ${planned}` })).toBeEnabled();

  // Its author may delete it while nobody has reviewed it; delete asks first.
  await plannedItem.getByRole("button", { name: `Delete exhibit ${planned}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete exhibit?" });
  await expect(confirm).toContainText(planned);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Exhibit Deleted")).toBeVisible();
  await expect(plannedItem).toHaveCount(0);

  // What was saved is what the next visit shows.
  await page.reload();
  await expect(tracker.getByRole("article", { name: title }).getByText("Approved", { exact: true })).toBeVisible();
  await expect(tracker.getByRole("article", { name: planned })).toHaveCount(0);
});

test("an approver sees the seeded exhibits with their status, file and planned state", async ({ page }) => {
  await signIn(page, "approver@demo.test");
  const tracker = await openWapitiRidge(page);
  const scope = tracker.getByRole("article", { name: "Scope of Work" });
  await expect(scope.getByText("Exhibit A", { exact: true })).toBeVisible();
  await expect(scope.getByText("Reviewed", { exact: true })).toBeVisible();
  await expect(scope.getByRole("link", { name: /^Download Exhibit A - Scope of Work\.txt, \d+ Bytes$/ })).toBeVisible();
  await expect(scope.getByRole("button", { name: "Review: Scope of Work" })).toBeEnabled();
  const planned = tracker.getByRole("article", { name: "Form of Letter of Credit and Parent Company Guarantee" });
  await expect(planned.getByText("Planned", { exact: true })).toBeVisible();
  await expect(planned.getByText("Not uploaded yet")).toBeVisible();
  await expect(planned.getByRole("button", { name: /^Update Status/ })).toBeEnabled();
});
