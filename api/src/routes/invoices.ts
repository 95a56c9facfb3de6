import { Hono } from "hono";
import { invoicePdfQuery } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { invoiceDownload, listInvoices, paymentMethodSession } from "../billing/records";
import { queryParams } from "../http/validate";
import { billingAdmin } from "./billing";
import { sendAttachment } from "./downloads";

/** Billing records are the company admin's, like the rest of Settings › Billing (spec §6). */
const requireBillingAdmin = (c: Parameters<typeof billingAdmin>[0]) => billingAdmin(c).company;

/** Issue 16 item 6: invoices and receipts (list, PDF) and updating the card. */
export const invoiceRoutes = new Hono<AppEnv>()
  .get("/billing/invoices", async (c) => {
    const company = requireBillingAdmin(c);
    return c.json(await listInvoices(c.get("deps"), company));
  })
  .get("/billing/invoices/:id/pdf", async (c) => {
    const company = requireBillingAdmin(c);
    const { kind } = queryParams(c, invoicePdfQuery);
    const download = await invoiceDownload(c.get("deps"), company, c.req.param("id"), kind);
    if (download.kind === "redirect") return c.redirect(download.url, 302);
    return sendAttachment(c, { bytes: download.bytes, fileName: download.fileName, contentType: "application/pdf" });
  })
  .post("/billing/payment-method", async (c) => {
    const company = requireBillingAdmin(c);
    return c.json(await paymentMethodSession(c.get("deps"), company));
  });
