import type { Page } from "@playwright/test";
import { expect, signIn, signInAsOperator, test } from "./fixtures";

function toast(page: Page, title: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(title, { exact: true }).first();
}

/** The newest logged mail to `to` whose subject contains `needle` (no SMTP in e2e: mails are logged). */
async function loggedMail(to: string, needle: string): Promise<{ subject: string; text: string }> {
  const { readFileSync } = await import("node:fs");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const line of readFileSync(process.env.E2E_SERVER_LOG ?? "", "utf8").split("\n").reverse()) {
      if (!line.includes(needle)) continue;
      try {
        const entry = JSON.parse(line) as { to?: string; subject?: string; text?: string };
        if (entry.to === to && entry.subject?.includes(needle)) return { subject: entry.subject, text: entry.text ?? "" };
      } catch {
        continue;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail about ${needle} was sent to ${to}`);
}

test("a visitor reads and searches the public help center and is asked to log in for tickets", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Ticket" })).toBeDisabled();

  await page.getByRole("tab", { name: "My Tickets" }).click();
  await expect(page.getByText("Please log in to view and create support tickets.")).toBeVisible();

  await page.getByRole("tab", { name: "Help Center" }).click();
  const articles = page.getByRole("list", { name: "Help articles" });
  await expect(articles.getByRole("listitem")).not.toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search help articles" }).fill("SCANNED");
  const upload = articles.getByRole("button", { name: /Uploading a contract/ });
  await expect(upload).toBeVisible();
  await expect(articles.getByRole("button", { name: /Team roles/ })).toHaveCount(0);
  await upload.click();
  await expect(page.getByText(/up to 50 scanned pages per document/)).toBeVisible();

  await page.getByRole("searchbox", { name: "Search help articles" }).fill("no such words anywhere");
  await expect(page.getByText("No articles found matching your search.")).toBeVisible();

  await page.getByRole("tab", { name: "Contact Info" }).click();
  await expect(page.getByText("Monday to Friday, 8:00 AM to 6:00 PM MST")).toBeVisible();
});

test("a reviewer raises a ticket, sees it under My Tickets, and the support address is e-mailed", async ({ page }) => {
  await signIn(page, "reviewer@demo.test");
  await page.goto("/support");
  const subject = `Report download fails ${Date.now()}`;
  await page.getByLabel("Subject").fill("Help");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByText("Subject must be at least 5 characters")).toBeVisible();
  await expect(page.getByText("Please select a category")).toBeVisible();

  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Description").fill("The Download AI Analysis Report button fails on the gas plant contract.");
  await page.getByLabel("Category").selectOption("technical");
  await page.getByLabel("Priority").selectOption("high");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(toast(page, "Support Ticket Created")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");

  await page.getByRole("tab", { name: "My Tickets" }).click();
  const ticket = page.getByRole("list", { name: "My support tickets" }).getByRole("listitem").filter({ hasText: subject });
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText("Open", { exact: true })).toBeVisible();
  const shortId = (await ticket.locator(".font-mono").innerText()).replace("#", "");
  expect(shortId).toMatch(/^[0-9a-f-]{8}$/);

  const mail = await loggedMail("support@clausewise.local", shortId);
  expect(mail.subject).toContain(subject);
  expect(mail.text).toContain("reviewer@demo.test");
});

test("support answers a ticket in the inbox and the requester replies: each side is e-mailed", async ({ page, browser, baseURL }) => {
  await signIn(page, "reviewer@demo.test");
  const subject = `Exhibit upload stalls ${Date.now()}`;
  const created = await page.request.post("/api/support/tickets", {
    data: { subject, description: "Uploading a 9 MB exhibit stops at 90% every time.", category: "technical", priority: "urgent" },
  });
  expect(created.status()).toBe(201);
  const shortId = ((await created.json()) as { id: string }).id.slice(-8);
  // The requester is told the ticket arrived.
  expect((await loggedMail("reviewer@demo.test", shortId)).subject).toBe(`We received your support ticket #${shortId}: ${subject}`);

  const desk = await (await browser.newContext({ baseURL })).newPage();
  await signInAsOperator(desk);
  await desk.goto("/support");
  await desk.getByRole("tab", { name: "Support Inbox" }).click();
  await desk.getByRole("list", { name: "Support inbox" }).getByText(subject).click();
  await desk.getByLabel("Reply to the requester (sent by e-mail)").fill("Please try again: the upload limit was raised today.");
  await desk.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(desk, "Reply sent")).toBeVisible();
  expect((await loggedMail("reviewer@demo.test", `Reply on your support ticket #${shortId}`)).text).toContain("the upload limit was raised today");

  await page.goto("/support");
  await page.getByRole("tab", { name: "My Tickets" }).click();
  const ticket = page.getByRole("list", { name: "My support tickets" }).getByRole("listitem").filter({ hasText: subject });
  await ticket.getByRole("button", { name: "View conversation" }).click();
  await expect(ticket.getByText("Please try again: the upload limit was raised today.")).toBeVisible();
  await expect(ticket.getByText("In Progress", { exact: true })).toBeVisible();
  await ticket.getByLabel("Reply to support").fill("It works now, thank you.");
  await ticket.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();
  await expect(ticket.getByText("It works now, thank you.")).toBeVisible();
  expect((await loggedMail("support@clausewise.local", `Requester replied on ticket #${shortId}`)).text).toContain("It works now, thank you.");
  await desk.context().close();
});
