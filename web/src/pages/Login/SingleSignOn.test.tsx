// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { SSO_ERRORS } from "@clausewise/shared";
import { fakeApi, signedOut } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wait = { timeout: 5000 };
const api = (sso: boolean) =>
  fakeApi({
    "GET /api/auth/config": { status: 200, body: { demoMode: false, demoUsers: [], sso } },
    "GET /api/auth/user": signedOut,
  });

describe("single sign-on on the sign-in page", () => {
  it("offers single sign-on beside the password when it is configured, keeping the next path", async () => {
    api(true);
    renderApp("/login?next=%2Fteam");
    const link = await screen.findByRole("link", { name: "Sign in with single sign-on" }, wait);
    expect(link.getAttribute("href")).toBe("/api/auth/sso?next=%2Fteam");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("offers no single sign-on when it is not configured", async () => {
    api(false);
    renderApp("/login");
    await screen.findByRole("button", { name: "Sign In" }, wait);
    expect(screen.queryByRole("link", { name: "Sign in with single sign-on" })).toBeNull();
  });

  it("explains a known reason code and ignores anything else in the URL", async () => {
    api(true);
    renderApp("/login?sso_error=no_account");
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toBe(SSO_ERRORS.no_account);
    cleanup();

    api(true);
    renderApp("/login?sso_error=%3Cb%3EYour%20bank%20called%3C%2Fb%3E");
    await screen.findByRole("link", { name: "Sign in with single sign-on" }, wait);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the authentication code when the provider's sign-in still owes it", async () => {
    api(true);
    renderApp("/login?second_factor=1&next=%2Fteam");
    expect(await screen.findByLabelText("Authentication code", undefined, wait)).toBeTruthy();
  });
});
