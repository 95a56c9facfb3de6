// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useToastStore } from "./stores/toast";
import { fakeApi, setSignedInHint, signedOut } from "./test/fake-api";
import { makeUser } from "./test/fixtures";
import { renderApp, resetBetweenPageTests } from "./test/render-app";

// Pages are lazy modules (Analytics brings its chart library): generous on a loaded machine.
const wait = { timeout: 15_000 };

/** A contract as GET /api/contracts lists it. */
const contract = {
  id: "c-1",
  title: "Pipeline EPC Agreement",
  client: "Prairie Midstream Inc.",
  status: "under_review",
  priority: "medium",
  contractType: "construction",
  version: 2,
  updatedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
  createdAt: new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString(),
  reviewDeadline: null,
  approvalDeadline: null,
  reviewerId: null,
  risk: null,
};

resetBetweenPageTests();

describe("signed out", () => {
  it("shows the landing page at /", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Secure Contract Review for EPC Companies" }, wait)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Built for EPC Professionals" })).toBeTruthy();
    for (const title of ["AI Contract Analysis", "Team Collaboration", "Security & Privacy"]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    for (const benefit of ["EPC Industry Expertise", "Role-Based Access Control", "AI-Powered Q&A", "No Permanent Storage"]) {
      expect(screen.getByText(benefit)).toBeTruthy();
    }
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Get Started/ })).toBeTruthy();
    expect(screen.getByText(/not legal advice/)).toBeTruthy();
  });

  it("makes the exact privacy promise: the original only with consent, the text until the contract is erased", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Secure Contract Review for EPC Companies" }, wait);
    const page = document.body.textContent ?? "";
    expect(page).toContain("The original file is stored only if you consent at upload. The text you review is kept while the contract exists and erased with it");
    // Nothing may promise that contracts (rather than original files) are not stored.
    expect(page).not.toMatch(/contracts are not stored|no permanent storage of your/i);
    cleanup();
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/terms");
    await screen.findByRole("heading", { name: /Your contracts/ }, wait);
    const terms = document.body.textContent ?? "";
    expect(terms).toContain("The original file you upload is stored only if you give storage consent at upload.");
    expect(terms).toContain("is kept while the contract exists");
    expect(terms).toContain("Deleting a contract erases all of it");
    expect(terms).not.toMatch(/not stored permanently/i);
  });

  it("answers any other path with the not-found screen", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" }, wait)).toBeTruthy();
  });

  it("sends an e-mailed deep link through sign-in and back to it, asking nothing of the API first", async () => {
    let signedIn = false;
    const { calls } = fakeApi({
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: makeUser() } : signedOut),
      "POST /api/auth/login": () => {
        signedIn = true;
        return { status: 200, body: { user: makeUser() } };
      },
      "GET /api/contracts": { status: 200, body: [] },
    });
    setSignedInHint(false); // a browser that holds no session
    renderApp("/settings?tab=security#password");
    const email = await screen.findByLabelText("Email", undefined, wait);
    expect(calls.some((c) => c.path === "/api/auth/user")).toBe(false);
    fireEvent.change(email, { target: { value: "admin@demo.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "demo-password" } });
    setSignedInHint(true); // what the sign-in response sets
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, wait)).toBeTruthy();
  });

  it("signs in and continues to the `next` page", async () => {
    let signedIn = false;
    const { calls } = fakeApi({
      "GET /api/auth/config": {
        status: 200,
        body: {
          demoMode: true,
          demoUsers: [
            { email: "admin@demo.test", role: "admin" },
            { email: "approver@demo.test", role: "approver" },
            { email: "reviewer@demo.test", role: "reviewer" },
          ],
          demoPassword: "demo-password",
          sso: false,
          rememberDays: 30,
        },
      },
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: makeUser() } : signedOut),
      "POST /api/auth/login": ({ body }) => {
        const { password } = body as { password: string };
        if (password !== "demo-password") return { status: 401, body: { error: "invalid_credentials", message: "Invalid email or password." } };
        signedIn = true;
        return { status: 200, body: { user: makeUser() } };
      },
      "GET /api/contracts": { status: 200, body: [] },
    });
    renderApp("/login?next=%2Fsettings");

    const email = await screen.findByLabelText("Email", undefined, wait);
    fireEvent.change(email, { target: { value: "admin@demo.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password.");

    fireEvent.click(await screen.findByRole("button", { name: /reviewer@demo\.test/ }));
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("reviewer@demo.test");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("demo-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, wait)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/auth/login").at(-1)?.body).toEqual({
      email: "reviewer@demo.test",
      password: "demo-password",
      remember: false,
    });
  });

  it("validates the sign-up form before sending it", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/signup");
    fireEvent.change(await screen.findByLabelText("Password", undefined, wait), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByText("First name is required")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/signup")).toBe(false);
  });
});

