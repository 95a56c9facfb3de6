// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { currentToast } from "../../components/contract/testing";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };
const admin = makeUser({ role: "admin" }, ["settings.aiReview", "settings.company"]);

function settingRoutes(enabled: boolean, patch: (body: unknown) => { status: number; body?: unknown }) {
  return fakeApi({
    "GET /api/auth/user": { status: 200, body: admin },
    "GET /api/settings/ai-review": { status: 200, body: { aiReviewEnabled: enabled } },
    "PATCH /api/settings/ai-review": ({ body }) => patch(body),
  });
}

describe("Settings › Security: AI Contract Analysis", () => {
  it("lets an admin turn AI contract analysis off: 'AI Review Setting Updated'", async () => {
    const api = settingRoutes(true, (body) => ({ status: 200, body: { aiReviewEnabled: (body as { enabled: boolean }).enabled } }));
    renderApp("/settings?tab=security");
    const toggle = await screen.findByRole("switch", { name: "AI Contract Analysis" }, wait);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(currentToast()).toEqual({ title: "AI Review Setting Updated", description: "AI contract analysis has been disabled.", variant: undefined }), wait);
    expect(api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ enabled: false }]);
    expect(screen.getByRole("switch", { name: "AI Contract Analysis" }).getAttribute("aria-checked")).toBe("false");
  });

  it("says it has been enabled when turned on", async () => {
    settingRoutes(false, () => ({ status: 200, body: { aiReviewEnabled: true } }));
    renderApp("/settings?tab=security");
    const toggle = await screen.findByRole("switch", { name: "AI Contract Analysis" }, wait);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    await waitFor(() => expect(currentToast()?.description).toBe("AI contract analysis has been enabled."), wait);
  });

  it("keeps the switch where it was and shows 'Update Failed' with the server's message", async () => {
    settingRoutes(true, () => ({ status: 403, body: { error: "forbidden", message: "Only administrators can change the AI Contract Analysis setting." } }));
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("switch", { name: "AI Contract Analysis" }, wait));
    await waitFor(
      () => expect(currentToast()).toEqual({ title: "Update Failed", description: "Only administrators can change the AI Contract Analysis setting.", variant: "destructive" }),
      wait,
    );
    expect(screen.getByRole("switch", { name: "AI Contract Analysis" }).getAttribute("aria-checked")).toBe("true");
  });

  it("is not shown to non-admins, nor asked for", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) },
      "GET /api/settings/ai-review": { status: 200, body: { aiReviewEnabled: true } },
    });
    renderApp("/settings?tab=security");
    expect(await screen.findByRole("tab", { name: "Security" }, wait)).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.queryByText("AI Contract Analysis")).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/settings/ai-review")).toBe(false);
  });
});

describe("Settings › Company: erase contracts after approval", () => {
  // A Radix switch inside a form measures its hidden input; jsdom has no ResizeObserver.
  beforeEach(() =>
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  );

  it("is off by default; an admin turns it on with a number of days: 'Retention Updated'", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: admin },
      "GET /api/settings/retention": { status: 200, body: { retentionDays: null } },
      "PATCH /api/settings/retention": ({ body }) => ({ status: 200, body }),
    });
    renderApp("/settings?tab=company");
    const toggle = await screen.findByRole("switch", { name: "Erase contracts after approval" }, wait);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByLabelText("Days after approval")).toBeNull();
    fireEvent.click(toggle);
    const days = await screen.findByLabelText("Days after approval");
    fireEvent.change(days, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Retention" }));
    expect(await screen.findByText("Keep approved contracts for at least 1 day.")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.change(days, { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Retention" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Retention Updated", description: "Contracts are erased 90 days after their approval.", variant: undefined }), wait);
    expect(api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ retentionDays: 90 }]);
  });

  it("is not shown to non-admins, nor asked for", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) },
      "GET /api/settings/retention": { status: 200, body: { retentionDays: 30 } },
    });
    renderApp("/settings?tab=company");
    expect(await screen.findByRole("tab", { name: "Company" }, wait)).toBeTruthy();
    expect(screen.queryByText("Erase contracts after approval")).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/settings/retention")).toBe(false);
  });
});

describe("Settings › Company: approval by one person alone (issue 17)", () => {
  it("is off by default; an admin turns it on: 'Approval Settings Updated'", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: admin },
      "GET /api/settings/approvals": { status: 200, body: { allowSingleApprover: false } },
      "PATCH /api/settings/approvals": ({ body }) => ({ status: 200, body }),
    });
    renderApp("/settings?tab=company");
    const toggle = await screen.findByRole("switch", { name: "Allow one person to approve a contract alone" }, wait);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    await waitFor(
      () => expect(currentToast()).toEqual({ title: "Approval Settings Updated", description: "One person may now clear Legal, Finance and Final Approval alone.", variant: undefined }),
      wait,
    );
    expect(api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ allowSingleApprover: true }]);
    expect(screen.getByRole("switch", { name: "Allow one person to approve a contract alone" }).getAttribute("aria-checked")).toBe("true");
  });

  it("shows the server's refusal as a toast and keeps the switch where it was", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: admin },
      "GET /api/settings/approvals": { status: 200, body: { allowSingleApprover: true } },
      "PATCH /api/settings/approvals": { status: 403, body: { error: "forbidden", message: "Only administrators can change who may approve contracts." } },
    });
    renderApp("/settings?tab=company");
    const toggle = await screen.findByRole("switch", { name: "Allow one person to approve a contract alone" }, wait);
    fireEvent.click(toggle);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Update Failed", variant: "destructive" }), wait);
    expect(currentToast()?.description).toContain("Only administrators can change who may approve contracts.");
    await waitFor(() => expect(screen.getByRole("switch", { name: "Allow one person to approve a contract alone" }).getAttribute("aria-checked")).toBe("true"), wait);
  });

  it("is not shown to non-admins, nor asked for", async () => {
    const api = fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) } });
    renderApp("/settings?tab=company");
    expect(await screen.findByRole("tab", { name: "Company" }, wait)).toBeTruthy();
    expect(screen.queryByText("Allow one person to approve a contract alone")).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/settings/approvals")).toBe(false);
  });
});
