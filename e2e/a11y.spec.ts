import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/**
 * axe-core in Chromium on every page of both specs, as the people who use it reach them: no serious
 * or critical violations of WCAG 2.x A/AA. A full-page screenshot of each lands in
 * test-results/screenshots/ (kept by CI as an artefact).
 */
const SCREENSHOTS = path.resolve("test-results/screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

async function audit(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[aria-busy='true'], .animate-pulse")).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
}

const publicPages: [string, string][] = [
  ["public-landing", "/"],
  ["public-login", "/login"],
  ["public-signup", "/signup"],
  ["public-terms", "/terms"],
  ["public-support", "/support"],
  ["public-verify-email", "/verify-email?token=not-a-real-token"],
  ["public-forgot-password", "/forgot-password"],
  ["public-reset-password", "/reset-password?token=not-a-real-token"],
  ["public-confirm-email", "/confirm-email?token=not-a-real-token"],
  ["public-undo-email-change", "/undo-email-change?token=not-a-real-token"],
  ["public-invite", "/invite?token=not-a-real-token"],
  ["public-not-found", "/no-such-page"],
];

for (const [name, url] of publicPages) {
  test(`axe: ${name}`, async ({ page }) => {
    await page.goto(url);
    await audit(page, name);
  });
}

const signedInPages: [string, string, string][] = [
  ["admin-dashboard", "admin@demo.test", "/"],
  ["admin-team", "admin@demo.test", "/team"],
  ["admin-analytics", "admin@demo.test", "/analytics"],
  ["admin-audit-log", "admin@demo.test", "/audit-log"],
  ["admin-billing-admin", "admin@demo.test", "/billing-admin"],
  ["admin-pricing", "admin@demo.test", "/pricing"],
  ["admin-subscription", "admin@demo.test", "/subscription"],
  ["admin-jurisdictional-analysis", "admin@demo.test", "/jurisdictional-analysis"],
  ["admin-settings-profile", "admin@demo.test", "/settings"],
  ["admin-settings-company", "admin@demo.test", "/settings?tab=company"],
  ["admin-settings-notifications", "admin@demo.test", "/settings?tab=notifications"],
  ["admin-settings-security", "admin@demo.test", "/settings?tab=security"],
  ["admin-settings-billing", "admin@demo.test", "/settings?tab=billing"],
  ["admin-notification-preferences", "admin@demo.test", "/notification-preferences"],
  ["admin-support", "admin@demo.test", "/support"],
  ["admin-terms", "admin@demo.test", "/terms"],
  ["reviewer-dashboard", "reviewer@demo.test", "/"],
  ["reviewer-analytics-restricted", "reviewer@demo.test", "/analytics"],
];

for (const [name, email, url] of signedInPages) {
  test(`axe: ${name}`, async ({ page }) => {
    await signIn(page, email);
    await page.goto(url);
    await audit(page, name);
  });
}

test("axe: contract detail, each tab", async ({ page }) => {
  await signIn(page, "approver@demo.test");
  const list = (await (await page.request.get("/api/contracts")).json()) as { id: string }[];
  expect(list.length).toBeGreaterThan(0);
  await page.goto(`/contracts/${list[0]!.id}`);
  await expect(page.getByRole("tab", { name: "Document Viewer" })).toBeVisible();
  await audit(page, "approver-contract-document-viewer");
  // The workspace's rail (issue 17): every tab's panel.
  const rail = page.getByRole("tablist", { name: "Contract panels" });
  for (const [tab, slug] of [
    ["Markups & Changes", "markups"],
    ["Questions", "questions"],
    ["Exhibits", "exhibits"],
    ["Approval", "approval"],
    ["Activity", "activity"],
    ["Analysis", "analysis"],
  ] as const) {
    await rail.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await audit(page, `approver-contract-rail-${slug}`);
  }
  await page.getByRole("tab", { name: "Track Changes" }).click();
  await audit(page, "approver-contract-track-changes");
  await page.getByRole("tab", { name: "Word Editor" }).click();
  await expect(page.locator(".ProseMirror").first()).toBeVisible({ timeout: 20_000 });
  await audit(page, "approver-contract-word-editor");
});
