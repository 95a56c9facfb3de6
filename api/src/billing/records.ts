import type Stripe from "stripe";
import { INVOICE_MESSAGES, type InvoiceListResponse, type PaymentMethodSessionResponse } from "@clausewise/shared";
import type { CompanyRow } from "../auth/sessions";
import type { AppDeps } from "../context";
import { AppError, conflict, notFound } from "../http/errors";
import { companyInvoices, getInvoiceInCompany, presentInvoice, presentStripeInvoice } from "./invoices";
import { renderInvoicePdf, type InvoiceDocumentKind } from "./invoice-pdf";
import { stripeClient, stripeFailure } from "./stripe-client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STRIPE_INVOICE = /^in_[A-Za-z0-9]{1,250}$/;

/**
 * GET /api/billing/invoices: ClauseWise's own invoices (manual billing), then, when Stripe is
 * configured and the company is its customer, Stripe's invoices; newest first.
 */
export async function listInvoices(deps: AppDeps, company: CompanyRow): Promise<InvoiceListResponse> {
  const own = (await companyInvoices(deps.db, company.id)).map(presentInvoice);
  const stripe = stripeClient(deps.config);
  if (!stripe) return { billingMode: "manual", invoices: own };
  let remote: Stripe.Invoice[] = [];
  if (company.stripeCustomerId) {
    try {
      remote = (await stripe.invoices.list({ customer: company.stripeCustomerId, limit: 100 })).data;
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error), companyId: company.id }, "stripe invoices failed");
      throw stripeFailure(error);
    }
  }
  const fromStripe = remote.map(presentStripeInvoice).filter((i) => i !== null);
  return { billingMode: "stripe", invoices: [...fromStripe, ...own].sort((a, b) => b.issuedAt.localeCompare(a.issuedAt)) };
}

export type InvoiceDownload = { kind: "file"; bytes: Buffer; fileName: string } | { kind: "redirect"; url: string };

/**
 * GET /api/billing/invoices/{id}/pdf: a ClauseWise invoice (or its receipt) rendered now from its
 * stored row; a Stripe invoice is Stripe's own PDF (or hosted page for the receipt), after checking it
 * belongs to the caller's company. Anything else, or another company's, is a 404.
 */
export async function invoiceDownload(deps: AppDeps, company: CompanyRow, id: string, document: InvoiceDocumentKind): Promise<InvoiceDownload> {
  if (UUID.test(id)) {
    const invoice = await getInvoiceInCompany(deps.db, { id: id.toLowerCase(), companyId: company.id });
    if (document === "receipt" && !invoice.paidAt) throw conflict(INVOICE_MESSAGES.notPaid);
    const prefix = document === "receipt" ? "receipt" : "invoice";
    return { kind: "file", bytes: await renderInvoicePdf(invoice, document, deps.config.supplier), fileName: `${prefix}-${invoice.number}.pdf` };
  }
  const stripe = stripeClient(deps.config);
  if (!stripe || !STRIPE_INVOICE.test(id) || !company.stripeCustomerId) throw notFound(INVOICE_MESSAGES.notFound);
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.retrieve(id);
  } catch (error) {
    if (error instanceof Error && "statusCode" in error && error.statusCode === 404) throw notFound(INVOICE_MESSAGES.notFound);
    throw stripeFailure(error);
  }
  const customer = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
  if (customer !== company.stripeCustomerId) throw notFound(INVOICE_MESSAGES.notFound);
  if (document === "receipt" && invoice.status !== "paid") throw conflict(INVOICE_MESSAGES.notPaid);
  const url = document === "receipt" ? invoice.hosted_invoice_url : (invoice.invoice_pdf ?? invoice.hosted_invoice_url);
  if (!url) throw notFound(INVOICE_MESSAGES.notFound);
  return { kind: "redirect", url };
}

/**
 * POST /api/billing/payment-method: a Stripe billing portal session opened on "update the payment
 * method", returning to Settings › Billing. Manual billing has no card: 409 saying so.
 */
export async function paymentMethodSession(deps: AppDeps, company: CompanyRow): Promise<PaymentMethodSessionResponse> {
  const stripe = stripeClient(deps.config);
  if (!stripe) throw conflict(INVOICE_MESSAGES.manualCard);
  if (!company.stripeCustomerId) throw conflict(INVOICE_MESSAGES.noCustomer);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: company.stripeCustomerId,
      return_url: `${deps.config.appUrl}/settings?tab=billing`,
      flow_data: { type: "payment_method_update" },
    });
    return { url: session.url };
  } catch (error) {
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error), companyId: company.id }, "stripe billing portal failed");
    if (error instanceof AppError) throw error;
    throw stripeFailure(error);
  }
}
