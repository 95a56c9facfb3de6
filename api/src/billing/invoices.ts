import { and, asc, desc, eq, isNull, max } from "drizzle-orm";
import type Stripe from "stripe";
import { formatTaxRate, planOf, PROVINCE_NAMES, salesTaxFor, taxOn, type InvoiceSummary, type PlanId, type ProvinceCode } from "@clausewise/shared";
import type { Db } from "../db/client";
import { companies, invoices } from "../db/schema";
import { notFound } from "../http/errors";

export type InvoiceRow = typeof invoices.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * "CW-1A2B3C4D-00001": numbered per company without gaps (the sequence is taken under the company's
 * row lock); the company's id prefix keeps numbers unique across the platform.
 */
export function invoiceNumber(companyId: string, sequence: number): string {
  return `CW-${companyId.slice(0, 8).toUpperCase()}-${String(sequence).padStart(5, "0")}`;
}

function provinceName(code: string | null): string | null {
  return code && code in PROVINCE_NAMES ? PROVINCE_NAMES[code as ProvinceCode] : null;
}

/**
 * Issues the invoice of one period of a plan (manual billing), with GST/HST of the company's province
 * at the issue date. Call inside the transaction that starts the period.
 */
export async function issueInvoice(tx: Db, input: { companyId: string; plan: PlanId; periodStart: Date; periodEnd: Date; now: Date }): Promise<InvoiceRow> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId)).for("update");
  if (!company) throw notFound("Company not found.");
  const [last] = await tx.select({ n: max(invoices.sequence) }).from(invoices).where(eq(invoices.companyId, company.id));
  const sequence = (last?.n ?? 0) + 1;
  const plan = planOf(input.plan);
  const tax = salesTaxFor(company.province, input.now);
  const subtotal = plan.price;
  const taxCents = taxOn(subtotal, tax.rateBps);
  const [row] = await tx
    .insert(invoices)
    .values({
      companyId: company.id,
      sequence,
      number: invoiceNumber(company.id, sequence),
      plan: plan.id,
      description: `ClauseWise ${plan.name} plan, ${day(input.periodStart)} to ${day(input.periodEnd)}`,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      province: company.province,
      taxLabel: tax.label,
      taxRateBps: tax.rateBps,
      subtotal,
      tax: taxCents,
      total: subtotal + taxCents,
      billTo: [company.name, company.address, provinceName(company.province)].filter(Boolean).join("\n"),
      issuedAt: input.now,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * A payment recorded by an operator pays the company's unpaid invoices, oldest first, as far as it
 * covers them in full. Answers the invoices it paid.
 */
export async function payInvoices(tx: Db, input: { companyId: string; amountCents: number; note: string | null; now: Date }): Promise<InvoiceRow[]> {
  const unpaid = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, input.companyId), isNull(invoices.paidAt)))
    .orderBy(asc(invoices.sequence))
    .for("update");
  let left = input.amountCents;
  const paid: InvoiceRow[] = [];
  for (const invoice of unpaid) {
    if (invoice.total > left) break;
    left -= invoice.total;
    const [row] = await tx.update(invoices).set({ paidAt: input.now, paymentNote: input.note }).where(eq(invoices.id, invoice.id)).returning();
    paid.push(row!);
  }
  return paid;
}

const apiPath = (id: string, kind: "invoice" | "receipt") => `/api/billing/invoices/${id}/pdf${kind === "receipt" ? "?kind=receipt" : ""}`;

export function presentInvoice(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    source: "clausewise",
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    description: row.description,
    subtotal: row.subtotal,
    tax: row.tax,
    taxLabel: `${row.taxLabel} ${formatTaxRate(row.taxRateBps)}`,
    total: row.total,
    currency: "CAD",
    status: row.paidAt ? "paid" : "due",
    invoiceUrl: apiPath(row.id, "invoice"),
    receiptUrl: row.paidAt ? apiPath(row.id, "receipt") : null,
  };
}

export function presentStripeInvoice(invoice: Stripe.Invoice): InvoiceSummary | null {
  if (!invoice.id || invoice.status === "draft") return null;
  const total = invoice.total ?? 0;
  const subtotal = invoice.total_excluding_tax ?? invoice.subtotal ?? total;
  return {
    id: invoice.id,
    source: "stripe",
    number: invoice.number ?? invoice.id,
    issuedAt: new Date(invoice.created * 1000).toISOString(),
    description: invoice.lines?.data?.[0]?.description ?? invoice.description ?? "ClauseWise subscription",
    subtotal,
    tax: total - subtotal,
    taxLabel: null,
    total,
    currency: invoice.currency.toUpperCase(),
    status: invoice.status === "paid" ? "paid" : invoice.status === "void" || invoice.status === "uncollectible" ? "void" : "due",
    invoiceUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? "",
    receiptUrl: invoice.status === "paid" ? (invoice.hosted_invoice_url ?? null) : null,
  };
}

export async function companyInvoices(db: Db, companyId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(desc(invoices.sequence));
}

/** Fetch-or-throw, scoped by company: another company's invoice is a 404. */
export async function getInvoiceInCompany(db: Db, input: { id: string; companyId: string }): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, input.id), eq(invoices.companyId, input.companyId))).limit(1);
  if (!row) throw notFound("Invoice not found.");
  return row;
}

