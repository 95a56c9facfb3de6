import { expect, latestMailLink, test } from "./fixtures";

test("sign up → verification banner → link from the mail → Email Verified!", async ({ page }) => {
  const email = `owner-${Date.now()}@northern-epc.test`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Morgan");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Company name").fill("Northern EPC Inc.");
  await page.getByLabel("Email").fill(email);
  // A password on every list of common passwords is refused by the server, with its reason.
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too easy to guess: this is a heavily used password. Add more words or characters.").first()).toBeVisible();
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toBeVisible();
  // A brand-new company has no contracts and the new user is its admin: the dashboard offers the first upload.
  await expect(page.getByRole("heading", { name: "No contracts yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload your first contract" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Billing Admin" })).toBeVisible();

  const link = await latestMailLink(email, "/verify-email?token=");
  await page.goto(link);
  await expect(page.getByText("Email Verified!")).toBeVisible();
  await page.getByRole("button", { name: "Go to Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByText("Verification Failed")).toBeVisible();
});
