import { totpCode } from "../api/src/auth/totp";
import { expect, latestMailLink, signIn, test } from "./fixtures";

// A fresh account of its own: turning two-factor on for a demo user would change the other journeys' sign-in.
test("settings: profile, company and notification saves, two-factor sign-in, an API key as Bearer, and the last admin cannot delete themselves", async ({ page }) => {
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

  // Company and the notification preferences (one form, also on /notification-preferences) save too, and survive a reload.
  await page.getByRole("tab", { name: "Company" }).click();
  await page.getByLabel("Industry").selectOption("energy");
  await page.getByLabel("Company Size").selectOption("51-200");
  await page.getByLabel("Website").fill("https://hale-industrial.example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Company Settings Updated", { exact: true }).first()).toBeVisible();
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByText("Weekly Reports")).toHaveCount(0);
  const assignments = page.getByRole("region", { name: "Email Notifications" }).getByRole("switch", { name: "Contract Assignments" });
  await expect(assignments).toBeChecked();
  await assignments.click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Notification Preferences Updated", { exact: true }).first()).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Company" }).click();
  await expect(page.getByLabel("Website")).toHaveValue("https://hale-industrial.example");
  await expect(page.getByLabel("Industry")).toHaveValue("energy");
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByRole("region", { name: "Email Notifications" }).getByRole("switch", { name: "Contract Assignments" })).not.toBeChecked();

  // Two-factor set-up: the setup key goes into the "authenticator" (the same RFC 6238 code here).
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByRole("button", { name: "Configure" }).click();
  await page.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Authenticator code").fill(totpCode(secret, new Date()));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I Saved My Codes" }).click();

  // An API key, shown once, works as a Bearer token: read-only unless chosen otherwise, and never on
  // the account's identity or security.
  // API access is an Enterprise feature (PLAN_FEATURES): this fresh company subscribes first (manual billing).
  expect((await page.request.post("/api/create-subscription", { data: { planId: "enterprise" } })).status()).toBe(201);
  await page.getByRole("button", { name: "Manage Keys" }).click();
  await page.getByLabel("Key name").fill("Procurement sync");
  await expect(page.getByLabel("Access")).toHaveValue("read");
  await page.getByRole("button", { name: "Create Key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!;
  await expect(page.getByRole("list", { name: "API keys" }).getByText("Read-only")).toBeVisible();
  const bearer = { authorization: `Bearer ${key}`, cookie: "" };
  const me = await page.request.fetch("/api/auth/user", { headers: bearer });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(email);
  const takeover = await page.request.fetch("/api/settings/profile", {
    method: "PATCH",
    headers: bearer,
    data: { firstName: "Robin", lastName: "Hale", email: `attacker-${Date.now()}@evil.test`, currentPassword: password },
  });
  expect(takeover.status()).toBe(403);
  expect(((await takeover.json()) as { error: string }).error).toBe("api_key_not_allowed");
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

test("settings: changing the password signs the other browser out, keeps this one, and only the new password signs in", async ({ page, browser }) => {
  const email = `password-${Date.now()}@northern-epc.test`;
  const oldPassword = "first-long-password";
  const newPassword = "second-long-password";
  const signup = await page.request.post("/api/auth/signup", { data: { email, password: oldPassword, firstName: "Sam", lastName: "Ortiz", companyName: "Ortiz Civil Ltd." } });
  expect(signup.status()).toBe(201);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, oldPassword);

  await page.goto("/settings?tab=security");
  const form = page.getByRole("form", { name: "Change Password" });
  // Checked in the browser first.
  await form.getByLabel("Current Password").fill(oldPassword);
  await form.getByLabel("New Password", { exact: true }).fill("short");
  await form.getByLabel("Confirm New Password").fill("different");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(form.getByText("The passwords do not match")).toBeVisible();

  // A wrong current password is refused with the server's message, and nobody is signed out.
  await form.getByLabel("Current Password").fill("not-my-password");
  await form.getByLabel("New Password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm New Password").fill(newPassword);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Update Failed", { exact: true }).first()).toBeVisible();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();
  expect((await otherPage.request.get("/api/auth/user")).status()).toBe(200);

  // The server refuses a password that is easy to guess, and says why under the field.
  await form.getByLabel("Current Password").fill(oldPassword);
  await form.getByLabel("New Password", { exact: true }).fill("12345678");
  await form.getByLabel("Confirm New Password").fill("12345678");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByText(/This password is too easy to guess: .+\. Add more words or characters\./)).toBeVisible();

  await form.getByLabel("New Password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm New Password").fill(newPassword);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Updated", { exact: true }).first()).toBeVisible();
  await expect(form.getByLabel("Current Password")).toHaveValue("");

  // This browser stays signed in; the other one is signed out and needs the new password.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Security" })).toBeVisible();
  expect((await otherPage.request.get("/api/auth/user")).status()).toBe(401);
  const old = await otherPage.request.post("/api/auth/login", { data: { email, password: oldPassword } });
  expect(old.status()).toBe(401);
  await signIn(otherPage, email, newPassword);
  await other.close();
});

test("settings: a new e-mail needs the password, waits for the link mailed to it, and the old address can undo it", async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `mover-${stamp}@northern-epc.test`;
  const moved = `mover-new-${stamp}@northern-epc.test`;
  const password = "third-long-password";
  const signup = await page.request.post("/api/auth/signup", { data: { email, password, firstName: "Alex", lastName: "Reid", companyName: "Reid Mechanical Ltd." } });
  expect(signup.status()).toBe(201);

  await page.goto("/settings");
  await page.getByLabel("Email Address").fill(moved);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Enter your current password to change your email address.").first()).toBeVisible();
  await page.getByLabel("Current Password").fill(password);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Pending: ${moved}.`, { exact: false })).toBeVisible();
  await expect(page.getByLabel("Email Address")).toHaveValue(email);

  // The link mailed to the new address makes the change, on a button press.
  await page.goto(await latestMailLink(moved, "/confirm-email?token="));
  await page.getByRole("button", { name: "Confirm Email Address" }).click();
  await expect(page.getByText("Your email address has been changed.", { exact: false })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel("Email Address")).toHaveValue(moved);

  // The old address was told, with a link that restores it and signs every session out.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto(await latestMailLink(email, "/undo-email-change?token="));
  await ownerPage.getByRole("button", { name: "Undo the Change" }).click();
  await expect(ownerPage.getByRole("status")).toContainText("Your email address has been restored");
  await owner.close();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await signIn(page, email, password);
});
