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
  // A brand-new company has no contracts and the new user is its admin.
  await expect(page.getByText("No contracts found")).toBeVisible();
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
