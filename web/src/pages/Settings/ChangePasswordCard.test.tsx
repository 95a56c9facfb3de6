// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { currentToast } from "../../components/contract/testing";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

beforeEach(() => {
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

function passwordApi(answer: (body: unknown) => { status: number; body?: unknown }) {
  return fakeApi({
    "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) },
    "GET /api/settings": { status: 200, body: {} },
    "GET /api/settings/security/two-factor": { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 } },
    "POST /api/settings/password": ({ body }) => answer(body),
  });
}

async function fill(current: string, next: string, confirm: string) {
  const form = await screen.findByRole("form", { name: "Change Password" }, wait);
  fireEvent.change(within(form).getByLabelText("Current Password"), { target: { value: current } });
  fireEvent.change(within(form).getByLabelText("New Password"), { target: { value: next } });
  fireEvent.change(within(form).getByLabelText("Confirm New Password"), { target: { value: confirm } });
  fireEvent.click(within(form).getByRole("button", { name: "Update Password" }));
  return form;
}

describe("Settings › Security › Change Password", () => {
  it("sends the current and new password, says 'Password Updated' and clears the fields", async () => {
    const api = passwordApi(() => ({ status: 204 }));
    renderApp("/settings?tab=security");
    await fill("old-password-1", "new-password-22", "new-password-22");
    await waitFor(() => expect(currentToast()?.title).toBe("Password Updated"), wait);
    expect(currentToast()?.description).toMatch(/signed out/);
    expect(api.calls.filter((c) => c.path === "/api/settings/password").map((c) => c.body)).toEqual([{ currentPassword: "old-password-1", newPassword: "new-password-22" }]);
    await waitFor(() => expect((within(screen.getByRole("form", { name: "Change Password" })).getByLabelText("Current Password") as HTMLInputElement).value).toBe(""));
  });

  it("checks in the browser first: required current password, 8 characters, matching confirmation", async () => {
    const api = passwordApi(() => ({ status: 204 }));
    renderApp("/settings?tab=security");
    await fill("", "short", "different");
    expect(await screen.findByText("Enter your current password")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/settings/password")).toBe(false);
  });

  it("shows 'Update Failed' with the server's message for a wrong current password and stays signed in", async () => {
    const message = "Your current password is not correct.";
    passwordApi(() => ({ status: 400, body: { error: "invalid_password", message, fields: { currentPassword: message } } }));
    renderApp("/settings?tab=security");
    const form = await fill("wrong-password", "new-password-22", "new-password-22");
    await waitFor(() => expect(currentToast()).toEqual({ title: "Update Failed", description: message, variant: "destructive" }), wait);
    expect(within(form).getByText(message)).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Security" })).toBeTruthy();
  });

  it("shows a new password the server finds too easy to guess under the field and in the toast", async () => {
    const message = "This password is too easy to guess: this is a heavily used password. Add more words or characters.";
    passwordApi(() => ({ status: 400, body: { error: "weak_password", message, fields: { newPassword: message } } }));
    renderApp("/settings?tab=security");
    const form = await fill("current-password", "password", "password");
    await waitFor(() => expect(currentToast()).toEqual({ title: "Update Failed", description: message, variant: "destructive" }), wait);
    expect(within(form).getByText(message)).toBeTruthy();
  });
});
