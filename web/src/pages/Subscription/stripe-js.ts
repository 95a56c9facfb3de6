import { useEffect, useState } from "react";

/** The few parts of Stripe.js (https://docs.stripe.com/js) the card form uses. */
export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: "payment", options?: Record<string, unknown>): StripePaymentElement;
}
export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: { elements: StripeElements; redirect: "if_required"; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

export const STRIPE_JS_URL = "https://js.stripe.com/v3";
const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<StripeFactory> | null = null;

/**
 * Loads Stripe.js from Stripe at run time (it must come from js.stripe.com, so it is no npm
 * dependency), once per page. A failure (offline, blocked by an ad blocker, CSP) rejects and lets a
 * later call try again.
 */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    const fail = (message: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail("Stripe.js did not load in time."), LOAD_TIMEOUT_MS);
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else fail("Stripe.js loaded but did not start.");
    };
    script.onerror = () => fail(`The payment script could not be loaded from ${STRIPE_JS_URL}.`);
    document.head.appendChild(script);
  });
  return loading;
}

export type StripeJsState = { status: "idle" } | { status: "loading" } | { status: "ready"; stripe: StripeJs } | { status: "error"; message: string };

/** Stripe.js initialised with the publishable key; idle when there is none (manual billing). */
export function useStripeJs(publishableKey: string | null): StripeJsState {
  const [state, setState] = useState<StripeJsState>(publishableKey ? { status: "loading" } : { status: "idle" });
  useEffect(() => {
    if (!publishableKey) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    loadStripeJs()
      .then((factory) => {
        if (live) setState({ status: "ready", stripe: factory(publishableKey) });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: "error", message: error instanceof Error ? error.message : "Stripe.js could not be loaded." });
      });
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return state;
}
