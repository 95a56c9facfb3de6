import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signIn, test, openRailTab } from "./fixtures";

const CONTRACT = "Maintenance Services Agreement - Cariboo Fibre Pulp Mill";

/** A toast's title (while a modal is open the toast region is hidden from the accessibility tree, not from view). */
function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true }).first();
}

/** What GET /api/contracts/{id} says the signed-in user may do there. */
async function abilitiesOf(request: APIRequestContext, contractId: string) {
  const response = await request.get(`/api/contracts/${contractId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { abilities: Record<string, boolean> }).abilities;
}

test("an approver grants a reviewer read access on a contract from its page, then revokes it", async ({ page, browser }) => {
  await signIn(page, "approver@demo.test");
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, "reviewer@demo.test");

  await page.getByRole("link", { name: /Cariboo Fibre Pulp Mill/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: CONTRACT })).toBeVisible();
  const contractId = page.url().split("/contracts/")[1]!.split(/[?#]/)[0]!;
  // Without a grant the reviewer works at their role's level here.
  expect((await abilitiesOf(reviewer.request, contractId)).comment).toBe(true);

  try {
    await openRailTab(page, "Markups & Changes");
    const team = page.getByRole("region", { name: "Team Collaboration" });
    await team.getByRole("button", { name: "Manage Access" }).click();
    const dialog = page.getByRole("dialog", { name: "Grant Contract Access" });
    await expect(dialog.getByLabel("Contract")).toHaveValue(contractId);
    await expect(dialog.getByLabel("Contract").locator("option:checked")).toHaveText(CONTRACT);
    const current = dialog.getByRole("region", { name: "Current grants" });
    await expect(current.getByText(/No one has a grant on this contract/)).toBeVisible();

    const memberSelect = dialog.getByLabel("Team member");
    const option = memberSelect.locator("option", { hasText: "reviewer@demo.test" });
    await expect(option).toHaveCount(1);
    // Administrators always have full access: a grant to one would change nothing, so none is offered.
    await expect(memberSelect.locator("option", { hasText: "admin@demo.test" })).toHaveCount(0);
    await expect(dialog.getByText("Administrators always have full access to every contract, so they are not listed.")).toBeVisible();
    await memberSelect.selectOption((await option.getAttribute("value"))!);
    await expect(dialog.getByLabel("Access level")).toHaveValue("read");
    await page.getByRole("button", { name: "Grant Access" }).click();
    await expect(toast(page, "Access granted")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The server holds the grant: the reviewer is read-only on this contract now.
    const narrowed = await abilitiesOf(reviewer.request, contractId);
    expect(narrowed.read).toBe(true);
    expect(narrowed.comment).toBe(false);

    // Back in the dialog the grant is listed, and Revoke removes it.
    await team.getByRole("button", { name: "Manage Access" }).click();
    const grants = dialog.getByRole("list", { name: "Current grants" });
    const row = grants.getByRole("listitem").filter({ hasText: "Daniel Okafor" });
    await expect(row).toContainText("Read");
    await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot only
    await page.screenshot({ path: "test-results/screenshots/contract-manage-access.png" });
    await row.getByRole("button", { name: `Revoke Daniel Okafor's access to ${CONTRACT}` }).click();
    await expect(toast(page, "Access revoked")).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveText("Daniel Okafor no longer has read access to this contract.");
    await expect(dialog.getByText(/No one has a grant on this contract/)).toBeVisible();
    expect((await abilitiesOf(reviewer.request, contractId)).comment).toBe(true);
  } finally {
    // Never leave the reviewer narrowed for the journeys that follow.
    const left = (await (await page.request.get("/api/team/contract-access")).json()) as { id: string; contractId: string }[];
    for (const grant of left.filter((g) => g.contractId === contractId)) await page.request.delete(`/api/team/contract-access/${grant.id}`);
  }
});
