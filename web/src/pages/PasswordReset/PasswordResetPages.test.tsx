// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { PASSWORD_RESET_MESSAGES } from "@clausewise/shared";
import { fakeApi, signedOut } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wait = { timeout: 5000 };
const base = {
  "GET /api/auth/config": { status: 200, body: { demoMode: false, demoUsers: [], sso: false } },
  "GET /api/auth/user": signedOut,
};

describe("forgot password", () => {
  it("is linked from the sign-in page, checks the address, and says the same whatever the server knows", async () => {
    const { calls } = fakeApi({ ...base, "POST /api/auth/password-reset": { status: 204 } });
    renderApp("/login");
    fireEvent.click(await screen.findByRole("link", { name: "Forgot password?" }, wait));
    await screen.findByRole("button", { name: "Send Reset Link" }, wait);
    const email = screen.getByLabelText("Email");

    fireEvent.change(email, { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Invalid email address", undefined, wait)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(email, { target: { value: "Ada@Example.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect((await screen.findByRole("status", undefined, wait)).textContent).toBe(PASSWORD_RESET_MESSAGES.sent);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "ada@example.test" });
  });

  it("shows the server's message when it refuses", async () => {
    fakeApi({ ...base, "POST /api/auth/password-reset": { status: 429, body: { error: "rate_limited", message: "Too many requests. Please try again in 30 seconds." } } });
    renderApp("/forgot-password");
    fireEvent.change(await screen.findByLabelText("Email", undefined, wait), { target: { value: "ada@example.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toContain("Too many requests. Please try again in 30 seconds.");
  });
});

describe("reset password (the link in the mail)", () => {
  it("checks the new password twice on the page, sends it with the link's token, then offers to sign in", async () => {
    const { calls } = fakeApi({ ...base, "POST /api/auth/password-reset/confirm": { status: 204 } });
    renderApp("/reset-password?token=tok-123");
    const password = await screen.findByLabelText("New password", undefined, wait);
    const confirm = screen.getByLabelText("Confirm new password");

    fireEvent.change(password, { target: { value: "short" } });
    fireEvent.change(confirm, { target: { value: "different" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(/at least/, undefined, wait)).toBeTruthy();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(password, { target: { value: "a-fresh-reset-passphrase" } });
    fireEvent.change(confirm, { target: { value: "a-fresh-reset-passphrase" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("status", undefined, wait)).textContent).toBe(PASSWORD_RESET_MESSAGES.done);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ token: "tok-123", newPassword: "a-fresh-reset-passphrase" });
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
  });

  it("says why a spent or expired link failed and offers a new one", async () => {
    fakeApi({ ...base, "POST /api/auth/password-reset/confirm": { status: 410, body: { error: "token_expired", message: PASSWORD_RESET_MESSAGES.expired } } });
    renderApp("/reset-password?token=old");
    fireEvent.change(await screen.findByLabelText("New password", undefined, wait), { target: { value: "a-fresh-reset-passphrase" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "a-fresh-reset-passphrase" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    const alert = await screen.findByRole("alert", undefined, wait);
    expect(alert.textContent).toContain(PASSWORD_RESET_MESSAGES.expired);
    await waitFor(() => expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/forgot-password"));
  });

  it("shows a password the server finds too easy to guess under the field, without blaming the link", async () => {
    const message = "This password is too easy to guess: this is a heavily used password. Add more words or characters.";
    fakeApi({ ...base, "POST /api/auth/password-reset/confirm": { status: 400, body: { error: "weak_password", message, fields: { newPassword: message } } } });
    renderApp("/reset-password?token=tok-123");
    fireEvent.change(await screen.findByLabelText("New password", undefined, wait), { target: { value: "password" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "password" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(message, undefined, wait)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Request a new link" })).toBeNull();
  });

  it("without a token, says the link is invalid and offers a new one", async () => {
    fakeApi(base);
    renderApp("/reset-password");
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toContain(PASSWORD_RESET_MESSAGES.invalid);
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
