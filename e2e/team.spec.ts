import { expect, latestMailLink, signIn, test } from "./fixtures";

test("admin invites → invitee joins from the mailed link → access granted → promoted → access revoked → deactivated and signed out at once", async ({ page, browser }) => {
  const email = `field-engineer-${Date.now()}@demo.test`;
  await signIn(page, "admin@demo.test");
  await page.goto("/team");
  await expect(page.getByRole("table", { name: "Team Members" })).toBeVisible();

  await page.getByRole("button", { name: "Invite Member" }).click();
  const inviteDialog = page.getByRole("dialog", { name: "Invite Member" });
  await inviteDialog.getByLabel("Email").fill(email);
  await inviteDialog.getByLabel("Role").selectOption("reviewer");
  await inviteDialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending Invitations" }).getByText(email)).toBeVisible();

  // The invitee, in a browser of their own.
  const invitee = await (await browser.newContext()).newPage();
  const link = await latestMailLink(email, "/invite?token=");
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Join Demo EPC Ltd." })).toBeVisible();
  await invitee.getByLabel("First name").fill("Jordan");
  await invitee.getByLabel("Last name").fill("Reyes");
  await invitee.getByLabel("Password").fill("a-long-password");
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();

  // The link works once.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText("This invitation link is invalid, has already been used or was withdrawn.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("table", { name: "Pending Invitations" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Team Members" }).getByText("Jordan Reyes")).toBeVisible();

  await page.getByRole("button", { name: "Manage Access" }).click();
  const dialog = page.getByRole("dialog", { name: "Grant Contract Access" });
  const contract = dialog.getByLabel("Contract");
  await expect(contract.locator("option")).not.toHaveCount(1);
  await contract.selectOption({ index: 1 });
  await dialog.getByLabel("Team member").selectOption({ label: `Jordan Reyes (${email})` });
  await dialog.getByLabel("Access level").selectOption("approve");
  await dialog.getByRole("button", { name: "Grant Access" }).click();
  await expect(page.getByText("Access granted", { exact: true })).toBeVisible();
  const accessTable = page.getByRole("table", { name: "Contract Access Control" });
  await expect(accessTable.getByText("Jordan Reyes")).toBeVisible();

  // Promoted to approver: the invitee's own session sees the new role at once.
  await page.getByLabel("Role of Jordan Reyes").selectOption("approver");
  await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("Role updated", { exact: true })).toBeVisible();
  const role = await invitee.evaluate(async () => ((await (await fetch("/api/auth/user", { credentials: "include" })).json()) as { role: string }).role);
  expect(role).toBe("approver");

  // The grant is revoked: it leaves the table, and the server no longer lists it.
  await accessTable.getByRole("button", { name: /^Revoke Jordan Reyes's access to / }).click();
  await expect(page.getByText("Access revoked", { exact: true })).toBeVisible();
  await expect(accessTable.getByText("Jordan Reyes")).toHaveCount(0);
  const grants = await page.evaluate(async () => (await (await fetch("/api/team/contract-access", { credentials: "include" })).json()) as { userName: string }[]);
  expect(grants.some((g) => g.userName === "Jordan Reyes")).toBe(false);

  await page.getByRole("button", { name: "Deactivate Jordan Reyes" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Member deactivated", { exact: true })).toBeVisible();

  // Their session ended with it: the next request is answered 401.
  const status = await invitee.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status);
  expect(status).toBe(401);

  // Deactivated: the role cannot be changed any more; reactivating gives the account back.
  await expect(page.getByLabel("Role of Jordan Reyes")).toHaveCount(0);
  await page.getByRole("button", { name: "Reactivate Jordan Reyes" }).click();
  await expect(page.getByText("Member reactivated", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Role of Jordan Reyes")).toHaveValue("approver");
});
