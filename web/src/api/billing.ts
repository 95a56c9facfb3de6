import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingSummaryResponse,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  InvoiceListResponse,
  PaymentMethodSessionResponse,
  SubscriptionPlan,
  SubscriptionResponse,
  UsageResponse,
} from "@clausewise/shared";
import { api } from "./client";

export const plansKey = ["subscription-plans"] as const;
export const usageKey = ["usage"] as const;
export const subscriptionKey = ["subscription"] as const;
export const billingSummaryKey = ["billing", "summary"] as const;
export const invoicesKey = ["billing", "invoices"] as const;

/** GET /api/subscription-plans */
export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: ({ signal }) => api.get<SubscriptionPlan[]>("/api/subscription-plans", { signal }) });
}

/** GET /api/usage: this month's contracts and the team against the plan's limits. */
export function useUsage(enabled = true) {
  return useQuery({ queryKey: usageKey, queryFn: ({ signal }) => api.get<UsageResponse>("/api/usage", { signal }), enabled });
}

/** GET /api/subscription: admins only, so callers pass whether the user may read it. */
export function useSubscription(enabled = true) {
  return useQuery({ queryKey: subscriptionKey, queryFn: ({ signal }) => api.get<SubscriptionResponse>("/api/subscription", { signal }), enabled });
}

/**
 * GET /api/billing/summary: plan, amount, the card on file (Stripe) and the billing history, for
 * Settings › Billing. Admins only, like the subscription.
 */
export function useBillingSummary(enabled = true) {
  return useQuery({ queryKey: billingSummaryKey, queryFn: ({ signal }) => api.get<BillingSummaryResponse>("/api/billing/summary", { signal }), enabled });
}

function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKey }),
      queryClient.invalidateQueries({ queryKey: usageKey }),
      queryClient.invalidateQueries({ queryKey: billingSummaryKey }),
      queryClient.invalidateQueries({ queryKey: invoicesKey }),
    ]);
}

/** POST /api/create-subscription */
export function useCreateSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (request: CreateSubscriptionRequest) => api.post<CreateSubscriptionResponse>("/api/create-subscription", request),
    onSettled: refresh,
  });
}

/** POST /api/cancel-subscription */
export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.post<SubscriptionResponse>("/api/cancel-subscription"),
    onSettled: refresh,
  });
}

/** After Stripe.js confirmed a payment: the webhook moves the state, so read it again. */
export function useRefreshBillingState() {
  return useRefreshBilling();
}

/** GET /api/billing/invoices: invoices and receipts (ClauseWise's own, and Stripe's in Stripe mode). Admins only. */
export function useInvoices(enabled = true) {
  return useQuery({ queryKey: invoicesKey, queryFn: ({ signal }) => api.get<InvoiceListResponse>("/api/billing/invoices", { signal }), enabled });
}

/** POST /api/billing/payment-method: a Stripe billing portal address where the card is updated. */
export function useUpdateCard() {
  return useMutation({ mutationFn: () => api.post<PaymentMethodSessionResponse>("/api/billing/payment-method") });
}
