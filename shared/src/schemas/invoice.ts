import { z } from "zod";
import { BILLING_MODES } from "./billing";

/** One invoice in Settings › Billing: ClauseWise's own (manual billing) or Stripe's. Amounts in cents. */
export const invoiceSummary = z.object({
  id: z.string(),
  source: z.enum(["clausewise", "stripe"]),
  number: z.string(),
  issuedAt: z.string(),
  description: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  /** "HST 13%" for ClauseWise invoices; null for Stripe's (its PDF shows the tax). */
  taxLabel: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(["paid", "due", "void"]),
  /** The invoice PDF: an API path (ClauseWise) or Stripe's own address. */
  invoiceUrl: z.string(),
  /** The receipt of a paid invoice (ClauseWise: an API path; Stripe: its hosted invoice page). */
  receiptUrl: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/** GET /api/billing/invoices */
export const invoiceListResponse = z.object({ billingMode: z.enum(BILLING_MODES), invoices: z.array(invoiceSummary) });
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

/** GET /api/billing/invoices/{id}/pdf?kind=invoice|receipt */
export const invoicePdfQuery = z.object({
  kind: z.enum(["invoice", "receipt"], { message: "kind must be invoice or receipt" }).default("invoice"),
});

/** POST /api/billing/payment-method: where to update the card (Stripe's billing portal). */
export const paymentMethodSessionResponse = z.object({ url: z.string() });
export type PaymentMethodSessionResponse = z.infer<typeof paymentMethodSessionResponse>;

export const INVOICE_MESSAGES = {
  notFound: "Invoice not found.",
  notPaid: "This invoice is not paid yet: its receipt is available once the payment is recorded.",
  manualCard: "Manual billing: there is no card on file to update. Invoices are paid outside ClauseWise (cheque or wire transfer).",
  noCustomer: "There is no card on file yet: subscribe to a plan first.",
} as const;