describe("verify email", () => {
  it("fails at once without a token", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/verify-email");
    expect(await screen.findByRole("heading", { name: "Verification Failed" }, wait)).toBeTruthy();
    expect(screen.getByText("No verification token provided")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend Email" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend Verification Email" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/auth/verify-email")).toBe(false);
  });

  it("confirms a valid token once", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/verify-email": {
        status: 200,
        body: { success: true, user: { id: "u", email: "pat@example.com", firstName: "Pat" } },
      },
    });
    renderApp("/verify-email?token=abc");
    expect(await screen.findByRole("heading", { name: "Email Verified!" }, wait)).toBeTruthy();
    expect(screen.getByText("Welcome, Pat!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to Dashboard" }).hasAttribute("disabled")).toBe(false);
    expect(calls.filter((c) => c.path === "/api/auth/verify-email")).toEqual([
      { method: "POST", path: "/api/auth/verify-email", body: { token: "abc" } },
    ]);
  });

  it("offers a new link when the token expired", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/verify-email": {
        status: 410,
        body: { error: "token_expired", message: "This verification link has expired." },
      },
      "POST /api/auth/resend-verification": { status: 200, body: { success: true } },
    });
    renderApp("/verify-email?token=old");
    expect(await screen.findByRole("heading", { name: "Verification Failed" }, wait)).toBeTruthy();
    expect(screen.getByText("This verification link has expired.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resend Verification Email" }));
    expect(await screen.findByText("Verification Email Sent")).toBeTruthy();
  });
});

