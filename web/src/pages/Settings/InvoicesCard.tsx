import { Download, ExternalLink } from "lucide-react";
import type { InvoiceSummary } from "@clausewise/shared";
import { useInvoices } from "../../api/billing";
import { errorText } from "../../api/client";
import { downloadFrom } from "../../api/download";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../stores/toast";
import { SectionTitle } from "./feedback";

const money = (cents: number, currency: string) => new Intl.NumberFormat("en-CA", { style: "currency", currency }).format(cents / 100);
const day = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { year: "numeric", month: "short", day: "numeric" });

function save(path: string, fallbackName: string) {
  downloadFrom(path, fallbackName).catch((error: unknown) =>
    toast({ title: "Download failed", description: errorText(error, "The file could not be downloaded."), variant: "destructive" }),
  );
}

/** ClauseWise's PDFs come from the API as attachments; Stripe's open on Stripe. */
function FileButton({ invoice, kind }: { invoice: InvoiceSummary; kind: "invoice" | "receipt" }) {
  const url = kind === "invoice" ? invoice.invoiceUrl : invoice.receiptUrl;
  if (!url) return null;
  const label = kind === "invoice" ? "Invoice" : "Receipt";
  const name = `${label} ${invoice.number}`;
  if (invoice.source === "stripe") {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses("ghost", "sm")} aria-label={`Open ${name.toLowerCase()} at Stripe`}>
        <ExternalLink aria-hidden="true" />
        {label}
      </a>
    );
  }
  return (
    <Button variant="ghost" size="sm" aria-label={`Download ${label.toLowerCase()} ${invoice.number}`} onClick={() => save(url, `${kind}-${invoice.number}.pdf`)}>
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}

/** Settings › Billing › Invoices (issue 16 item 6): each invoice with its PDF, and its receipt once paid. */
export function InvoicesCard() {
  const invoices = useInvoices();
  const rows = invoices.data?.invoices ?? [];
  return (
    <Card className="p-5">
      <SectionTitle title="Invoices" description="Invoices with GST/HST for your company's province; receipts once paid." />
      {invoices.isPending ? (
        <p className="text-sm text-slate-600">Loading invoices...</p>
      ) : invoices.isError ? (
        <p className="text-sm text-red-700">{errorText(invoices.error, "Invoices could not be loaded.")}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">No invoices yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Invoices">
          {rows.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
              <div>
                <p className="font-medium text-slate-900">
                  {invoice.number} <span className="font-normal text-slate-500">· {day(invoice.issuedAt)}</span>
                </p>
                <p className="text-slate-500">
                  {invoice.description}
                  {invoice.taxLabel ? ` · ${invoice.taxLabel} ${money(invoice.tax, invoice.currency)}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="text-slate-800">{money(invoice.total, invoice.currency)}</span>
                <Badge tone={invoice.status === "paid" ? "success" : invoice.status === "due" ? "warning" : "neutral"}>
                  {invoice.status === "paid" ? "Paid" : invoice.status === "due" ? "Due" : "Void"}
                </Badge>
                <FileButton invoice={invoice} kind="invoice" />
                <FileButton invoice={invoice} kind="receipt" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
