import { test as base, expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";

/** Every journey runs against the server started by global-setup.ts. */
export const test = base.extend<{ baseURL: string }>({
  // Playwright requires an object pattern for the fixtures argument, even when none is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    testInfo.skip(Boolean(process.env.E2E_SKIP), process.env.E2E_SKIP);
    await use(process.env.E2E_BASE_URL ?? "");
  },
});
export { expect };

export const DEMO_PASSWORD = "demo-password";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();
}

/**
 * Reopens an approved demo contract for changes through the API (issue 14: approval locks the
 * text), for journeys that edit it. Signs in on a request context of its own.
 */
export async function reopenForChanges(playwright: PlaywrightWorkerArgs["playwright"], title: RegExp, reason: string): Promise<void> {
  if (process.env.E2E_SKIP) return;
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL ?? "" });
  try {
    expect((await request.post("/api/auth/login", { data: { email: "admin@demo.test", password: DEMO_PASSWORD } })).status()).toBe(200);
    const contracts = (await (await request.get("/api/contracts")).json()) as { id: string; title: string; status: string }[];
    const contract = contracts.find((c) => title.test(c.title));
    if (!contract) throw new Error(`No demo contract matches ${title}`);
    if (contract.status !== "approved" && contract.status !== "pending_approval") return;
    expect((await request.post(`/api/contracts/${contract.id}/reopen-for-changes`, { data: { reason } })).status()).toBe(200);
  } finally {
    await request.dispose();
  }
}

/** The newest e-mail link to `pathPrefix` sent to `to`, read from the server's mail log (no SMTP in e2e). */
export async function latestMailLink(to: string, pathPrefix: string): Promise<string> {
  const { readFileSync } = await import("node:fs");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(process.env.E2E_SERVER_LOG ?? "", "utf8").split("\n").filter(Boolean);
    for (const line of lines.reverse()) {
      let entry: { to?: string; text?: string };
      try {
        entry = JSON.parse(line) as { to?: string; text?: string };
      } catch {
        continue;
      }
      if (entry.to !== to || !entry.text) continue;
      const match = entry.text.match(new RegExp(`https?://\\S+${pathPrefix.replace(/[/?]/g, "\\$&")}\\S*`));
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail with a ${pathPrefix} link was sent to ${to}`);
}

const OPERATOR_PASSWORD = "operator-password-1";

/**
 * Signs `page` in as the platform operator global-setup.ts names (PLATFORM_ADMIN_EMAILS of the
 * server): the first journey that needs one makes the account and proves its address (operators
 * must, auth/platform-admin.ts), later ones sign in.
 */
export async function signInAsOperator(page: Page): Promise<string> {
  const operator = process.env.E2E_OPERATOR_EMAIL!;
  const login = await page.request.post("/api/auth/login", { data: { email: operator, password: OPERATOR_PASSWORD } });
  if (login.status() === 200) return operator;
  const joined = await page.request.post("/api/auth/signup", {
    data: { email: operator, password: OPERATOR_PASSWORD, firstName: "Olive", lastName: "Operator", companyName: "ClauseWise Operations" },
  });
  expect(joined.status()).toBe(201);
  await page.goto(await latestMailLink(operator, "/verify-email?token="));
  await expect(page.getByText("Email Verified!")).toBeVisible();
  return operator;
}

/**
 * Opens a tab of the contract workspace's rail (issue 17: Analysis, Markups & Changes, Questions,
 * Exhibits, Approval, Activity); the other tabs' panels are hidden meanwhile.
 */
export async function openRailTab(page: Page, name: "Analysis" | "Markups & Changes" | "Questions" | "Exhibits" | "Approval" | "Activity"): Promise<void> {
  const tab = page.getByRole("tablist", { name: "Contract panels" }).getByRole("tab", { name: new RegExp(`^${name}`) });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}
