// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ContractAccessGrant, TeamInvitation, TeamMember } from "@clausewise/shared";
import { currentToast } from "../../components/contract/testing";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();

const wait = { timeout: 5000 };
const admin = makeUser({ id: "admin-1", role: "admin" }, ["team.manage", "access.grant"]);

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    id: "m-1",
    firstName: "Riley",
    lastName: "Chen",
    email: "riley@example.com",
    role: "reviewer",
    isActive: true,
    createdAt: "2026-10-01T12:00:00.000Z",
    abilities: { changeRole: true, deactivate: true, reactivate: false, receiveGrant: true },
    ...overrides,
  };
}

const members = [
  member({ id: "admin-1", firstName: "Pat", lastName: "Morgan", email: "pat@example.com", role: "admin", abilities: { changeRole: false, deactivate: false, reactivate: false, receiveGrant: false } }),
  member({}),
  member({ id: "m-2", firstName: "Sam", lastName: "Gone", email: "sam@example.com", isActive: false, abilities: { changeRole: false, deactivate: false, reactivate: true, receiveGrant: false } }),
];
const grant: ContractAccessGrant = {
  id: "g-1",
  contractId: "c-1",
  contractTitle: "Gas Plant EPC",
  userId: "m-1",
  userName: "Riley Chen",
  accessLevel: "review",
  grantedAt: "2026-11-01T12:00:00.000Z",
  canRevoke: true,
};

function teamApi(overrides: Parameters<typeof fakeApi>[0] = {}, invitations: TeamInvitation[] = []) {
  return fakeApi({
    "GET /api/auth/user": { status: 200, body: admin },
    "GET /api/team/members": { status: 200, body: members },
    "GET /api/team/invitations": { status: 200, body: invitations },
    "GET /api/team/contract-access": { status: 200, body: [grant] },
    "GET /api/contracts": { status: 200, body: [{ id: "c-1", title: "Gas Plant EPC" }] },
    ...overrides,
  });
}

