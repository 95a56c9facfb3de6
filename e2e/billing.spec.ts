import { expect, signIn, test } from "./fixtures";

test("a reviewer sees the plans and usage but not subscription management", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await page.goto("/pricing");
  const professional = page.getByRole("article", { name: "Professional plan" });
  await expect(professional.getByText("Most Popular")).toBeVisible();
  await expect(professional.getByText("$299.00")).toBeVisible();
  await expect(page.getByText("Contracts this month")).toBeVisible();
  await page.goto("/subscription");
  await expect(page.getByText("Only administrators can access billing and subscription management.")).toBeVisible();
});

test("an admin switches plans in manual billing and sees the new limits", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/pricing");
  await page.getByRole("article", { name: "Enterprise plan" }).getByRole("link", { name: "Choose Enterprise" }).click();
  await expect(page.getByText("Manual billing.")).toBeVisible();
  await page.getByRole("button", { name: "Subscribe to Enterprise" }).click();
  await expect(page.getByText("Subscription Created", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Enterprise Plan/)).toBeVisible();

  await page.goto("/pricing");
  await expect(page.getByRole("article", { name: "Enterprise plan" }).getByRole("button", { name: "Current Plan" })).toBeVisible();
  await expect(page.getByText(/ \/ Unlimited/).first()).toBeVisible();
});
