// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { PLAN_IDS, PLANS, type UsageResponse } from "@clausewise/shared";
import { fakeApi, signedOut } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

const wait = { timeout: 5000 };
const PLAN_LIST = PLAN_IDS.map((id) => PLANS[id]);

function usage(contractsThisMonth: number, teamMembers = 3): UsageResponse {
  return { currentPlan: "starter", contractsThisMonth, contractLimit: 50, teamMembers, teamMemberLimit: 5, features: PLANS.starter.features, approachingLimit: false };
}

function routes(user = makeUser(), used = usage(10)) {
  return {
    "GET /api/auth/user": { status: 200, body: user },
    "GET /api/subscription-plans": { status: 200, body: PLAN_LIST },
    "GET /api/usage": { status: 200, body: used },
  };
}

beforeEach(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("pricing page", () => {
  it("shows the three plans with CAD prices, Most Popular on professional, and the current plan", async () => {
    fakeApi(routes());
    renderApp("/pricing");
    const professional = await screen.findByRole("article", { name: "Professional plan" }, wait);
    expect(within(professional).getByText("Most Popular")).toBeTruthy();
    expect(within(professional).getByText("$299.00")).toBeTruthy();
    const starter = screen.getByRole("article", { name: "Starter plan" });
    expect(within(starter).getByText("$99.00")).toBeTruthy();
    expect(within(starter).getByRole("button", { name: "Current Plan" })).toHaveProperty("disabled", true);
    expect(within(screen.getByRole("article", { name: "Enterprise plan" })).getByText(/Unlimited contracts per month/)).toBeTruthy();
    // A reviewer cannot change the plan.
    expect(within(professional).getByText("Ask a company administrator to change the plan.")).toBeTruthy();
    expect(await screen.findByText("10 / 50", undefined, wait)).toBeTruthy();
    expect(screen.queryByText("Approaching limit")).toBeNull();
  });

  it("warns 'Approaching limit' above 80 % and no earlier", async () => {
    fakeApi(routes(makeUser(), usage(40, 5)));
    renderApp("/pricing");
    expect(await screen.findByText("40 / 50", undefined, wait)).toBeTruthy();
    // 5 of 5 team members is above 80 %; 40 of 50 contracts is exactly 80 %.
    expect(screen.getAllByText("Approaching limit")).toHaveLength(1);
    cleanup();
    fakeApi(routes(makeUser(), usage(41)));
    renderApp("/pricing");
    expect(await screen.findByText("41 / 50", undefined, wait)).toBeTruthy();
    expect(screen.getAllByText("Approaching limit")).toHaveLength(1);
  });

  it("lets an admin go on to subscribe to another plan", async () => {
    fakeApi(routes(makeUser({ role: "admin" }, ["subscription.manage"])));
    renderApp("/pricing");
    const professional = await screen.findByRole("article", { name: "Professional plan" }, wait);
    expect(within(professional).getByRole("link", { name: "Choose Professional" }).getAttribute("href")).toBe("/subscription?plan=professional");
  });

  it("shows the price list to a signed-out visitor, with sign-up instead of usage", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": signedOut, "GET /api/subscription-plans": { status: 200, body: PLAN_LIST } });
    renderApp("/pricing");
    const professional = await screen.findByRole("article", { name: "Professional plan" }, wait);
    expect(within(professional).getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/signup");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith("/api/usage"))).toBe(false);
    expect(screen.queryByText("Current Plan")).toBeNull();
  });
});
