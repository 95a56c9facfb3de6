// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ContractAccessGrant, ContractReviewer, TeamMember } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderWithProviders, resetBetweenPageTests } from "../../test/render-app";
import { TeamCollaboration } from "./TeamCollaboration";
import { APPROVER_ABILITIES, currentToast, makeContract, REVIEWER_ABILITIES } from "./testing";

resetBetweenPageTests();

const wait = { timeout: 5000 };
const approver = makeUser({ id: "u-approver", role: "approver" }, ["access.grant", "contract.approve", "change.decide", "analytics.view"]);

function member(id: string, firstName: string, lastName: string, isActive = true, receiveGrant = isActive): TeamMember {
  return {
    id,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@demo.test`,
    role: "reviewer",
    isActive,
    createdAt: "2026-10-01T12:00:00.000Z",
    abilities: { changeRole: false, deactivate: false, reactivate: false, receiveGrant },
  };
}

const members = [member("u-approver", "Marc", "Tremblay", true, false), member("u-riley", "Riley", "Chen"), member("u-sam", "Sam", "Gone", false)];

function grant(overrides: Partial<ContractAccessGrant>): ContractAccessGrant {
  return {
    id: "g-1",
    contractId: "c-1",
    contractTitle: "EPC Agreement - Wapiti Ridge Gas Processing Plant",
    userId: "u-riley",
    userName: "Riley Chen",
    accessLevel: "review",
    grantedAt: "2026-11-01T12:00:00.000Z",
    canRevoke: true,
    ...overrides,
  };
}

const reviewers: ContractReviewer[] = [{ id: "u-riley", name: "Riley Chen", email: "riley@demo.test", role: "reviewer" }];

/** The panel's own lists, the team routes an approver may call, and whatever the test adds. */
function api(routes: Parameters<typeof fakeApi>[0] = {}, user = approver) {
  return fakeApi({
    "GET /api/auth/user": { status: 200, body: user },
    "GET /api/contracts/c-1/reviewers": { status: 200, body: reviewers },
    "GET /api/contracts/c-1/markups": { status: 200, body: [] },
    "GET /api/contracts/c-1/questions": { status: 200, body: [] },
    "GET /api/team/members": { status: 200, body: members },
    "GET /api/team/contract-access": {
      status: 200,
      body: [grant({}), grant({ id: "g-2", contractId: "c-2", contractTitle: "Another contract", userName: "Someone Else" }), grant({ id: "g-3", userName: "Ada Admin", accessLevel: "admin", canRevoke: false })],
    },
    ...routes,
  });
}

async function openManageAccess() {
  fireEvent.click(await screen.findByRole("button", { name: "Manage Access" }, wait));
  return screen.findByRole("dialog", { name: "Grant Contract Access" }, wait);
}

describe("Team Collaboration › Manage Access", () => {
  it("grants access on this contract to an active member, with the spec's toast, and refreshes the contract's people", async () => {
    const { calls } = api({
      "POST /api/team/contract-access": ({ body }) => ({
        status: 201,
        body: grant({ id: "g-9", ...(body as { userId: string; accessLevel: string }), userName: "Riley Chen" }),
      }),
    });
    renderWithProviders(<TeamCollaboration contract={makeContract({}, APPROVER_ABILITIES)} />);
    const dialog = await openManageAccess();

    // This contract, chosen already and alone.
    const contract = within(dialog).getByLabelText("Contract") as HTMLSelectElement;
    expect(contract.value).toBe("c-1");
    expect(Array.from(contract.options).map((o) => o.textContent)).toEqual(["EPC Agreement - Wapiti Ridge Gas Processing Plant"]);
    expect(calls.some((c) => c.path.startsWith("/api/contracts?") || c.path === "/api/contracts")).toBe(false);

    // Only members the API says may receive a grant (active, not admins, not oneself); read by default; Grant Access waits for a member.
    const memberSelect = within(dialog).getByLabelText("Team member") as HTMLSelectElement;
    await waitFor(() => expect(memberSelect.options.length).toBe(2), wait);
    expect(Array.from(memberSelect.options).map((o) => o.textContent)).toEqual(["Select a team member", "Riley Chen (riley@demo.test)"]);
    expect((within(dialog).getByLabelText("Access level") as HTMLSelectElement).value).toBe("read");
    const submit = screen.getByRole("button", { name: "Grant Access" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    // The current grants of this contract only, with Revoke where the server allows it.
    const current = await within(dialog).findByRole("list", { name: "Current grants" }, wait);
    const rows = within(current).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Riley Chen\s*Review/), expect.stringMatching(/^Ada Admin\s*Admin/)]);
    expect(within(rows[0]!).getByRole("button", { name: "Revoke Riley Chen's access to EPC Agreement - Wapiti Ridge Gas Processing Plant" })).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: /Revoke/ })).toBeNull();
    expect(within(dialog).queryByText("Someone Else")).toBeNull();

    fireEvent.change(memberSelect, { target: { value: "u-riley" } });
    fireEvent.change(within(dialog).getByLabelText("Access level"), { target: { value: "approve" } });
    const reviewerReads = calls.filter((c) => c.path === "/api/contracts/c-1/reviewers").length;
    fireEvent.click(submit);
    await waitFor(() => expect(currentToast()?.title).toBe("Access granted"), wait);
    expect(currentToast()?.description).toBe('Riley Chen now has approve access to "EPC Agreement - Wapiti Ridge Gas Processing Plant".');
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ contractId: "c-1", userId: "u-riley", accessLevel: "approve" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Grant Contract Access" })).toBeNull(), wait);
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/contracts/c-1/reviewers").length).toBeGreaterThan(reviewerReads), wait);
  });

  it("says 'Access failed' with the server's message, in a toast and in the dialog", async () => {
    api({ "POST /api/team/contract-access": { status: 403, body: { error: "forbidden", message: "You can grant access only to active members, and no higher than your own access to this contract." } } });
    renderWithProviders(<TeamCollaboration contract={makeContract({}, APPROVER_ABILITIES)} />);
    const dialog = await openManageAccess();
    const memberSelect = within(dialog).getByLabelText("Team member") as HTMLSelectElement;
    await waitFor(() => expect(memberSelect.options.length).toBe(2), wait);
    fireEvent.change(memberSelect, { target: { value: "u-riley" } });
    fireEvent.change(within(dialog).getByLabelText("Access level"), { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Grant Access" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Access failed", variant: "destructive" }), wait);
    expect(currentToast()?.description).toBe("You can grant access only to active members, and no higher than your own access to this contract.");
    const alert = await within(dialog).findByRole("alert", {}, wait);
    expect(alert.textContent).toContain("Access failed");
    expect(screen.getByRole("dialog", { name: "Grant Contract Access" })).toBeTruthy();
  });

  it("revokes a grant ('Access revoked'), and says 'Revoke failed' with the server's message", async () => {
    let granted = [grant({})];
    let refuse = false;
    const { calls } = api({
      "GET /api/team/contract-access": () => ({ status: 200, body: granted }),
      "DELETE /api/team/contract-access/g-1": () => {
        if (refuse) return { status: 403, body: { error: "forbidden", message: "You cannot revoke a grant above your own access to this contract." } };
        granted = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<TeamCollaboration contract={makeContract({}, APPROVER_ABILITIES)} />);
    const dialog = await openManageAccess();
    const revoke = await within(dialog).findByRole("button", { name: /^Revoke Riley Chen's access/ }, wait);

    refuse = true;
    fireEvent.click(revoke);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Revoke failed", description: "You cannot revoke a grant above your own access to this contract." }), wait);
    expect((await within(dialog).findByRole("alert", {}, wait)).textContent).toContain("Revoke failed");

    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: /^Revoke Riley Chen's access/ }));
    await waitFor(() => expect(currentToast()?.title).toBe("Access revoked"), wait);
    expect(within(dialog).getByRole("status").textContent).toBe("Riley Chen no longer has review access to this contract.");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/team/contract-access/g-1", "/api/team/contract-access/g-1"]);
    expect(await within(dialog).findByText(/No one has a grant on this contract/, {}, wait)).toBeTruthy();
  });

  it("is offered only when the server says this user may grant on this contract", async () => {
    // A reviewer's contract abilities hold no grantAccess.
    api({}, makeUser({ role: "reviewer" }));
    const { unmount } = renderWithProviders(<TeamCollaboration contract={makeContract({}, REVIEWER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Reviewers" }, wait);
    expect(screen.queryByRole("button", { name: "Manage Access" })).toBeNull();
    unmount();

    // grantAccess on the contract, but not the company-wide ability the grant routes require.
    api({}, makeUser({ role: "reviewer" }));
    renderWithProviders(<TeamCollaboration contract={makeContract({}, APPROVER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Reviewers" }, wait);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole("button", { name: "Manage Access" })).toBeNull();
  });
});
