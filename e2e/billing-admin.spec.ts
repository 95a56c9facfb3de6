import { randomUUID } from "node:crypto";
import { expect, signIn, signInAsOperator, test } from "./fixtures";

const operatorEmails = (process.env.PLATFORM_ADMIN_EMAILS ?? "").toLowerCase().split(",").map((e) => e.trim());

test("a company admin sees only their own company, read-only", async ({ page }) => {
  test.skip(operatorEmails.includes("admin@demo.test"), "admin@demo.test is a platform operator in this run (PLATFORM_ADMIN_EMAILS)");
  await signIn(page, "admin@demo.test");
  await page.goto("/billing-admin");
  await expect(page.getByRole("heading", { name: "Demo EPC Ltd." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Companies" }).getByRole("button")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Process Overdue Accounts" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Suspend" })).toHaveCount(0);
});

test("a platform operator records a payment, suspends a company (its users are stopped) and reactivates it", async ({ page, playwright, baseURL }) => {
  await signInAsOperator(page);
  const customer = await playwright.request.newContext({ baseURL });
  const companyName = `Prairie Fabricators ${randomUUID().slice(0, 6)}`;
  const email = `owner-${randomUUID().slice(0, 8)}@prairie.test`;
  const password = "a-long-enough-password-42";
  const signup = await customer.post("/api/auth/signup", { data: { email, password, firstName: "Robin", lastName: "Lee", companyName } });
  expect(signup.status()).toBe(201);

  await page.goto("/billing-admin");
  await page.getByRole("list", { name: "Companies" }).getByRole("button", { name: new RegExp(companyName) }).click();
  await expect(page.getByRole("heading", { name: companyName })).toBeVisible();
  await expect(page.getByText("No billing events recorded")).toBeVisible();

  await page.getByRole("button", { name: "Record Payment" }).click();
  await page.getByLabel("Amount (CAD)").fill("150.25");
  await page.getByRole("dialog").getByRole("button", { name: "Record Payment" }).click();
  await expect(page.getByText("Payment recorded successfully").first()).toBeVisible();
  await expect(page.getByText("$150.25")).toBeVisible();

  await page.getByRole("button", { name: "Suspend" }).click();
  await page.getByLabel("Reason").fill("Chargeback under review");
  await page.getByRole("dialog").getByRole("button", { name: "Suspend Account" }).click();
  await expect(page.getByText("Company account suspended successfully").first()).toBeVisible();
  await expect(page.getByText("Chargeback under review").first()).toBeVisible();
  expect((await customer.get("/api/auth/user")).status()).toBe(401);
  const login = await customer.post("/api/auth/login", { data: { email, password } });
  expect(login.status()).toBe(403);

  await page.getByRole("button", { name: "Reactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reactivate Account" }).click();
  await expect(page.getByText("Company account reactivated successfully").first()).toBeVisible();
  expect((await customer.post("/api/auth/login", { data: { email, password } })).status()).toBe(200);
  await customer.dispose();
});
