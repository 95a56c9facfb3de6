import { formatTaxRate, PROVINCE_NAMES, type ProvinceCode } from "@clausewise/shared";
import { COLORS, FONTS, ReportLayout } from "../analysis/report/layout";
import type { InvoiceRow } from "./invoices";

export type InvoiceDocumentKind = "invoice" | "receipt";

/** The supplier named on every invoice; its legal name, address and GST/HST number come from the operator's environment (SUPPLIER_*). */
export const SUPPLIER = { name: "ClauseWise", tagline: "Contract review platform" };

export interface SupplierDetails {
  legalName: string | null;
  addressLines: string[];
  /** "123456789 RT0001", or null when the operator has not set it. */
  gstNumber: string | null;
}

/** The supplier's block under the band: what a Canadian tax invoice must show to let the buyer claim input tax credits. */
export function supplierLines(supplier: SupplierDetails): string[] {
  return [
    supplier.legalName ?? SUPPLIER.name,
    ...supplier.addressLines,
    supplier.gstNumber ? `GST/HST registration no. ${supplier.gstNumber}` : "GST/HST registration no.: not set by the operator (SUPPLIER_GST_NUMBER)",
  ];
}

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const money = (cents: number) => cad.format(cents / 100);
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * An invoice or, once paid, its receipt, as a PDF (pdfkit through the analysis report's layout):
 * the supplier (legal name, address, GST/HST number), number, dates, bill-to, the plan line, GST/HST of the company's province with its rate, total.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, kind: InvoiceDocumentKind, supplier: SupplierDetails): Promise<Buffer> {
  const title = kind === "receipt" ? "Receipt" : "Invoice";
  const layout = new ReportLayout({ title: `${title} ${invoice.number}`, author: SUPPLIER.name });
  const { doc } = layout;
  doc.rect(0, 0, doc.page.width, 64).fill(COLORS.band);
  doc.y = 20;
  layout.text(SUPPLIER.name, { font: FONTS.bold, size: 12, color: "#ffffff", gap: 1 });
  layout.text(SUPPLIER.tagline, { size: 9, color: "#dbeafe", gap: 0 });
  doc.y = 92;
  layout.text(`${title} ${invoice.number}`, { font: FONTS.bold, size: 20, gap: 8 });
  for (const line of supplierLines(supplier)) layout.text(line, { size: 10, gap: 1 });
  doc.moveDown(0.5);
  const meta = [`Invoice number: ${invoice.number}`, `Issued: ${day(invoice.issuedAt)}`, `Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`];
  if (kind === "receipt" && invoice.paidAt) meta.push(`Paid: ${day(invoice.paidAt)}${invoice.paymentNote ? ` (${invoice.paymentNote})` : ""}`);
  else meta.push(invoice.paidAt ? `Status: paid ${day(invoice.paidAt)}` : "Status: payment due");
  for (const line of meta) layout.text(line, { size: 10, color: COLORS.muted, gap: 1 });

  layout.heading("Bill to", 12);
  for (const line of invoice.billTo.split("\n")) layout.text(line, { size: 10, gap: 1 });

  const province = invoice.province && invoice.province in PROVINCE_NAMES ? PROVINCE_NAMES[invoice.province as ProvinceCode] : null;
  const taxLine = `${invoice.taxLabel} ${formatTaxRate(invoice.taxRateBps)}${province ? ` (${province})` : " (province not set: federal GST only)"}`;
  layout.heading(kind === "receipt" ? "Payment received" : "Charges", 12);
  layout.table(
    [{ header: "Description" }, { header: "Amount (CAD)", width: 120 }],
    [
      [{ text: invoice.description }, { text: money(invoice.subtotal) }],
      [{ text: "Subtotal" }, { text: money(invoice.subtotal) }],
      [{ text: taxLine }, { text: money(invoice.tax) }],
      [{ text: kind === "receipt" ? "Total paid" : "Total due", bold: true }, { text: money(invoice.total), bold: true }],
    ],
  );
  doc.moveDown(1);
  layout.text(
    kind === "receipt" ? "Thank you for your payment. Fees are non-refundable." : "Payable on receipt by cheque or wire transfer, quoting the invoice number. Fees are non-refundable.",
    { font: FONTS.italic, size: 9, color: COLORS.muted },
  );
  layout.footers((page, pages) => `${SUPPLIER.name} · ${title} ${invoice.number} · page ${page} of ${pages}`);
  return layout.finish();
}
