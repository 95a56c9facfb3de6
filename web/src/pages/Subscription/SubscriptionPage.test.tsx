// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { PLAN_IDS, PLANS, type CreateSubscriptionResponse, type SubscriptionResponse } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import { STRIPE_JS_URL } from "./stripe-js";

const wait = { timeout: 5000 };
const admin = makeUser({ role: "admin" }, ["subscription.manage"]);
const lastToast = () => useToastStore.getState().toasts[0];

const MANUAL: SubscriptionResponse = {
  plan: "starter",
  planName: "Starter",
  amount: 9900,
  status: "active",
  cancel_at_period_end: false,
  current_period_start: Date.UTC(2026, 10, 1) / 1000,
  current_period_end: Date.UTC(2026, 11, 1) / 1000,
  billingMode: "manual",
  publishableKey: null,
};
const STRIPE: SubscriptionResponse = { ...MANUAL, billingMode: "stripe", publishableKey: "pk_test_123" };

function routes(subscription: SubscriptionResponse, extra: Record<string, { status: number; body?: unknown }> = {}) {
  return {
    "GET /api/auth/user": { status: 200, body: admin },
    "GET /api/subscription-plans": { status: 200, body: PLAN_IDS.map((id) => PLANS[id]) },
    "GET /api/subscription": { status: 200, body: subscription },
    ...extra,
  };
}

beforeEach(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
  delete window.Stripe;
  document.querySelectorAll(`script[src="${STRIPE_JS_URL}"]`).forEach((s) => s.remove());
});

describe("subscription page", () => {
  it("is closed to non-admins with the spec's words and reads nothing", async () => {
    const { calls } = fakeApi({ ...routes(MANUAL), "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) } });
    renderApp("/subscription");
    expect(await screen.findByText("Access Restricted", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Only administrators can access billing and subscription management.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/subscription")).toBe(false);
  });

  it("shows the current subscription, labels manual billing and switches plans without payment", async () => {
    const created: CreateSubscriptionResponse = { subscription: { ...MANUAL, plan: "enterprise", planName: "Enterprise", amount: 79900 }, billingMode: "manual", clientSecret: null, publishableKey: null };
    const { calls } = fakeApi(routes(MANUAL, { "POST /api/create-subscription": { status: 201, body: created } }));
    renderApp("/subscription?plan=enterprise");
    expect(await screen.findByText(/Starter Plan/, undefined, wait)).toBeTruthy();
    expect(screen.getByText("Manual billing.")).toBeTruthy();
    expect(screen.getByText("Nov 1, 2026")).toBeTruthy();
    expect(screen.getByText("Dec 1, 2026")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Enterprise/ }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Subscribe to Enterprise" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Subscription Created"), wait);
    expect(lastToast()?.description).toMatch(/manual billing/);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ planId: "enterprise" });
  });

  it("shows 'Subscription Failed' with the server's message", async () => {
    fakeApi(routes(MANUAL, { "POST /api/create-subscription": { status: 503, body: { error: "unavailable", message: "The payment provider did not answer." } } }));
    renderApp("/subscription");
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe to Professional" }, wait));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: "Subscription Failed", description: "The payment provider did not answer.", variant: "destructive" }), wait);
  });

  it("keeps a refused downgrade's message on screen with the way to the Team page", async () => {
    const message = "The Starter plan allows 5 team members, and your company has 7 active members. Deactivate 2 members on the Team page before changing to the Starter plan.";
    fakeApi(routes(MANUAL, { "POST /api/create-subscription": { status: 409, body: { error: "conflict", message } } }));
    renderApp("/subscription");
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe to Professional" }, wait));
    const alert = await screen.findByRole("alert", undefined, wait);
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole("link", { name: "Go to Team Management" }).getAttribute("href")).toBe("/team");
  });

  it("cancels at period end after confirmation, and reports a failure", async () => {
    const canceled = { ...MANUAL, cancel_at_period_end: true };
    const { calls } = fakeApi(routes(MANUAL, { "POST /api/cancel-subscription": { status: 200, body: canceled } }));
    renderApp("/subscription");
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }, wait));
    await waitFor(() => expect(lastToast()?.title).toBe("Subscription Canceled"), wait);
    expect(calls.filter((c) => c.path === "/api/cancel-subscription")).toHaveLength(1);

    cleanup();
    fakeApi(routes(MANUAL, { "POST /api/cancel-subscription": { status: 409, body: { error: "conflict", message: "There is no active subscription to cancel." } } }));
    renderApp("/subscription");
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }, wait));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: "Cancellation Failed", description: "There is no active subscription to cancel." }), wait);
  });

  it("shows the Payment System Error screen when Stripe.js cannot load", async () => {
    fakeApi(routes(STRIPE));
    renderApp("/subscription");
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
      expect(script).not.toBeNull();
    }, wait);
    script!.dispatchEvent(new Event("error"));
    expect(await screen.findByText("Payment System Error", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Disable ad blockers for this site")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("/support");
  });

  it("takes the card with Stripe.js and the returned client secret", async () => {
    const confirmPayment = vi.fn(async () => ({}));
    const mount = vi.fn();
    const elements = vi.fn(() => ({ create: () => ({ mount, destroy: vi.fn() }) }));
    const factory = vi.fn(() => ({ elements, confirmPayment }));
    window.Stripe = factory;
    const created: CreateSubscriptionResponse = { subscription: { ...STRIPE, plan: "professional", status: "incomplete" }, billingMode: "stripe", clientSecret: "pi_1_secret_2", publishableKey: "pk_test_123" };
    fakeApi(routes(STRIPE, { "POST /api/create-subscription": { status: 201, body: created } }));
    renderApp("/subscription");
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe to Professional" }, wait));
    const pay = await screen.findByRole("button", { name: "Pay and subscribe" }, wait);
    expect(factory).toHaveBeenCalledWith("pk_test_123");
    expect(elements).toHaveBeenCalledWith({ clientSecret: "pi_1_secret_2" });
    expect(mount).toHaveBeenCalled();
    // The button is enabled once the mounted Payment Element is in state (a render after the mount).
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(pay);
    await waitFor(() => expect(lastToast()?.title).toBe("Subscription Created"), wait);
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: "if_required" }));
  });
});
