// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AuditEvent } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();
const wait = { timeout: 5000 };
const admin = makeUser({ role: "admin" }, ["audit.view", "team.manage"]);

const event = (id: string, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  createdAt: "2026-03-02T15:04:00.000Z",
  action: "user.change_role",
  actionLabel: "Changed a member's role",
  actor: { id: "u-1", name: "Ada Admin", email: "ada@example.com" },
  contract: null,
  details: "Riley Reviewer; Reviewer → Approver",
  ...overrides,
});

const members = [
  { id: "u-1", firstName: "Ada", lastName: "Admin", email: "ada@example.com", role: "admin", isActive: true, createdAt: "2026-01-01T00:00:00.000Z", abilities: { changeRole: false, deactivate: false, reactivate: false, receiveGrant: false } },
  { id: "u-2", firstName: "Riley", lastName: "Reviewer", email: "riley@example.com", role: "reviewer", isActive: false, createdAt: "2026-01-01T00:00:00.000Z", abilities: { changeRole: false, deactivate: false, reactivate: true, receiveGrant: false } },
];

describe("Audit Log page", () => {
  it("is closed to non-admins and requests nothing", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) } });
    renderApp("/audit-log");
    expect(await screen.findByText("Only administrators can view the audit log.", undefined, wait)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/audit-events"))).toBe(false);
  });

  it("lists events in words, filters them on the server, and loads more pages", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: admin },
      "GET /api/team/members": { status: 200, body: members },
      "GET /api/contracts": { status: 200, body: [] },
      "GET /api/audit-events": ({ url }) => {
        if (url.searchParams.get("cursor") === "next") return { status: 200, body: { events: [event("e-3", { actionLabel: "Signed in", action: "auth.login", details: "Password" })], nextCursor: null } };
        if (url.searchParams.get("action") === "contract.delete") {
          return { status: 200, body: { events: [event("e-9", { action: "contract.delete", actionLabel: "Deleted a contract", contract: { id: "c-1", title: null }, details: "" })], nextCursor: null } };
        }
        return { status: 200, body: { events: [event("e-1"), event("e-2", { actor: { id: null, name: "ClauseWise operator", email: null }, actionLabel: "Recorded a payment", details: "$120.50" })], nextCursor: "next" } };
      },
    });
    renderApp("/audit-log");
    const table = await screen.findByRole("table", { name: "Audit events" }, wait);
    expect(within(table).getByText("Riley Reviewer; Reviewer → Approver")).toBeTruthy();
    expect(within(table).getByText("ClauseWise operator")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Signed in", undefined, wait);
    expect(calls.some((c) => c.path === "/api/audit-events?cursor=next")).toBe(true);

    // A deactivated member can still be chosen: their past actions stay in the log.
    expect(screen.getByRole("option", { name: "Riley Reviewer (deactivated)" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "contract.delete" } });
    expect(await screen.findByText("Deleted contract", undefined, wait)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-01" } });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith("/api/audit-events?action=contract.delete&from="))).toBe(true), wait);
    const from = new URL(calls.findLast((c) => c.path.includes("from="))!.path, "http://x").searchParams.get("from")!;
    // The start of 1 March on the viewer's clock.
    expect(new Date(from).getTime()).toBe(new Date(2026, 2, 1).getTime());
  });

  it("says so when nothing matches, and shows the server's message for a bad filter", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: admin },
      "GET /api/team/members": { status: 200, body: members },
      "GET /api/contracts": { status: 200, body: [] },
      "GET /api/audit-events": ({ url }) =>
        url.searchParams.get("to")
          ? { status: 400, body: { error: "validation_failed", message: "to: The start date must be on or before the end date." } }
          : { status: 200, body: { events: [], nextCursor: null } },
    });
    renderApp("/audit-log");
    expect(await screen.findByText("No events match these filters.", undefined, wait)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-01" } });
    expect(await screen.findByText("to: The start date must be on or before the end date.", undefined, wait)).toBeTruthy();
  });
});
