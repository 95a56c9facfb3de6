import type { Browser, Locator, Page } from "@playwright/test";
import { expect, signIn, test, openRailTab } from "./fixtures";

/*
 * Issue 14: approval locks the text, and versions you can use. The St. Clair structural steel
 * subcontract starts pending approval with Legal and Finance approved (demo seed), so its Final
 * Approval is one click away; no other journey changes it. In order: the approver approves while
 * the admin has the Word Editor open (it turns read-only at once), a REST save is refused with
 * 409, the approver reopens it for changes with a reason, edits, saves a new version, compares it
 * with the approved one and restores that.
 */

const TITLE = /St\. Clair Renewable Diesel/;

/** Radix announces a toast to screen readers as a second copy for a moment: look in the toast region, take one. */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text).first();
}

interface ContractPage {
  page: Page;
  editor: Locator;
  document: Locator;
  close: () => Promise<void>;
}

async function openContract(browser: Browser, email: string): Promise<ContractPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole("link", { name: TITLE }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  const editor = page.getByRole("region", { name: "Word Editor" });
  return { page, editor, document: editor.locator('[aria-label="Contract document"]'), close: () => context.close() };
}

async function openWordEditor({ page, editor, document }: ContractPage) {
  await page.getByRole("tab", { name: "Word Editor" }).click();
  await expect(editor.getByRole("status", { name: "Connection: Live" })).toBeVisible({ timeout: 20_000 });
  await expect(document).toContainText("Subcontractor");
}

test.describe.serial("approval locks the text; versions you can use", () => {
  test("approve → the editor is read-only and REST PUT answers 409 → reopen with a reason → edit → a new version → restore the approved one", async ({ browser }) => {
    const admin = await openContract(browser, "admin@demo.test");
    const approver = await openContract(browser, "approver@demo.test");
    try {
      // The admin watches the document while it is still pending approval: read-only already.
      await openWordEditor(admin);
      await expect(admin.editor.getByRole("status", { name: "Document locked" })).toContainText("This contract is pending approval, so its text is locked.");
      await expect(admin.document).toHaveAttribute("contenteditable", "false");

      // Final Approval from the header.
      const header = approver.page.locator("header").filter({ has: approver.page.getByRole("heading", { level: 1, name: TITLE }) });
      await header.getByRole("button", { name: "Approve", exact: true }).click();
      await approver.page.getByRole("alertdialog", { name: "Approve this contract?" }).getByRole("button", { name: "Approve contract" }).click();
      await expect(toast(approver.page, "Contract Approved")).toBeVisible();
      await expect(header.getByText("Approved", { exact: true })).toBeVisible();
      await expect(header.getByText(/approved version/)).toContainText("v1");

      // The editor that was open learns it at once, and says which version the approval applies to.
      await expect(admin.editor.getByRole("status", { name: "Document locked" })).toContainText("This contract is approved, so its text is locked.");
      await expect(admin.editor.getByRole("status", { name: "Document locked" })).toContainText("The approval applies to version 1.");
      await expect(admin.document).toHaveAttribute("contenteditable", "false");

      // REST refuses the text too, with a clear message.
      const id = new URL(approver.page.url()).pathname.split("/").pop() ?? "";
      const put = await approver.page.request.put(`/api/contracts/${id}`, { data: { content: "<p>Rewritten after approval.</p>" } });
      expect(put.status()).toBe(409);
      expect(await put.json()).toEqual({
        error: "contract_locked",
        message: "This contract is approved, so its text is locked. An approver or administrator can reopen it for changes.",
      });

      // Reopen for changes needs a reason.
      await openRailTab(approver.page, "Approval");
      await approver.page.getByRole("region", { name: "Review Actions" }).getByRole("button", { name: "Reopen for changes" }).click();
      const dialog = approver.page.getByRole("dialog", { name: "Reopen for changes" });
      const confirm = dialog.getByRole("button", { name: "Reopen for changes" });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(/Reason/).fill("The owner asked for a two-week float on the erection milestones.");
      await confirm.click();
      await expect(toast(approver.page, "Contract Reopened for Changes")).toBeVisible();
      await expect(header.getByText("Under Review", { exact: true })).toBeVisible();
      await expect(header.getByText(/last approved: v1/)).toBeVisible();
      await openRailTab(approver.page, "Activity");
      const history = approver.page.getByRole("list", { name: "Status history, newest first" });
      await expect(history.getByRole("listitem").first()).toContainText("Reopened for changes");
      await expect(history.getByRole("listitem").first()).toContainText("The owner asked for a two-week float on the erection milestones.");

      // Editing works again: in the approver's editor, and in the admin's, which was open all along.
      await openWordEditor(approver);
      await expect(approver.editor.getByRole("status", { name: "Document locked" })).toHaveCount(0);
      const sentence = `Float of two weeks agreed ${Math.random().toString(36).slice(2, 8)}.`;
      await approver.document.click();
      await approver.page.keyboard.press("Control+End");
      await approver.page.keyboard.press("Enter");
      await approver.page.keyboard.type(sentence);
      await expect(admin.document).toContainText(sentence, { timeout: 20_000 });
      await expect(admin.editor.getByRole("status", { name: "Document locked" })).toHaveCount(0);
      await admin.editor.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Editing Mode" }).click();
      await expect(admin.document).toHaveAttribute("contenteditable", "true");

      // Save makes version 2, which the header shows.
      await approver.page.getByRole("toolbar", { name: "Document" }).getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(approver.page, "Version Created")).toBeVisible();
      await expect(header.getByText("v2", { exact: true })).toBeVisible();
      // Save again with nothing changed: no copy.
      await approver.page.getByRole("toolbar", { name: "Document" }).getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(approver.page, "No Changes to Save")).toBeVisible();

      // Compare the approved version with the current document, then restore it (confirmed).
      const strip = approver.page.getByRole("list", { name: "Document versions, newest first" });
      await expect(strip.getByRole("button", { name: /^Version 2,/ })).toBeVisible();
      await strip.getByRole("button", { name: /^Version 1,.*approved/ }).click();
      const versionDialog = approver.page.getByRole("dialog", { name: "Version 1" });
      const version2 = await versionDialog.locator("option", { hasText: "Version 2" }).getAttribute("value");
      await versionDialog.getByLabel("Compare with").selectOption(version2 ?? "");
      const redline = versionDialog.getByRole("document", { name: "Changes from version 1 to version 2" });
      await expect(redline.locator("ins")).toContainText(sentence);
      await versionDialog.getByRole("button", { name: "Restore this version" }).click();
      await approver.page.getByRole("alertdialog", { name: "Restore version 1?" }).getByRole("button", { name: "Restore" }).click();
      await expect(toast(approver.page, "Version Restored")).toBeVisible();
      await expect(approver.document).not.toContainText(sentence, { timeout: 20_000 });
      await expect(admin.document).not.toContainText(sentence, { timeout: 20_000 });
      // A restore is a new edit: version 2 is still there, with the sentence.
      await expect(strip.getByRole("button", { name: /^Version 2,/ })).toBeVisible();
    } finally {
      await admin.close();
      await approver.close();
    }
  });
});