describe("signed in", () => {
  it("shows the dashboard with the contract list", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) },
      "GET /api/contracts": { status: 200, body: [contract] },
      "GET /api/notifications/unread-count": { status: 200, body: { count: 150 } },
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Contract Review Dashboard" }, wait)).toBeTruthy();
    expect(screen.getByText("Manage and review EPC contracts securely")).toBeTruthy();
    expect(screen.getByText("Privacy Protected")).toBeTruthy();

    const list = await screen.findByRole("region", { name: "Active Contracts" }, wait);
    const item = await within(list).findByRole("link", { name: /Pipeline EPC Agreement/ });
    expect(item.getAttribute("href")).toBe("/contracts/c-1");
    const row = item.closest("tr")!;
    expect(within(row).getByText("Prairie Midstream Inc.")).toBeTruthy();
    expect(within(row).getByText("Under Review")).toBeTruthy();
    expect(within(row).getByText("v2")).toBeTruthy();
    expect(within(row).getByText("about 3 hours ago")).toBeTruthy();
    expect(screen.getByPlaceholderText("Search contracts...")).toBeTruthy();
    // The empty "Select a contract" pane is gone (issue 17 item 5, docs/DECISIONS.md).
    expect(screen.queryByText("Select a contract to review")).toBeNull();
    expect(await screen.findByText("99+")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/pricing");
    // A reviewer may not manage the subscription: no button that would lead to "Access Restricted".
    expect(screen.queryByRole("link", { name: "Subscription" })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/api/contracts?") && c.path.includes("limit=25"))).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Admin Only" }));
    expect(await screen.findByText("Access Restricted")).toBeTruthy();
    expect(screen.getByText("Only administrators can upload contracts")).toBeTruthy();
  });

  it("offers the Subscription button to those who manage it", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "admin" }, ["subscription.manage"]) },
      "GET /api/contracts": { status: 200, body: [contract] },
    });
    renderApp("/");
    expect((await screen.findByRole("link", { name: "Subscription" }, wait)).getAttribute("href")).toBe("/subscription");
  });

  it("searches on the server after the user stops typing", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": ({ url }) => ({ status: 200, body: url.searchParams.get("search") ? [] : [contract] }),
    });
    renderApp("/");
    const search = await screen.findByRole("searchbox", { name: "Search contracts" }, wait);
    fireEvent.change(search, { target: { value: "wind farm" } });
    expect(await screen.findByText("No contracts found", undefined, wait)).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain("/api/contracts?search=wind+farm&sort=-updated&limit=25");
  });

  it("tolerates the missing unread-count route", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": { status: 200, body: [] },
    });
    renderApp("/");
    expect(await screen.findByText("No contracts yet", undefined, wait)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it("asks unverified users to verify and resends the link", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ emailVerified: false }) },
      "GET /api/auth/verification-status": { status: 200, body: { emailVerified: false, email: "pat@example.com" } },
      "POST /api/auth/resend-verification": { status: 429, body: { error: "rate_limited", message: "Please wait a minute." } },
      "GET /api/contracts": { status: 200, body: [] },
    });
    renderApp("/");
    const banner = await screen.findByRole("region", { name: "Email verification" }, wait);
    fireEvent.click(within(banner).getByRole("button", { name: "Resend verification email" }));
    expect(await screen.findByText("Please wait a minute.")).toBeTruthy();
  });

  it("restricts pages by ability", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) } });
    renderApp("/team");
    expect(await screen.findByRole("heading", { name: "Access Restricted" }, wait)).toBeTruthy();
    expect(screen.getByText("Only administrators can access team management.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/");
  });

  it("shows 'Access Denied' on billing administration without the ability", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) } });
    renderApp("/billing-admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" }, wait)).toBeTruthy();
  });

  it("opens every page of the route table", async () => {
    const admin = makeUser({ role: "admin" }, ["team.manage", "analytics.view", "billing.admin", "subscription.manage"]);
    const pages: [string, string][] = [
      ["/team", "Team Management"],
      ["/analytics", "Analytics Dashboard"],
      ["/billing-admin", "Billing Administration"],
      ["/settings", "Settings"],
      ["/jurisdictional-analysis", "Jurisdictional Analysis"],
      ["/pricing", "Pricing"],
      ["/subscription", "Subscription Management"],
      ["/terms", "Terms of Service"],
      ["/support", "Support"],
      ["/notification-preferences", "Notification Preferences"],
    ];
    for (const [path, title] of pages) {
      fakeApi({ "GET /api/auth/user": { status: 200, body: admin } });
      renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: title }, wait)).toBeTruthy();
      expect(screen.queryByText("Access Restricted")).toBeNull();
      cleanup();
    }
  });

  it("answers unknown paths with the not-found screen", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser() } });
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" }, wait)).toBeTruthy();
  });

  it("sends /login on to the dashboard", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": { status: 200, body: [] },
    });
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Contract Review Dashboard" }, wait)).toBeTruthy();
  });

  it("shows a contract's text without its markup", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts/c-1": {
        status: 200,
        body: {
          ...contract,
          content: '<h2>Payment</h2><p>Pay within <b>28 days</b>.</p><img src="x" onerror="alert(1)">',
          storageConsent: false,
          hasOriginalFile: false,
          fileName: null,
          abilities: {},
        },
      },
    });
    const { container } = renderApp("/contracts/c-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Pipeline EPC Agreement" }, wait)).toBeTruthy();
    const article = screen.getByRole("article", { name: "Contract text" });
    expect(within(article).getByText("Pay within 28 days.")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("v2")).toBeTruthy();
  });

  it("reports a missing contract", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser() } });
    renderApp("/contracts/nope");
    expect(await screen.findByRole("heading", { name: "Contract not found" }, wait)).toBeTruthy();
  });

  it("signs in again when the session ends", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": signedOut,
    });
    const { onSessionEnded } = renderApp("/");
    expect(await screen.findByText("You are logged out. Logging in again...", undefined, wait)).toBeTruthy();
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
  });
});
