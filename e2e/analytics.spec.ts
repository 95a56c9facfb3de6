import type { AnalyticsResponse } from "@clausewise/shared";
import { expect, signIn, test } from "./fixtures";

test("an approver reads the analytics of the demo company and switches the period", async ({ page }) => {
  await signIn(page, "approver@demo.test");
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "Contract Analytics" })).toBeVisible();

  const answer = page.waitForResponse((r) => r.url().includes("/api/analytics?period=1y"));
  await page.getByLabel("Period").selectOption("1y");
  const data = (await (await answer).json()) as AnalyticsResponse;
  expect(data.overview.totalContracts).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("group", { name: "Total Contracts" }).getByText(String(data.overview.totalContracts), { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Monthly Contract Volume" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Jurisdictional Breakdown" })).toBeVisible();
  // Real charts (SVG), and each table as CSV.
  await expect(page.getByRole("figure", { name: /^Contracts over time: / }).locator("svg").first()).toBeVisible();
  await expect(page.getByRole("figure", { name: /^Cycle time per stage: / }).locator("svg").first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Completed Reviews as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("completed-reviews-1y.csv");
  const { readFileSync } = await import("node:fs");
  const lines = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("Contract,Outcome,Uploaded (UTC),Finished (UTC),Review time (hours)");
  expect(lines.length - 1).toBe(data.completedReviews.length);
});

test("a reviewer sees Access Restricted", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await page.goto("/analytics");
  await expect(page.getByText("Access Restricted")).toBeVisible();
  const res = await page.request.get("/api/analytics");
  expect(res.status()).toBe(403);
});
