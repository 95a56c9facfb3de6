import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/** A toast's text (either copy: Radix announces it through a second one; the open menu hides the toast region from the accessibility tree). */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

/** The bell's name carries the unread count: "Notifications (2 unread)", or just "Notifications". */
function bell(page: Page) {
  return page.getByRole("button", { name: /^Notifications( \(\d+ unread\))?$/ });
}

async function unreadCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute("aria-label")) ?? "";
  return Number(/\((\d+) unread\)/.exec(name)?.[1] ?? 0);
}

// The demo seed gives the reviewer unread notifications about the Wapiti Ridge contract.
test("the bell counts unread notifications; opening one marks it read and goes to its contract; mark all clears the badge", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await expect(bell(page)).toHaveAccessibleName(/\(\d+ unread\)/);
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);
  await expect(page.getByTestId("notification-badge")).toHaveText(before > 99 ? "99+" : String(before));

  await bell(page).click();
  const panel = page.getByRole("menu");
  await expect(panel.getByText(`${before} unread`, { exact: true })).toBeVisible();
  const item = panel.getByRole("menuitem", { name: /Review deadline approaching/ });
  await expect(item).toHaveAttribute("data-unread", "true");
  await expect(item).toContainText("The Wapiti Ridge EPC Agreement is due for review in 9 days.");
  await expect(item).toContainText(/ago$/);
  // A read one is there too, not marked unread.
  await expect(panel.getByRole("menuitem", { name: /Contract assigned/ })).not.toHaveAttribute("data-unread", "true");

  await item.click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: /Wapiti Ridge/ })).toBeVisible();

  await page.goto("/");
  await expect(bell(page)).toBeVisible();
  await expect.poll(() => unreadCount(page)).toBe(before - 1);
  await bell(page).click();
  await expect(page.getByRole("menuitem", { name: /Review deadline approaching/ })).not.toHaveAttribute("data-unread", "true");

  await page.getByRole("menuitem", { name: "Mark all as read" }).click();
  await expect(toast(page, "All notifications marked as read")).toBeVisible();
  await expect(toast(page, "Your notification list has been cleared.")).toBeVisible();
  await expect(page.getByRole("menu").locator("[data-unread]")).toHaveCount(0);
  // Escape closes the newest layer first: the toast, then the menu.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0, { timeout: 500 });
  }).toPass();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  // The server agrees, after a reload too.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  expect((await (await page.request.get("/api/notifications/unread-count")).json()) as { count: number }).toEqual({ count: 0 });
});

test("the panel works from the keyboard", async ({ page }) => {
  await signIn(page, "approver@demo.test");
  await bell(page).focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("menu");
  await expect(panel).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(panel.locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
});