describe("Team Management", () => {
  it("shows Access Restricted to non-admins and asks for no team data", async () => {
    const api = fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }, ["access.grant"]) } });
    renderApp("/team");
    expect(await screen.findByText("Access Restricted", {}, wait)).toBeTruthy();
    expect(screen.getByText("Only administrators can access team management.")).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith("/api/team"))).toBe(false);
  });

  it("lists members with role, status and a Deactivate button only for active members; no invitations section when none", async () => {
    teamApi();
    renderApp("/team");
    const table = await screen.findByRole("table", { name: "Team Members" }, wait);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText("Pat Morgan")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: /Deactivate/ })).toBeNull();
    expect(within(rows[2]!).getByRole("button", { name: "Deactivate Riley Chen" })).toBeTruthy();
    expect(within(rows[3]!).getByText("Inactive")).toBeTruthy();
    expect(within(rows[3]!).queryByRole("button", { name: /Deactivate/ })).toBeNull();
    expect(screen.queryByRole("table", { name: "Pending Invitations" })).toBeNull();
    expect(await screen.findByRole("table", { name: "Contract Access Control" }, wait)).toBeTruthy();
  });

  it("shows pending invitations when there are some, and withdraws one", async () => {
    const api = teamApi({ "DELETE /api/team/invitations/i-1": { status: 204 } }, [
      { id: "i-1", email: "new@example.com", role: "approver", expiresAt: "2026-12-01T12:00:00.000Z" },
    ]);
    renderApp("/team");
    const table = await screen.findByRole("table", { name: "Pending Invitations" }, wait);
    expect(within(table).getByText("new@example.com")).toBeTruthy();
    expect(within(table).getByText("Pending")).toBeTruthy();
    fireEvent.click(within(table).getByRole("button", { name: "Withdraw the invitation to new@example.com" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Invitation withdrawn"), wait);
    expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/team/invitations/i-1"]);
  });

  it("invites by email and role: Send is disabled until an email is typed, then 'Invitation sent'", async () => {
    const api = teamApi({
      "POST /api/team/invite": ({ body }) => ({ status: 201, body: { id: "i-2", ...(body as object), expiresAt: "2026-12-01T12:00:00.000Z" } }),
    });
    renderApp("/team");
    fireEvent.click(await screen.findByRole("button", { name: "Invite Member" }, wait));
    const send = await screen.findByRole("button", { name: "Send Invitation" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "approver" } });
    fireEvent.click(send);
    await waitFor(() => expect(currentToast()?.title).toBe("Invitation sent"), wait);
    expect(api.calls.find((c) => c.method === "POST")!.body).toEqual({ email: "new@example.com", role: "approver" });
  });

  it("shows the server's message under 'Invitation failed' (the plan limit)", async () => {
    const message = "Your Starter plan allows 5 team members, and 5 are active or invited.";
    teamApi({ "POST /api/team/invite": { status: 403, body: { error: "forbidden", message } } });
    renderApp("/team");
    fireEvent.click(await screen.findByRole("button", { name: "Invite Member" }, wait));
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Invitation failed", description: message, variant: "destructive" }), wait);
  });

  it("changes a role only after confirming: 'Role updated'; a failure says 'Update failed'", async () => {
    let fail = false;
    const api = teamApi({
      "PATCH /api/team/members/m-1/role": () => (fail ? { status: 403, body: { error: "forbidden", message: "Nope." } } : { status: 200, body: member({ role: "approver" }) }),
    });
    renderApp("/team");
    fireEvent.change(await screen.findByLabelText("Role of Riley Chen", {}, wait), { target: { value: "approver" } });
    const dialog = await screen.findByRole("alertdialog", {}, wait);
    expect(within(dialog).getByText(/Riley Chen will be an Approver instead of a Reviewer/)).toBeTruthy();
    // Cancelling changes nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), wait);
    expect(api.calls.some((c) => c.method === "PATCH")).toBe(false);
    expect((screen.getByLabelText("Role of Riley Chen") as HTMLSelectElement).value).toBe("reviewer");

    fireEvent.change(screen.getByLabelText("Role of Riley Chen"), { target: { value: "approver" } });
    fireEvent.click(await screen.findByRole("button", { name: "Change role" }, wait));
    await waitFor(() => expect(currentToast()?.title).toBe("Role updated"), wait);
    expect(api.calls.find((c) => c.method === "PATCH")!.body).toEqual({ role: "approver" });
    fail = true;
    fireEvent.change(screen.getByLabelText("Role of Riley Chen"), { target: { value: "admin" } });
    fireEvent.click(await screen.findByRole("button", { name: "Change role" }, wait));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Update failed", description: "Nope.", variant: "destructive" }), wait);
  });

  it("shows a deactivated member's role without a picker, and reactivates them (the seat limit's message on failure)", async () => {
    let full = true;
    const message = "Your Starter plan allows 5 team members, and 5 are active or invited.";
    const api = teamApi({
      "PATCH /api/team/members/m-2/reactivate": () => (full ? { status: 403, body: { error: "forbidden", message } } : { status: 200, body: member({ id: "m-2", isActive: true }) }),
    });
    renderApp("/team");
    const row = (await screen.findByText("Sam Gone", {}, wait)).closest("tr")!;
    expect(within(row).queryByLabelText("Role of Sam Gone")).toBeNull();
    expect(within(row).getByText("Reviewer")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Reactivate Sam Gone" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Reactivation failed", description: message, variant: "destructive" }), wait);
    full = false;
    fireEvent.click(within(row).getByRole("button", { name: "Reactivate Sam Gone" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Member reactivated"), wait);
    expect(api.calls.filter((c) => c.path === "/api/team/members/m-2/reactivate")).toHaveLength(2);
  });

  it("resends an invitation: 'Invitation resent'; too many says why", async () => {
    let calls = 0;
    teamApi(
      {
        "POST /api/team/invitations/i-1/resend": () =>
          ++calls > 1
            ? { status: 429, body: { error: "rate_limited", message: "This invitation has been sent several times in the last hour. Please try again in 40 minutes." } }
            : { status: 200, body: { id: "i-1", email: "new@example.com", role: "approver", expiresAt: "2026-12-08T12:00:00.000Z" } },
      },
      [{ id: "i-1", email: "new@example.com", role: "approver", expiresAt: "2026-12-01T12:00:00.000Z" }],
    );
    renderApp("/team");
    const table = await screen.findByRole("table", { name: "Pending Invitations" }, wait);
    fireEvent.click(within(table).getByRole("button", { name: "Resend the invitation to new@example.com" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Invitation resent"), wait);
    fireEvent.click(within(table).getByRole("button", { name: "Resend the invitation to new@example.com" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Resend failed"), wait);
    expect(currentToast()?.description).toMatch(/try again in 40 minutes/);
  });

  it("deactivates after confirming: 'Member deactivated'", async () => {
    const api = teamApi({ "PATCH /api/team/members/m-1/deactivate": { status: 200, body: member({ isActive: false }) } });
    renderApp("/team");
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate Riley Chen" }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Member deactivated"), wait);
    expect(api.calls.filter((c) => c.path === "/api/team/members/m-1/deactivate")).toHaveLength(1);
  });

  it("grants access to active members only, read by default: 'Access granted'", async () => {
    const api = teamApi({ "POST /api/team/contract-access": { status: 201, body: grant } });
    renderApp("/team");
    fireEvent.click(await screen.findByRole("button", { name: "Manage Access" }, wait));
    const submit = await screen.findByRole("button", { name: "Grant Access" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole("option", { name: "Gas Plant EPC" }, wait);
    const memberSelect = screen.getByLabelText("Team member");
    const options = within(memberSelect).getAllByRole("option").map((o) => o.textContent);
    expect(options).toContain("Riley Chen (riley@example.com)");
    expect(options.some((o) => o?.includes("Sam Gone"))).toBe(false);
    expect(options.some((o) => o?.includes("Pat Morgan"))).toBe(false);
    fireEvent.change(screen.getByLabelText("Contract"), { target: { value: "c-1" } });
    fireEvent.change(memberSelect, { target: { value: "m-1" } });
    fireEvent.click(submit);
    await waitFor(() => expect(currentToast()?.title).toBe("Access granted"), wait);
    expect(api.calls.find((c) => c.method === "POST")!.body).toEqual({ contractId: "c-1", userId: "m-1", accessLevel: "read" });
  });

  it("revokes a grant: 'Access revoked'; a failure says 'Revoke failed' with the server's message", async () => {
    let status = 204;
    teamApi({ "DELETE /api/team/contract-access/g-1": () => (status === 204 ? { status } : { status, body: { error: "forbidden", message: "Too high." } }) });
    renderApp("/team");
    const revoke = await screen.findByRole("button", { name: "Revoke Riley Chen's access to Gas Plant EPC" }, wait);
    fireEvent.click(revoke);
    await waitFor(() => expect(currentToast()?.title).toBe("Access revoked"), wait);
    status = 403;
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Riley Chen's access to Gas Plant EPC" }, wait));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Revoke failed", description: "Too high.", variant: "destructive" }), wait);
  });
});
