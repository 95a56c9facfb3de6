// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { EMAIL_CHANGE_MESSAGES } from "@clausewise/shared";
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

describe("confirm a new e-mail address (the link mailed to it)", () => {
  it("does nothing until the button is pressed, then sends the link's token and says the address changed", async () => {
    const { calls } = fakeApi({ ...base, "POST /api/auth/email-change/confirm": { status: 200, body: { email: "pat.new@example.com" } } });
    renderApp("/confirm-email?token=tok-1");
    const button = await screen.findByRole("button", { name: "Confirm Email Address" }, wait);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByRole("status", undefined, wait)).textContent).toBe(EMAIL_CHANGE_MESSAGES.confirmed);
    expect(screen.getByText("pat.new@example.com")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ token: "tok-1" });
  });

  it("shows the server's reason when the link is spent", async () => {
    fakeApi({
      ...base,
      "POST /api/auth/email-change/confirm": { status: 400, body: { error: "token_invalid", message: EMAIL_CHANGE_MESSAGES.confirmInvalid } },
    });
    renderApp("/confirm-email?token=spent");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm Email Address" }, wait));
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toBe(EMAIL_CHANGE_MESSAGES.confirmInvalid);
  });

  it("without a token, says the link is invalid", async () => {
    fakeApi(base);
    renderApp("/confirm-email");
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toBe(EMAIL_CHANGE_MESSAGES.confirmInvalid);
    expect(screen.queryByRole("button", { name: "Confirm Email Address" })).toBeNull();
  });
});

describe("undo an e-mail change (the link mailed to the old address)", () => {
  it("restores the address on request, says every session ended, and offers a password reset", async () => {
    const { calls } = fakeApi({ ...base, "POST /api/auth/email-change/undo": { status: 200, body: { email: "pat@example.com" } } });
    renderApp("/undo-email-change?token=tok-2");
    fireEvent.click(await screen.findByRole("button", { name: "Undo the Change" }, wait));
    expect((await screen.findByRole("status", undefined, wait)).textContent).toBe(EMAIL_CHANGE_MESSAGES.undone);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ token: "tok-2" });
    expect(screen.getByRole("link", { name: "Reset Password" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("shows the server's reason for an expired link", async () => {
    fakeApi({ ...base, "POST /api/auth/email-change/undo": { status: 410, body: { error: "token_expired", message: EMAIL_CHANGE_MESSAGES.undoExpired } } });
    renderApp("/undo-email-change?token=old");
    fireEvent.click(await screen.findByRole("button", { name: "Undo the Change" }, wait));
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toBe(EMAIL_CHANGE_MESSAGES.undoExpired);
  });
});
