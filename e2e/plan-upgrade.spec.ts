import { expect, test } from "./fixtures";

// A fresh Starter company of its own: the demo company is on Professional.
test("a Starter admin meets the upgrade message on Analytics, upgrades in manual billing and sees the dashboard", async ({ page }) => {
  const email = `starter-${Date.now()}@northern-epc.test`;
  const signup = await page.request.post("/api/auth/signup", { data: { email, password: "a-long-password", firstName: "Sam", lastName: "Starter", companyName: "Starter Fabrication Ltd." } });
  expect(signup.status()).toBe(201);

  await page.goto("/analytics");
  const notice = page.getByRole("alert").filter({ hasText: "Upgrade required" });
  await expect(notice).toContainText("Analytics dashboard is part of the Professional plan; your company is on the Starter plan.");
  await notice.getByRole("link", { name: "Upgrade to Professional" }).click();
  await expect(page).toHaveURL(/\/subscription\?plan=professional$/);
  await page.getByRole("button", { name: "Subscribe to Professional" }).click();
  await expect(page.getByText("Subscription Created", { exact: true }).first()).toBeVisible();

  await page.goto("/analytics");
  await expect(page.getByText("Upgrade required")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Analytics Dashboard" }).first()).toBeVisible();
});
