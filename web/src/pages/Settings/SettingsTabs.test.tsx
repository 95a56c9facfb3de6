// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_NOTIFICATION_PREFERENCES, type SettingsRecord } from "@clausewise/shared";
import { currentToast } from "../../components/contract/testing";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

beforeEach(() => {
  // Radix switches inside a form measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };
const admin = makeUser({ role: "admin" }, ["settings.aiReview", "settings.company", "subscription.manage"]);
const reviewer = makeUser({ role: "reviewer" });

const record: SettingsRecord = {
  firstName: "Pat",
  lastName: "Morgan",
  email: "pat@example.com",
  emailVerified: true,
  pendingEmail: null,
  phone: null,
  jobTitle: null,
  companyName: "Northern EPC Ltd.",
  industry: null,
  companySize: null,
  address: null,
  province: null,
  website: null,
  emailDeadlines: true,
  emailAssignments: true,
  emailReports: false,
  inAppNotifications: true,
  reminderFrequency: "daily",
  timezone: "America/Toronto",
};

type Routes = Parameters<typeof fakeApi>[0];
function settingsApi(user = admin, extra: Routes = {}) {
  return fakeApi({
    "GET /api/auth/user": { status: 200, body: user },
    "GET /api/settings": { status: 200, body: record },
    "GET /api/settings/ai-review": { status: 200, body: { aiReviewEnabled: true } },
    "GET /api/settings/security/two-factor": { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 } },
    ...extra,
  });
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe("Settings › Profile", () => {
  it("shows the saved record, checks the spec's rules before sending, then saves: 'Profile Updated' and the user is refetched", async () => {
    const api = settingsApi(admin, {
      "PATCH /api/settings/profile": ({ body }) => ({ status: 200, body: { ...record, ...(body as object) } }),
    });
    renderApp("/settings");
    expect(await screen.findByRole("tab", { name: "Profile" }, wait)).toBeTruthy();
    expect((await screen.findByLabelText("First Name", {}, wait)) as HTMLInputElement).toHaveProperty("value", "Pat");

    fireEvent.change(input("First Name"), { target: { value: " " } });
    fireEvent.change(input("Email Address"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "PATCH")).toBe(false);

    fireEvent.change(input("First Name"), { target: { value: "Avery" } });
    fireEvent.change(input("Email Address"), { target: { value: "pat@example.com" } });
    fireEvent.change(input("Job Title"), { target: { value: "Contracts Manager" } });
    const userFetches = api.calls.filter((c) => c.path === "/api/auth/user").length;
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Profile Updated"), wait);
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ firstName: "Avery", lastName: "Morgan", email: "pat@example.com", phone: "", jobTitle: "Contracts Manager" });
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/auth/user").length).toBeGreaterThan(userFetches), wait);
  });

  it("a new e-mail address asks for the current password, shows the server's answer under it, then shows the address as pending", async () => {
    let attempt = 0;
    let saved = record;
    const api = settingsApi(admin, {
      "GET /api/settings": () => ({ status: 200, body: saved }),
      "PATCH /api/settings/profile": ({ body }) => {
        attempt += 1;
        if (attempt === 1) {
          return { status: 400, body: { error: "invalid_password", message: "Your current password is not correct.", fields: { currentPassword: "Your current password is not correct." } } };
        }
        saved = { ...record, pendingEmail: (body as { email: string }).email };
        return { status: 200, body: saved };
      },
    });
    renderApp("/settings");
    await screen.findByLabelText("Email Address", {}, wait);
    expect(screen.queryByLabelText("Current Password")).toBeNull();
    fireEvent.change(input("Email Address"), { target: { value: "pat.new@example.com" } });
    fireEvent.change(await screen.findByLabelText("Current Password"), { target: { value: "wrong-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Your current password is not correct.", { selector: "p" }, wait)).toBeTruthy();

    fireEvent.change(input("Current Password"), { target: { value: "the-right-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(currentToast()?.description).toBe("We sent a confirmation link to the new address. Your email address changes when you open it."), wait);
    const sent = api.calls.filter((c) => c.method === "PATCH").at(-1)?.body;
    expect(sent).toMatchObject({ email: "pat.new@example.com", currentPassword: "the-right-one" });
    expect(sent).not.toHaveProperty("code");
    expect(await screen.findByText(/Pending: pat\.new@example\.com/, {}, wait)).toBeTruthy();
    // The sign-in address in the form is the confirmed one again, so the password field goes away.
    expect(input("Email Address").value).toBe("pat@example.com");
    expect(screen.queryByLabelText("Current Password")).toBeNull();
  });

  it("shows 'Update Failed' with the server's message", async () => {
    settingsApi(admin, {
      "PATCH /api/settings/profile": { status: 409, body: { error: "email_taken", message: "An account with this email address already exists." } },
    });
    renderApp("/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Save Changes" }, wait));
    await waitFor(
      () => expect(currentToast()).toEqual({ title: "Update Failed", description: "An account with this email address already exists.", variant: "destructive" }),
      wait,
    );
  });
});

describe("Settings › Company", () => {
  it("requires name, industry and size, then saves: 'Company Settings Updated'", async () => {
    const api = settingsApi(admin, {
      "PATCH /api/settings/company": ({ body }) => ({ status: 200, body: { ...record, ...(body as object) } }),
    });
    renderApp("/settings?tab=company");
    await screen.findByLabelText("Company Name", {}, wait);
    fireEvent.change(input("Company Name"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Company name is required")).toBeTruthy();
    expect(screen.getByText("Industry is required")).toBeTruthy();
    expect(screen.getByText("Company size is required")).toBeTruthy();

    fireEvent.change(input("Company Name"), { target: { value: "Northern Pipe Ltd." } });
    fireEvent.change(screen.getByLabelText("Industry"), { target: { value: "mining" } });
    fireEvent.change(screen.getByLabelText("Company Size"), { target: { value: "11-50" } });
    fireEvent.change(screen.getByLabelText("Province or Territory"), { target: { value: "NS" } });
    // The company's time zone decides when its dates are over (issue 17).
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("America/Toronto");
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "America/Halifax" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Company Settings Updated"), wait);
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      companyName: "Northern Pipe Ltd.",
      industry: "mining",
      companySize: "11-50",
      address: null,
      province: "NS",
      website: null,
      timezone: "America/Halifax",
    });
  });

  it("is read-only for non-admins", async () => {
    settingsApi(reviewer);
    renderApp("/settings?tab=company");
    expect((await screen.findByLabelText("Company Name", {}, wait)).matches(":disabled")).toBe(true);
    expect(screen.getByText("Only administrators can change company settings.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
  });
});

describe("Settings › Notifications", () => {
  it("is the Notification Preferences form: no legacy switches, says which mail waits for the digest, saves to the one record", async () => {
    const api = settingsApi(reviewer, {
      "GET /api/notification-preferences": { status: 200, body: DEFAULT_NOTIFICATION_PREFERENCES },
      "PUT /api/notification-preferences": ({ body }) => ({ status: 200, body }),
    });
    renderApp("/settings?tab=notifications");
    const email = await screen.findByRole("region", { name: "Email Notifications" }, wait);
    expect(screen.queryByText("Weekly Reports")).toBeNull();
    expect(screen.queryByText("Legacy Notification Settings")).toBeNull();
    expect(within(email).getByText(/needs your approval\. Sent at once/)).toBeTruthy();
    expect(within(email).getByText(/Before review and approval deadlines\. Sent at once/)).toBeTruthy();
    expect(within(email).getByText(/is approved\. In your daily digest/)).toBeTruthy();
    fireEvent.click(within(email).getByRole("switch", { name: "Contract Assignments" }));
    const inApp = screen.getByRole("region", { name: "In-App Notifications" });
    fireEvent.click(within(inApp).getByRole("switch", { name: "Contract Assignments" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Preferences" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Notification Preferences Updated"), wait);
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, emailContractAssigned: false, inAppContractAssigned: false });
    expect(api.calls.some((c) => c.path === "/api/settings/notifications")).toBe(false);
  });
});

describe("Settings › Security", () => {
  it("asks 'Are you absolutely sure?' before deleting the account", async () => {
    const api = settingsApi(reviewer, { "DELETE /api/settings/account": { status: 204 } });
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("button", { name: "Delete Account" }, wait));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Are you absolutely sure?")).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Account Deleted"), wait);
    expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/settings/account"]);
  });

  it("shows 'Deletion Failed' with the server's message for a company's last admin", async () => {
    const message = "You are the last administrator of your company, so your account cannot be deleted.";
    settingsApi(admin, { "DELETE /api/settings/account": { status: 409, body: { error: "conflict", message } } });
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("button", { name: "Delete Account" }, wait));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete Account" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Deletion Failed", description: message, variant: "destructive" }), wait);
  });

  it("creates an API key and shows it once", async () => {
    const api = settingsApi(reviewer, {
      "GET /api/settings/security/api-keys": { status: 200, body: [] },
      "POST /api/settings/security/api-keys": {
        status: 201,
        body: { apiKey: { id: "k1", name: "Sync", prefix: "cw_abcdefg", scope: "contracts:write", createdAt: new Date().toISOString(), lastUsedAt: null }, key: "cw_abcdefg-full-secret" },
      },
    });
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("button", { name: "Manage Keys" }, wait));
    expect(await screen.findByText("You have no API keys.", {}, wait)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create Key" }));
    expect(await screen.findByText("Key name is required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Sync" } });
    // Read-only unless chosen otherwise.
    expect((screen.getByLabelText("Access") as HTMLSelectElement).value).toBe("read");
    fireEvent.change(screen.getByLabelText("Access"), { target: { value: "contracts:write" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Key" }));
    expect((await screen.findByTestId("new-api-key", {}, wait)).textContent).toBe("cw_abcdefg-full-secret");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Sync", scope: "contracts:write" });
  });

  it("lists each key with its scope", async () => {
    const createdAt = new Date().toISOString();
    settingsApi(reviewer, {
      "GET /api/settings/security/api-keys": {
        status: 200,
        body: [
          { id: "k1", name: "Dashboard", prefix: "cw_1111111", scope: "read", createdAt, lastUsedAt: null },
          { id: "k2", name: "Sync", prefix: "cw_2222222", scope: "contracts:write", createdAt, lastUsedAt: null },
        ],
      },
    });
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("button", { name: "Manage Keys" }, wait));
    const list = await screen.findByRole("list", { name: "API keys" }, wait);
    const items = within(list).getAllByRole("listitem");
    expect(within(items[0]!).getByText("Read-only")).toBeTruthy();
    expect(within(items[1]!).getByText("Read & write contracts")).toBeTruthy();
  });

  it("sets up two-factor sign-in: secret for the app, code, then recovery codes", async () => {
    const api = settingsApi(reviewer, {
      "POST /api/settings/security/two-factor/setup": { status: 200, body: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/ClauseWise:pat?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", qrCodeSvg: '<svg viewBox="0 0 29 29"><path d="M1 1h7"/></svg>' } },
      "POST /api/settings/security/two-factor/enable": { status: 200, body: { recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"] } },
    });
    renderApp("/settings?tab=security");
    fireEvent.click(await screen.findByRole("button", { name: "Configure" }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Set Up Two-Factor Authentication" }, wait));
    expect((await screen.findByTestId("totp-secret", {}, wait)).textContent).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    const qr = screen.getByRole("img", { name: "QR code to add ClauseWise to your authenticator app" });
    expect(decodeURIComponent(qr.getAttribute("src")!.split(",")[1]!)).toBe('<svg viewBox="0 0 29 29"><path d="M1 1h7"/></svg>');
    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and Turn On" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" }, wait);
    expect(within(codes).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    expect(api.calls.find((c) => c.path.endsWith("/enable"))?.body).toEqual({ code: "123456" });
  });
});

describe("Settings › Billing", () => {
  it("shows the spec's default 'Starter Plan' at 99 per month when nothing is loaded, and no made-up card or payments", async () => {
    settingsApi(admin);
    renderApp("/settings?tab=billing");
    expect(await screen.findByText("Starter Plan", {}, wait)).toBeTruthy();
    expect(screen.getByTestId("plan-amount").textContent).toBe("$99");
    expect(screen.queryByText(/ending in 4242/)).toBeNull();
    expect(screen.queryAllByText("$99.00")).toHaveLength(0);
  });

  it("shows the billing summary when the server answers it", async () => {
    settingsApi(admin, {
      "GET /api/billing/summary": {
        status: 200,
        body: {
          plan: "professional",
          planName: "Professional",
          amount: 29900,
          currency: "CAD",
          status: "active",
          cancelAtPeriodEnd: false,
          currentPeriodEnd: null,
          billingMode: "manual",
          paymentMethod: null,
          history: [{ id: "e1", eventType: "payment_received", description: "Payment received", amount: 29900, createdAt: "2026-02-01T12:00:00Z" }],
        },
      },
    });
    renderApp("/settings?tab=billing");
    expect(await screen.findByText("Professional Plan", {}, wait)).toBeTruthy();
    expect(screen.getByTestId("plan-amount").textContent).toBe("$299");
    expect(screen.getByText("Payment received")).toBeTruthy();
    expect(screen.queryByText("Visa ending in 4242")).toBeNull();
  });

  it("lists invoices with their tax and downloads; manual billing says a card update does not apply", async () => {
    const api = settingsApi(admin, {
      "GET /api/billing/summary": {
        status: 200,
        body: { plan: "professional", planName: "Professional", amount: 29900, currency: "CAD", status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: null, billingMode: "manual", paymentMethod: null, history: [] },
      },
      "GET /api/billing/invoices": {
        status: 200,
        body: {
          billingMode: "manual",
          invoices: [
            { id: "i1", source: "clausewise", number: "CW-1A2B3C4D-00001", issuedAt: "2026-02-01T12:00:00Z", description: "ClauseWise Professional plan, 2026-02-01 to 2026-03-01", subtotal: 29900, tax: 3887, taxLabel: "HST 13%", total: 33787, currency: "CAD", status: "paid", invoiceUrl: "/api/billing/invoices/i1/pdf", receiptUrl: "/api/billing/invoices/i1/pdf?kind=receipt" },
          ],
        },
      },
    });
    renderApp("/settings?tab=billing");
    const list = await screen.findByRole("list", { name: "Invoices" }, wait);
    expect(within(list).getByText(/HST 13% \$38\.87/)).toBeTruthy();
    expect(within(list).getByText("$337.87")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Download invoice CW-1A2B3C4D-00001" })).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Download receipt CW-1A2B3C4D-00001" })).toBeTruthy();
    expect(screen.getByText(/Card updates do not apply/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update" })).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/billing/invoices")).toBe(true);
  });
});
