// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AdminCompany, AdminCompanyDetail } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import { amountError } from "./ActionDialogs";

const wait = { timeout: 5000 };
const operator = makeUser({ role: "reviewer", isPlatformAdmin: true }, ["billing.admin"]);
const lastToast = () => useToastStore.getState().toasts[0];

const MANAGE = { suspend: true, reactivate: false, recordPayment: true };
const ACME: AdminCompany = {
  id: "c-acme",
  name: "Acme Energy Inc.",
  subscriptionPlan: "professional",
  accountStatus: "active",
  suspendedReason: null,
  paymentOverdueDays: 12,
  createdAt: "2026-01-15T12:00:00.000Z",
  lastPaymentDate: "2026-09-01T12:00:00.000Z",
  nextPaymentDue: "2026-10-01T12:00:00.000Z",
  adminNotes: null,
  abilities: MANAGE,
};
const BOREAL: AdminCompany = { ...ACME, id: "c-boreal", name: "Boreal Mining Ltd.", accountStatus: "suspended", paymentOverdueDays: 0, suspendedReason: "Unpaid", abilities: { suspend: false, reactivate: true, recordPayment: true } };

const detailOf = (company: AdminCompany, events: AdminCompanyDetail["billingEvents"] = []): AdminCompanyDetail => ({
  company,
  adminUser: { id: "u-1", firstName: "Dana", lastName: "Fox", email: "dana@acme.test" },
  billingEvents: events,
});

function routes(extra: Record<string, { status: number; body?: unknown }> = {}) {
  return {
    "GET /api/auth/user": { status: 200, body: operator },
    "GET /api/admin/companies": { status: 200, body: [ACME, BOREAL] },
    "GET /api/admin/companies/c-acme": {
      status: 200,
      body: detailOf(ACME, [{ id: "e1", eventType: "payment_received", createdAt: "2026-09-01T12:00:00.000Z", amount: 123456, adminNotes: "Cheque", emailSent: true }]),
    },
    "GET /api/admin/companies/c-boreal": { status: 200, body: detailOf(BOREAL) },
    ...extra,
  };
}

beforeEach(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe("billing administration", () => {
  it("is closed without the ability, with 'Access Denied', and reads nothing", async () => {
    const { calls } = fakeApi({ ...routes(), "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) } });
    renderApp("/billing-admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" }, wait)).toBeTruthy();
    expect(screen.getByText("Admin access is needed to view billing management.")).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/admin/"))).toBe(false);
  });

  it("lists companies in a 24rem scroll area and shows the selected one with its events in CAD", async () => {
    fakeApi(routes());
    renderApp("/billing-admin");
    const list = await screen.findByRole("list", { name: "Companies" }, wait);
    expect(list.className).toContain("max-h-[24rem]");
    expect(within(list).getByText("12d Overdue")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: /Acme Energy Inc\./ }));
    expect(await screen.findByText("$1,234.56", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Payment received")).toBeTruthy();
    expect(screen.getByText(/dana@acme\.test/)).toBeTruthy();
    expect(screen.getByText("Oct 1, 2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Suspend" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reactivate" })).toBeNull();

    fireEvent.click(within(list).getByRole("button", { name: /Boreal Mining Ltd\./ }));
    expect(await screen.findByText("No billing events recorded", undefined, wait)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reactivate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Suspend" })).toBeNull();
  });

  it("suspends only with a reason, then toasts and refreshes the list and the company", async () => {
    const { calls } = fakeApi(routes({ "POST /api/admin/companies/c-acme/suspend": { status: 200, body: detailOf({ ...ACME, accountStatus: "suspended" }) } }));
    renderApp("/billing-admin");
    fireEvent.click(await screen.findByRole("button", { name: /Acme Energy Inc\./ }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Suspend" }, wait));
    const dialog = await screen.findByRole("dialog", undefined, wait);
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend Account" }));
    expect(await within(dialog).findByText("A reason is required to suspend an account.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    const listReads = calls.filter((c) => c.path === "/api/admin/companies").length;
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Unpaid invoices" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend Account" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Company account suspended successfully"), wait);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ reason: "Unpaid invoices" });
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/admin/companies").length).toBeGreaterThan(listReads), wait);
    expect(calls.filter((c) => c.path === "/api/admin/companies/c-acme").length).toBeGreaterThan(1);
  });

  it("records a payment in dollars and shows the server's message as an 'Error' toast on failure", async () => {
    const { calls } = fakeApi(
      routes({ "POST /api/admin/companies/c-acme/record-payment": { status: 409, body: { error: "conflict", message: "The company was changed meanwhile." } } }),
    );
    renderApp("/billing-admin");
    fireEvent.click(await screen.findByRole("button", { name: /Acme Energy Inc\./ }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Record Payment" }, wait));
    const dialog = await screen.findByRole("dialog", undefined, wait);
    const amount = within(dialog).getByLabelText("Amount (CAD)");
    expect(amount.getAttribute("step")).toBe("0.01");
    fireEvent.change(amount, { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record Payment" }));
    expect(await within(dialog).findByText("Amount must be a number above 0.")).toBeTruthy();

    fireEvent.change(amount, { target: { value: "299.5" } });
    fireEvent.change(within(dialog).getByLabelText("Notes (optional)"), { target: { value: "Wire" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record Payment" }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: "Error", description: "The company was changed meanwhile.", variant: "destructive" }), wait);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ amount: 299.5, notes: "Wire" });
  });

  it("reactivates and processes overdue accounts with the spec's toasts", async () => {
    fakeApi(
      routes({
        "POST /api/admin/companies/c-boreal/reactivate": { status: 200, body: detailOf({ ...BOREAL, accountStatus: "active" }) },
        "POST /api/admin/process-overdue": { status: 200, body: { checked: 2, markedOverdue: 1, suspended: 0 } },
      }),
    );
    renderApp("/billing-admin");
    fireEvent.click(await screen.findByRole("button", { name: /Boreal Mining Ltd\./ }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Reactivate" }, wait));
    fireEvent.click(within(await screen.findByRole("dialog", undefined, wait)).getByRole("button", { name: "Reactivate Account" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Company account reactivated successfully"), wait);

    fireEvent.click(screen.getByRole("button", { name: "Process Overdue Accounts" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Overdue accounts processed successfully"), wait);
  });

  it("shows a company admin their own company without operator actions", async () => {
    fakeApi(
      routes({
        "GET /api/auth/user": { status: 200, body: makeUser({ role: "admin" }, ["billing.admin"]) },
        "GET /api/admin/companies": { status: 200, body: [{ ...ACME, abilities: { suspend: false, reactivate: false, recordPayment: false } }] },
        "GET /api/admin/companies/c-acme": { status: 200, body: detailOf({ ...ACME, abilities: { suspend: false, reactivate: false, recordPayment: false } }) },
      }),
    );
    renderApp("/billing-admin");
    // Their one company opens without a click.
    expect(await screen.findByText("No billing events recorded", undefined, wait)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Process Overdue Accounts" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Suspend" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Record Payment" })).toBeNull();
  });
});

describe("amountError", () => {
  it.each([
    ["", "Amount must be a number above 0."],
    ["-1", "Amount must be a number above 0."],
    ["abc", "Amount must be a number above 0."],
    ["1.005", "Amount must be in whole cents (steps of 0.01)."],
    ["0.01", undefined],
    ["1234.5", undefined],
  ])("%j → %j", (raw, expected) => {
    expect(amountError(raw)).toBe(expected);
  });
});
