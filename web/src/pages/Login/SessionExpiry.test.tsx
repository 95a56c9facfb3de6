// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { SESSION_MESSAGES } from "@clausewise/shared";
import { ApiError } from "../../api/client";
import { currentUserKey } from "../../api/keys";
import { createQueryClient } from "../../api/query-client";
import { sessionExpiredNoted } from "../../lib/session-notice";
import { fakeApi, signedOut } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const wait = { timeout: 5000 };
const config = { status: 200, body: { demoMode: false, demoUsers: [], sso: false, rememberDays: 30 } };
const expired = () => Promise.reject(new ApiError(401, "session_expired", SESSION_MESSAGES.expired));

describe("a session that timed out", () => {
  it("is noted when a signed-in page hears 401 session_expired, and the sign-in page then says so once", async () => {
    const client = createQueryClient({ onSessionEnded: () => undefined });
    client.setQueryData(currentUserKey, makeUser());
    await client.fetchQuery({ queryKey: ["contracts"], queryFn: expired }).catch(() => undefined);
    expect(sessionExpiredNoted()).toBe(true);

    fakeApi({ "GET /api/auth/config": config, "GET /api/auth/user": signedOut });
    renderApp("/login");
    expect((await screen.findByText(SESSION_MESSAGES.expiredNotice, undefined, wait)).getAttribute("role")).toBe("status");
    // The page clears the note in an effect, which may run just after the notice is painted.
    await waitFor(() => expect(sessionExpiredNoted()).toBe(false), wait);

    cleanup();
    renderApp("/login");
    await screen.findByLabelText("Email", undefined, wait);
    expect(screen.queryByText(SESSION_MESSAGES.expiredNotice)).toBeNull();
  });

  it("is not claimed for an ordinary 401", async () => {
    const client = createQueryClient({ onSessionEnded: () => undefined });
    client.setQueryData(currentUserKey, makeUser());
    await client.fetchQuery({ queryKey: ["contracts"], queryFn: () => Promise.reject(new ApiError(401, "unauthorized", "Unauthorized")) }).catch(() => undefined);
    expect(sessionExpiredNoted()).toBe(false);
  });
});

describe("Remember me", () => {
  it("is off unless ticked, says for how long, and is sent with the sign-in", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/config": config,
      "GET /api/auth/user": signedOut,
      "POST /api/auth/login": { status: 401, body: { error: "invalid_credentials", message: "Incorrect email or password." } },
    });
    renderApp("/login");
    const box = (await screen.findByLabelText("Remember me", undefined, wait)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(await screen.findByText("Stay signed in on this device for up to 30 days.", undefined, wait)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "pat@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a-long-password" } });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByRole("alert", undefined, wait);
    expect(calls.find((c) => c.path === "/api/auth/login")?.body).toEqual({ email: "pat@example.com", password: "a-long-password", remember: true });
  });
});
