// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeApi, signedOut } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();

const wait = { timeout: 5000 };
const preview = { email: "new@example.com", role: "approver", companyName: "Northern EPC Ltd.", expiresAt: "2026-12-01T12:00:00.000Z" };

describe("Accept invitation (/invite?token=…)", () => {
  it("shows who invited whom, then creates the account with name and password", async () => {
    let signedIn = false;
    const api = fakeApi({
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: makeUser({ email: preview.email }) } : signedOut),
      "POST /api/invitations/lookup": { status: 200, body: preview },
      "POST /api/invitations/accept": () => {
        signedIn = true;
        return { status: 201, body: { user: {} } };
      },
    });
    renderApp("/invite?token=tok-123");
    expect(await screen.findByRole("heading", { name: "Join Northern EPC Ltd." }, wait)).toBeTruthy();
    expect(screen.getByText("new@example.com")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/invitations/accept")).toBe(false);

    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Nadia" } });
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Okafor" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a-strong-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/invitations/accept")).toHaveLength(1), wait);
    expect(api.calls.find((c) => c.path === "/api/invitations/accept")!.body).toEqual({
      token: "tok-123",
      firstName: "Nadia",
      lastName: "Okafor",
      password: "a-strong-password",
    });
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/auth/user").length).toBeGreaterThan(1), wait);
    // The company's name ends with a full stop: the sentence gets no second one.
    expect(await screen.findByText("You joined Northern EPC Ltd.", {}, wait)).toBeTruthy();
  });

  it("an expired or used link says so", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/invitations/lookup": { status: 410, body: { error: "token_expired", message: "This invitation has expired. Please ask your administrator to send a new one." } },
    });
    renderApp("/invite?token=old");
    expect(await screen.findByText("This invitation has expired. Please ask your administrator to send a new one.", {}, wait)).toBeTruthy();
  });

  it("tells a user signed in to another company clearly, and does not look the token up", async () => {
    const api = fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser({ companyName: "Other Co." }) } });
    renderApp("/invite?token=tok-123");
    expect(await screen.findByRole("heading", { name: "You are already signed in" }, wait)).toBeTruthy();
    const text = screen.getByText(/of/, { selector: "p" }).textContent;
    expect(text).toContain("keep working in Other Co.");
    expect(text).not.toContain("..");
    expect(screen.getByRole("button", { name: "Sign out and accept" })).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/invitations/lookup")).toBe(false);
  });
});
