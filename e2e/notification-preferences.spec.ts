import { expect, signIn, test } from "./fixtures";

test("a reviewer turns off in-app comment notifications and quiet hours on; the choices survive a reload", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await page.goto("/notification-preferences");
  const inApp = page.getByRole("region", { name: "In-App Notifications" });
  const comments = inApp.getByRole("switch", { name: "New Comments" });
  await expect(comments).toBeChecked();
  await comments.click();
  await page.getByRole("region", { name: "Quiet Hours" }).getByRole("switch", { name: "Enable" }).click();
  await page.getByLabel("Start Time").fill("21:30");
  await page.getByLabel("Timezone").selectOption("America/Vancouver");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Preferences Updated", { exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole("region", { name: "In-App Notifications" }).getByRole("switch", { name: "New Comments" })).not.toBeChecked();
  await expect(page.getByLabel("Start Time")).toHaveValue("21:30");
  await expect(page.getByLabel("Timezone")).toHaveValue("America/Vancouver");

  // Put them back for the other journeys on this server.
  await page.getByRole("region", { name: "In-App Notifications" }).getByRole("switch", { name: "New Comments" }).click();
  await page.getByRole("region", { name: "Quiet Hours" }).getByRole("switch", { name: "Enable" }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/notification-preferences") && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  expect((await saved).status()).toBe(200);
});
