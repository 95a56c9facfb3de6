// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { fakeApi, signedOut } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wait = { timeout: 5000 };

describe("sign-in with two-factor authentication", () => {
  it("asks for the code after the password, then signs in", async () => {
    let stage: "out" | "pending" | "in" = "out";
    const { calls } = fakeApi({
      "GET /api/auth/config": { status: 200, body: { demoMode: false, demoUsers: [], sso: false, rememberDays: 30 } },
      "GET /api/auth/user": () => (stage === "in" ? { status: 200, body: makeUser() } : signedOut),
      "POST /api/auth/login": () => {
        stage = "pending";
        return { status: 200, body: { secondFactorRequired: true } };
      },
      "POST /api/auth/second-factor": ({ body }) => {
        if ((body as { code: string }).code !== "123456") return { status: 401, body: { error: "invalid_credentials", message: "That code is not valid." } };
        stage = "in";
        return { status: 200, body: { user: makeUser() } };
      },
      "GET /api/settings": { status: 404 },
    });
    renderApp("/login?next=%2Fsettings");
    fireEvent.change(await screen.findByLabelText("Email", undefined, wait), { target: { value: "pat@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a-long-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    const code = await screen.findByLabelText("Authentication code", undefined, wait);
    fireEvent.change(code, { target: { value: "999999" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert", undefined, wait)).textContent).toBe("That code is not valid.");

    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, wait)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/auth/second-factor").map((c) => c.body)).toEqual([{ code: "999999" }, { code: "123456" }]);
  });
});
