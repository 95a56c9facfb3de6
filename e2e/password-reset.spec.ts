import { expect, latestMailLink, test } from "./fixtures";

test("forgot password → link from the mail → new password → signed out elsewhere → sign in with it; the link works once", async ({ page, browser }) => {
  // An account of its own, signed in in another browser too.
  const email = `reset-${Date.now()}@northern-epc.test`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Riley");
  await page.getByLabel("Last name").fill("Chen");
  await page.getByLabel("Company name").fill("Reset Test EPC Ltd.");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("the-old-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto("/login");
  await visitor.getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(visitor.getByRole("status")).toContainText("If an account exists for that address");

  const link = await latestMailLink(email, "/reset-password?token=");
  await visitor.goto(link);
  await visitor.getByLabel("New password", { exact: true }).fill("the-new-password");
  await visitor.getByLabel("Confirm new password").fill("the-new-password");
  await visitor.getByRole("button", { name: "Reset Password" }).click();
  await expect(visitor.getByRole("status")).toHaveText("Your password has been reset. Sign in with your new password.");

  // The first browser's session ended with the reset.
  const status = await page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status);
  expect(status).toBe(401);

  await visitor.getByRole("link", { name: "Sign In", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Sign in to ClauseWise" })).toBeVisible();
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Password").fill("the-new-password");
  await visitor.getByRole("button", { name: "Sign In" }).click();
  await expect(visitor.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();

  // The link is single-use.
  await visitor.goto(link);
  await visitor.getByLabel("New password", { exact: true }).fill("a-third-password");
  await visitor.getByLabel("Confirm new password").fill("a-third-password");
  await visitor.getByRole("button", { name: "Reset Password" }).click();
  await expect(visitor.getByRole("alert")).toContainText("This password reset link has already been used or is invalid.");
  await other.close();
});
