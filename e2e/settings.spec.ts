import { totpCode } from "../api/src/auth/totp";
import { expect, test } from "./fixtures";

// A fresh account of its own: turning two-factor on for a demo user would change the other journeys' sign-in.
test("settings: profile save, two-factor sign-in, an API key as Bearer, and the last admin cannot delete themselves", async ({ page }) => {
  const email = `settings-${Date.now()}@northern-epc.test`;
  const password = "a-long-password";
  const signup = await page.request.post("/api/auth/signup", { data: { email, password, firstName: "Robin", lastName: "Hale", companyName: "Hale Industrial Ltd." } });
  expect(signup.status()).toBe(201);

  await page.goto("/settings");
  await expect(page.getByLabel("First Name")).toHaveValue("Robin");
  await page.getByLabel("Job Title").fill("Project Controls Lead");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Job Title")).toHaveValue("Project Controls Lead");

  // Two-factor set-up: the setup key goes into the "authenticator" (the same RFC 6238 code here).
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByRole("button", { name: "Configure" }).click();
  await page.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Authenticator code").fill(totpCode(secret, new Date()));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I Saved My Codes" }).click();

  // An API key, shown once, works as a Bearer token.
  await page.getByRole("button", { name: "Manage Keys" }).click();
  await page.getByLabel("Key name").fill("Procurement sync");
  await page.getByRole("button", { name: "Create Key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!;
  const me = await page.request.fetch("/api/auth/user", { headers: { authorization: `Bearer ${key}`, cookie: "" } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(email);
  await page.keyboard.press("Escape");

  // The company's only admin cannot delete their account, and is told why.
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("alertdialog").getByText("Are you absolutely sure?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByText("Deletion Failed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/last administrator of your company/).first()).toBeVisible();

  // Signing in again now asks for the code after the password.
  await page.goto("/api/logout");
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByLabel("Authentication code").fill(totpCode(secret, new Date()));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();
});
