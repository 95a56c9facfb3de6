import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test, openRailTab } from "./fixtures";

/** Radix announces a toast to screen readers as a second copy for a moment: look in the toast region, take one. */
function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByText(text, { exact: true }).first();
}

interface Panels {
  /** The page header, with the contract's own status badge. */
  header: Locator;
  actions: Locator;
  pipeline: Locator;
}

/** The demo contract that starts under review (Wapiti Ridge), opened from the dashboard. */
async function openWapitiRidge(page: Page): Promise<Panels> {
  await page.getByRole("link", { name: /Wapiti Ridge/ }).first().click();
  const title = page.getByRole("heading", { level: 1, name: /Wapiti Ridge/ });
  await expect(title).toBeVisible();
  const header = page.locator("header").filter({ has: title });
  await openRailTab(page, "Approval");
  const actions = page.getByRole("region", { name: "Review Actions" });
  const pipeline = page.getByRole("list", { name: "Approval pipeline" });
  await expect(actions).toBeVisible();
  await expect(pipeline).toBeVisible();
  return { header, actions, pipeline };
}

function stage(pipeline: Locator, name: string) {
  return pipeline.getByRole("listitem", { name });
}

/** The status reads the same in the review panel and in the page header. */
async function expectStatus({ header, actions }: Panels, label: string) {
  await expect(actions.getByText(label, { exact: true })).toBeVisible();
  await expect(header.getByText(label, { exact: true })).toBeVisible();
}

/** Approve or reject through a decision dialog, with a comment. */
async function decide(page: Page, dialogName: string, button: "Approve" | "Reject", comment: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Comment/).fill(comment);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// One contract through its whole life, in order: each journey starts where the previous one left it.
test.describe.serial("the approval workflow of the Wapiti Ridge EPC Agreement", () => {
  test("a reviewer submits the contract under review for approval, and cannot decide it", async ({ page }) => {
    await signIn(page, "reviewer@demo.test");
    const panels = await openWapitiRidge(page);
    const { actions, pipeline } = panels;
    await expectStatus(panels, "Under Review");
    await expect(stage(pipeline, "Legal Review: Pending")).toBeVisible();
    await expect(stage(pipeline, "Finance Review: Waiting")).toBeVisible();
    await expect(stage(pipeline, "Final Approval: Waiting")).toBeVisible();
    // Stages open for decisions only once the contract is submitted; reviewers never decide them.
    await expect(pipeline.getByRole("button")).toHaveCount(0);
    await expect(actions.getByRole("button", { name: "Approve" })).toHaveCount(0);

    await actions.getByRole("button", { name: "Submit for approval" }).click();
    await expect(toast(page, "Submitted for Approval")).toBeVisible();
    await expectStatus(panels, "Pending Approval");
    await expect(actions.getByText("This contract is waiting for an approver's decision.")).toBeVisible();
    await expect(actions.getByRole("button")).toHaveCount(0);
    await expect(pipeline.getByRole("button")).toHaveCount(0);
  });

  test("an approver approves Legal Review, then rejects the contract; it is reopened", async ({ page }) => {
    await signIn(page, "approver@demo.test");
    const panels = await openWapitiRidge(page);
    const { actions, pipeline } = panels;
    await expectStatus(panels, "Pending Approval");
    // Approving the contract waits for Legal and Finance.
    await expect(actions.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(actions.getByText(/Legal Review and Finance Review must be approved/)).toBeVisible();

    await stage(pipeline, "Legal Review: Pending").getByRole("button", { name: "Approve Legal Review" }).click();
    await decide(page, "Approve Legal Review", "Approve", "Limitation of liability and indemnities acceptable.");
    await expect(toast(page, "Legal Review Approved")).toBeVisible();
    const legal = stage(pipeline, "Legal Review: Approved");
    await expect(legal).toContainText("Priya Raman");
    await expect(legal).toContainText("Limitation of liability and indemnities acceptable.");
    await expect(stage(pipeline, "Finance Review: Pending").getByRole("button", { name: "Approve Finance Review" })).toBeVisible();

    await actions.getByRole("button", { name: "Reject" }).click();
    await decide(page, "Reject contract", "Reject", "Holdback release terms need another pass.");
    await expect(toast(page, "Contract Rejected")).toBeVisible();
    await expectStatus(panels, "Rejected");
    await expect(stage(pipeline, "Finance Review: Rejected")).toContainText("Holdback release terms need another pass.");
    await expect(stage(pipeline, "Final Approval: Waiting")).toBeVisible();

    await actions.getByRole("button", { name: "Reopen" }).click();
    await expect(toast(page, "Contract Reopened")).toBeVisible();
    await expectStatus(panels, "Under Review");
    await expect(stage(pipeline, "Legal Review: Pending")).toBeVisible();
  });

  test("an approver clears Legal and Finance; someone else must give Final Approval (separation of duties)", async ({ page, browser, baseURL }) => {
    await signIn(page, "approver@demo.test");
    const panels = await openWapitiRidge(page);
    const { actions, pipeline } = panels;
    await actions.getByRole("button", { name: "Submit for approval" }).click();
    await expect(toast(page, "Submitted for Approval")).toBeVisible();

    await stage(pipeline, "Legal Review: Pending").getByRole("button", { name: "Approve Legal Review" }).click();
    await decide(page, "Approve Legal Review", "Approve", "Revised holdback terms acceptable.");
    await expect(toast(page, "Legal Review Approved")).toBeVisible();
    await stage(pipeline, "Finance Review: Pending").getByRole("button", { name: "Approve Finance Review" }).click();
    await decide(page, "Approve Finance Review", "Approve", "Letter of credit at 10% confirmed.");
    await expect(toast(page, "Finance Review Approved")).toBeVisible();
    // Decisions are attributable: who decided and when (issue 17).
    await expect(stage(pipeline, "Legal Review: Approved")).toContainText(/Approved by Priya Raman · \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/);

    // The same person may not also give the last approval (the company has not allowed it).
    await actions.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve contract" });
    await dialog.getByLabel(/Comment/).fill("Approved for signature.");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    // The dialog says why, in the server's words, and stays open.
    await expect(dialog.getByText(/You approved every other stage of this contract/)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(stage(pipeline, "Final Approval: Pending")).toBeVisible();

    // Another approver (the administrator) gives Final Approval.
    const context = await browser.newContext({ baseURL });
    const adminPage = await context.newPage();
    try {
      await signIn(adminPage, "admin@demo.test");
      const admin = await openWapitiRidge(adminPage);
      await admin.actions.getByRole("button", { name: "Approve" }).click();
      await decide(adminPage, "Approve contract", "Approve", "Approved for signature.");
      await expect(toast(adminPage, "Contract Approved")).toBeVisible();
      await expectStatus(admin, "Approved");
      await expect(stage(admin.pipeline, "Final Approval: Approved")).toContainText("Approved for signature.");
      await expect(stage(admin.pipeline, "Final Approval: Approved")).toContainText("Approved by Alex Morgan");
      await expect(stage(admin.pipeline, "Finance Review: Approved")).toContainText("Approved by Priya Raman");
    } finally {
      await context.close();
    }
    await page.reload();
    await expectStatus(panels, "Approved");
    // Approval locks the text: the one way back is Reopen for changes (issue 14).
    await expect(actions.getByRole("button")).toHaveText(["Reopen for changes"]);

    // The dashboard list shows the new status too.
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Active Contracts" }).getByRole("row").filter({ hasText: /Wapiti Ridge/ }).first()).toContainText("Approved");
  });
});
