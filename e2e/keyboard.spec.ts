import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/** Presses Tab until `target` has focus (at most `max` times): proves it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("keyboard alone: sign in, open a contract from the list, switch its tabs, reach Team and invite a member", async ({ page }) => {
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type("admin@demo.test");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("demo-password");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();

  // The first contract of the table opens with Enter (past "My work" and the column sort buttons).
  const firstContract = page.getByRole("region", { name: "Active Contracts" }).getByRole("table", { name: "Contracts" }).getByRole("link").first();
  const title = ((await firstContract.textContent()) ?? "").trim();
  await tabTo(page, firstContract, 100);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  expect(title.length).toBeGreaterThan(0);

  // Tabs follow the arrow keys (WAI-ARIA tabs pattern).
  const viewer = page.getByRole("tab", { name: "Document Viewer" });
  await tabTo(page, viewer);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Track Changes" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Track Changes" })).toHaveAttribute("aria-selected", "true");

  // The sidebar reaches Team; the Invite Member dialog opens, is filled and closes by keyboard.
  await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }), 120);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("table", { name: "Team Members" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Invite Member" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Invite Member" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel("Email"));
  await page.keyboard.type(`keyboard-${Date.now()}@demo.test`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("a focus ring for the keyboard, none on what the mouse clicked", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings");
  const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  const tabs = page.getByRole("tab");
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toBeFocused();
  expect(await outline()).toBe("none");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(2)).toBeFocused();
  expect(await outline()).toBe("solid");
  await tabs.nth(0).click();
  expect(await outline()).toBe("none");
});
