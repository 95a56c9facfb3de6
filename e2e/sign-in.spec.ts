import { DEMO_PASSWORD, expect, signIn, test } from "./fixtures";

test("landing → sign in as the demo admin → dashboard → sign out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Secure Contract Review for EPC Companies" })).toBeVisible();
  await expect(page.getByText("Built for EPC Professionals")).toBeVisible();

  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/login/);
  // Demo mode shows the demo credentials on the sign-in page.
  await expect(page.getByText("admin@demo.test")).toBeVisible();

  await signIn(page, "admin@demo.test");
  await expect(page.getByText("Active Contracts")).toBeVisible();
  await expect(page.getByRole("link", { name: /Gas Processing/i }).first()).toBeVisible();
  await expect(page.getByText("Secure Platform")).toBeVisible();
  await expect(page.getByRole("link", { name: "Billing Admin" })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Secure Contract Review for EPC Companies" })).toBeVisible();
  // The session is gone: the API refuses the old cookie.
  const res = await page.request.get("/api/auth/user");
  expect(res.status()).toBe(401);
});

test("a wrong password shows the server's message and stays signed out", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("reviewer@demo.test");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("a reviewer does not see Billing Admin and cannot upload", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await expect(page.getByRole("link", { name: "Billing Admin" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Admin Only" })).toBeVisible();
});

test("an unknown path shows the not-found screen, without a hint meant for developers", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText(/Developer hint/)).toHaveCount(0);
});

test("an e-mailed contract link opened signed out goes through sign-in and back to the contract, with no failed request on the way", async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL ?? "" });
  expect((await request.post("/api/auth/login", { data: { email: "reviewer@demo.test", password: DEMO_PASSWORD } })).status()).toBe(200);
  const [contract] = (await (await request.get("/api/contracts")).json()) as { id: string; title: string }[];
  await request.dispose();
  const failed: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failed.push(message.text());
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Secure Contract Review for EPC Companies" })).toBeVisible();
  await page.goto(`/contracts/${contract!.id}?tab=exhibits`);
  await expect(page).toHaveURL(/\/login\?next=/);
  expect(failed).toEqual([]);
  await page.getByLabel("Email").fill("reviewer@demo.test");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contract!.id}\\?tab=exhibits$`));
  await expect(page.getByRole("heading", { name: contract!.title }).first()).toBeVisible();
});

test("the session cookie ends with the browser unless 'Remember me' is ticked", async ({ page, context }) => {
  await signIn(page, "approver@demo.test");
  const ordinary = (await context.cookies()).find((c) => c.name === "cw_session");
  expect(ordinary?.expires).toBe(-1);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Secure Contract Review for EPC Companies" })).toBeVisible();

  await page.goto("/login");
  await expect(page.getByText("Stay signed in on this device for up to 30 days.")).toBeVisible();
  await page.getByLabel("Email").fill("approver@demo.test");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();
  const remembered = (await context.cookies()).find((c) => c.name === "cw_session");
  expect(remembered!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
});

test("Pricing and Terms are open to a signed-out visitor", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("article", { name: "Professional plan" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Professional plan" }).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
  await page.goto("/terms");
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
});
