import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, signIn, signInAsOperator, test } from "./fixtures";

test("an admin reads the audit log, filters it and exports CSV", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  // Something to find: an invitation with an address no other journey uses.
  const email = `audit-${randomUUID().slice(0, 8)}@example.test`;
  expect((await page.request.post("/api/team/invite", { data: { email, role: "reviewer" } })).status()).toBe(201);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit events" });
  await expect(table.getByText("Signed in").first()).toBeVisible();

  await page.getByLabel("Action").selectOption({ label: "Invited a member" });
  await page.getByLabel("Person").selectOption({ label: "Alex Morgan" });
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
  await page.getByLabel("From").fill(today);
  await page.getByLabel("To").fill(today);
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${email}; as Reviewer`)).toBeVisible();
  await expect(row.getByText("Alex Morgan")).toBeVisible();
  // Every row left is an invitation by Alex Morgan.
  for (const cells of await table.locator("tbody tr").all()) await expect(cells).toContainText("Invited a member");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-demo-epc-ltd-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("Time (UTC),Person,Email,Action,Contract,Contract ID,Details,Action code,Event ID");
  expect(lines.some((line) => line.includes(`Alex Morgan,admin@demo.test,Invited a member,,,${email}; as Reviewer,invitation.create,`))).toBe(true);
  expect(lines.slice(1).every((line) => line.includes(",invitation.create,"))).toBe(true);
});

test("a platform operator reads a company's audit log in Billing Administration", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await page.goto("/api/logout");
  await signInAsOperator(page);
  await page.goto("/billing-admin");
  await page.getByRole("list", { name: "Companies" }).getByRole("button", { name: /Demo EPC Ltd\./ }).click();
  const log = page.getByRole("region", { name: "Company Audit Log" });
  await expect(log).toBeVisible();
  await log.getByLabel("Action").selectOption({ label: "Signed in" });
  await expect(log.getByRole("table", { name: "Audit events" }).getByText("Daniel Okafor").first()).toBeVisible();
});
