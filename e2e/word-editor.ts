import type { Browser, Locator, Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

export interface Editor {
  page: Page;
  /** The editable document (TipTap's contenteditable). */
  document: Locator;
  close: () => Promise<void>;
}

/** The live Word Editor of the Cariboo Fibre agreement in a browser context of its own, signed in as `email`. */
export async function openWordEditor(browser: Browser, email: string): Promise<Editor> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole("link", { name: /Cariboo Fibre/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Cariboo Fibre Pulp Mill/ })).toBeVisible();
  await page.getByRole("tab", { name: "Word Editor" }).click();
  const editor = page.getByRole("region", { name: "Word Editor" });
  await expect(editor.getByRole("status", { name: "Connection: Live" })).toBeVisible({ timeout: 20_000 });
  const document = editor.locator('[aria-label="Contract document"]');
  await expect(document).toContainText("Cariboo");
  return { page, document, close: () => context.close() };
}

export const token = () => Math.random().toString(36).slice(2, 8);
