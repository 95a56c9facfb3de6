import { eq } from "drizzle-orm";
import { INVOICE_MESSAGES, invoiceListResponse, type InvoiceListResponse } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { companies, invoices } from "../db/schema";
import { loadConfig } from "../env";
import { supplierLines } from "../billing/invoice-pdf";
import { createTestApp, type TestApp } from "../test/app";
import { startFakeStripe, type FakeStripe } from "../test/fake-stripe";
import { createCompany, createTeam, createUser } from "../test/factories";
import { flat, readPdf } from "../test/pdf-text";
import { signedIn } from "../test/review-factories";

const PRICES = { starter: "price_starter", professional: "price_professional", enterprise: "price_enterprise" };
const OPS_EMAIL = "ops@clausewise.test";
type Team = Awaited<ReturnType<typeof createTeam>>;

async function pdfOf(t: TestApp, token: string, path: string) {
  const cookie = [...signedIn(t, token).cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(t.baseUrl + path, { headers: { cookie } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const invoiceCount = async (t: TestApp, companyId: string) => (await t.deps.db.select().from(invoices).where(eq(invoices.companyId, companyId))).length;

describe("invoices and receipts in manual billing", () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp({
      platformAdminEmails: [OPS_EMAIL],
      supplier: loadConfig({ SUPPLIER_LEGAL_NAME: "ClauseWise Technologies Inc.", SUPPLIER_ADDRESS: "200 Bay Street, Suite 1200 | Toronto ON  M5J 2J1", SUPPLIER_GST_NUMBER: "123456789rt0001" }).supplier,
    });
    const home = await createCompany(t.deps.db, { name: "ClauseWise Operations" });
    ops = await createSession(t.deps.db, (await createUser(t.deps.db, { companyId: home.id, email: OPS_EMAIL })).id);
  });
  afterAll(() => t.close());

  async function subscribedIn(province: string | null, planId = "professional"): Promise<Team> {
    const team = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ province, address: "100 Main St" }).where(eq(companies.id, team.company.id));
    expect((await signedIn(t, team.admin.token).post("/api/create-subscription", { planId })).status).toBe(201);
    return team;
  }

  it("issues a numbered invoice with the province's HST for each new period, downloadable as a PDF, and a receipt once paid", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    const saved = await admin.request("PATCH", "/api/settings/company", { companyName: team.company.name, industry: "energy", companySize: "51-200", province: "ON" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ province: "ON" });
    expect((await admin.post("/api/create-subscription", { planId: "professional" })).status).toBe(201);

    const list = await admin.get<InvoiceListResponse>("/api/billing/invoices");
    expect(list.status).toBe(200);
    expect(invoiceListResponse.parse(list.body).billingMode).toBe("manual");
    const prefix = `CW-${team.company.id.slice(0, 8).toUpperCase()}`;
    expect(list.body.invoices).toHaveLength(1);
    const [first] = list.body.invoices;
    expect(first).toMatchObject({ number: `${prefix}-00001`, source: "clausewise", subtotal: 29_900, tax: 3_887, taxLabel: "HST 13%", total: 33_787, currency: "CAD", status: "due", receiptUrl: null });

    const { res, bytes } = await pdfOf(t, team.admin.token, first!.invoiceUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`invoice-${prefix}-00001.pdf`);
    const text = flat((await readPdf(bytes)).join(" "));
    expect(text).toContain(`Invoice ${prefix}-00001`);
    expect(text).toContain(team.company.name);
    expect(text).toContain("Ontario");
    expect(text).toContain("HST 13% (Ontario) $38.87");
    expect(text).toContain("Total due $337.87");
    // The supplier as a Canadian tax invoice must show it (SUPPLIER_* of the operator's environment).
    expect(text).toContain("ClauseWise Technologies Inc. 200 Bay Street, Suite 1200 Toronto ON M5J 2J1 GST/HST registration no. 123456789 RT0001");
    expect(text).toContain("Status: payment due");

    // The receipt waits for the payment.
    const early = await admin.get(`/api/billing/invoices/${first!.id}/pdf?kind=receipt`);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: "conflict", message: INVOICE_MESSAGES.notPaid });

    // A plan change starts a new period: the next number.
    expect((await admin.post("/api/create-subscription", { planId: "enterprise" })).status).toBe(201);
    const again = await admin.get<InvoiceListResponse>("/api/billing/invoices");
    expect(again.body.invoices.map((i) => [i.number, i.subtotal, i.tax])).toEqual([
      [`${prefix}-00002`, 79_900, 10_387],
      [`${prefix}-00001`, 29_900, 3_887],
    ]);

    // An operator records one invoice's amount: the oldest is paid, with its receipt.
    expect((await signedIn(t, ops).post(`/api/admin/companies/${team.company.id}/record-payment`, { amount: 337.87, notes: "Cheque #1042" })).status).toBe(200);
    const paid = (await admin.get<InvoiceListResponse>("/api/billing/invoices")).body.invoices.find((i) => i.number === `${prefix}-00001`)!;
    expect(paid).toMatchObject({ status: "paid", receiptUrl: `/api/billing/invoices/${paid.id}/pdf?kind=receipt` });
    const receipt = await pdfOf(t, team.admin.token, paid.receiptUrl!);
    expect(receipt.res.headers.get("content-disposition")).toContain(`receipt-${prefix}-00001.pdf`);
    const receiptText = flat((await readPdf(receipt.bytes)).join(" "));
    expect(receiptText).toContain(`Receipt ${prefix}-00001`);
    expect(receiptText).toContain("Total paid $337.87");
    expect(receiptText).toContain("Cheque #1042");
  });

  it("numbers per company, and charges GST only without a province (and says so)", async () => {
    const one = await subscribedIn(null, "starter");
    const two = await subscribedIn("AB", "starter");
    const [a] = (await signedIn(t, one.admin.token).get<InvoiceListResponse>("/api/billing/invoices")).body.invoices;
    const [b] = (await signedIn(t, two.admin.token).get<InvoiceListResponse>("/api/billing/invoices")).body.invoices;
    expect(a!.number.endsWith("-00001") && b!.number.endsWith("-00001")).toBe(true);
    expect(a!.number).not.toBe(b!.number);
    expect([a!.taxLabel, a!.tax, a!.total]).toEqual(["GST 5%", 495, 10_395]);
    expect([b!.taxLabel, b!.tax]).toEqual(["GST 5%", 495]);
    const text = flat((await readPdf((await pdfOf(t, one.admin.token, a!.invoiceUrl)).bytes)).join(" "));
    expect(text).toContain("GST 5% (province not set: federal GST only) $4.95");
    const nb = await subscribedIn("NB");
    expect((await signedIn(t, nb.admin.token).get<InvoiceListResponse>("/api/billing/invoices")).body.invoices[0]).toMatchObject({ taxLabel: "HST 15%", tax: 4_485 });
  });

  it("is the company admin's: other roles get 403", async () => {
    const team = await subscribedIn("ON");
    const [invoice] = (await signedIn(t, team.admin.token).get<InvoiceListResponse>("/api/billing/invoices")).body.invoices;
    for (const role of ["approver", "reviewer"] as const) {
      const member = signedIn(t, team[role].token);
      expect((await member.get("/api/billing/invoices")).status).toBe(403);
      const pdf = await member.get(invoice!.invoiceUrl);
      expect(pdf.status).toBe(403);
      expect(pdf.body).toMatchObject({ error: "forbidden" });
      expect((await member.post("/api/billing/payment-method")).status).toBe(403);
    }
    expect((await t.client().get("/api/billing/invoices")).status).toBe(401);
  });

  it("another company's invoice is 404 and never listed", async () => {
    const mine = await subscribedIn("ON");
    const other = await subscribedIn("QC");
    const [theirs] = (await signedIn(t, other.admin.token).get<InvoiceListResponse>("/api/billing/invoices")).body.invoices;
    const admin = signedIn(t, mine.admin.token);
    const res = await admin.get(theirs!.invoiceUrl);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: INVOICE_MESSAGES.notFound });
    expect((await admin.get(`${theirs!.invoiceUrl}?kind=receipt`)).status).toBe(404);
    expect((await admin.get<InvoiceListResponse>("/api/billing/invoices")).body.invoices.map((i) => i.id)).not.toContain(theirs!.id);
  });

  it("rejects bad input: an unknown document kind, a malformed id, an unknown province; nothing changes", async () => {
    const team = await subscribedIn("ON");
    const admin = signedIn(t, team.admin.token);
    const [invoice] = (await admin.get<InvoiceListResponse>("/api/billing/invoices")).body.invoices;
    const kind = await admin.get(`/api/billing/invoices/${invoice!.id}/pdf?kind=statement`);
    expect(kind.status).toBe(400);
    expect(kind.body).toMatchObject({ error: "validation_failed", message: expect.stringContaining("kind must be invoice or receipt") });
    for (const id of ["not-an-id", "in_fake1", "00000000-0000-0000-0000-000000000000"]) expect((await admin.get(`/api/billing/invoices/${id}/pdf`)).status).toBe(404);
    const province = await admin.request("PATCH", "/api/settings/company", { companyName: "X", industry: "energy", companySize: "1-10", province: "XX" });
    expect(province.status).toBe(400);
    const [row] = await t.deps.db.select().from(companies).where(eq(companies.id, team.company.id));
    expect([row!.province, row!.name]).toEqual(["ON", team.company.name]);
    expect(await invoiceCount(t, team.company.id)).toBe(1);
  });

  it("has no card to update in manual billing, and says so", async () => {
    const team = await subscribedIn("ON");
    const res = await signedIn(t, team.admin.token).post("/api/billing/payment-method");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: INVOICE_MESSAGES.manualCard });
  });
});

describe("invoices and the card through Stripe", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test", publishableKey: "pk_test", apiBase: stripe.apiBase, prices: PRICES } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function customerTeam() {
    const team = await createTeam(t.deps.db);
    expect((await signedIn(t, team.admin.token).post("/api/create-subscription", { planId: "professional" })).status).toBe(201);
    const [row] = await t.deps.db.select().from(companies).where(eq(companies.id, team.company.id));
    return { team, customer: row!.stripeCustomerId! };
  }

  it("lists the company's Stripe invoices and sends their PDFs from Stripe; another customer's is 404", async () => {
    const { team, customer } = await customerTeam();
    const { customer: otherCustomer } = await customerTeam();
    const paid = stripe.addInvoice(customer, { total: 33_787, tax: 3_887 });
    const open = stripe.addInvoice(customer, { status: "open" });
    const theirs = stripe.addInvoice(otherCustomer);
    const admin = signedIn(t, team.admin.token);

    const list = await admin.get<InvoiceListResponse>("/api/billing/invoices");
    expect(list.status).toBe(200);
    expect(list.body.billingMode).toBe("stripe");
    expect(list.body.invoices.map((i) => i.id).sort()).toEqual([paid.id, open.id].sort());
    expect(list.body.invoices.find((i) => i.id === paid.id)).toMatchObject({
      source: "stripe",
      subtotal: 29_900,
      tax: 3_887,
      total: 33_787,
      currency: "CAD",
      status: "paid",
      invoiceUrl: `https://pay.stripe.test/invoice/${paid.id}/pdf`,
      receiptUrl: `https://invoice.stripe.test/i/${paid.id}`,
    });
    expect(stripe.requests.some((r) => r.method === "GET" && r.path === "/v1/invoices" && r.params.customer === customer)).toBe(true);

    const pdf = await admin.get(`/api/billing/invoices/${paid.id}/pdf`);
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("location")).toBe(`https://pay.stripe.test/invoice/${paid.id}/pdf`);
    expect((await admin.get(`/api/billing/invoices/${open.id}/pdf?kind=receipt`)).body).toEqual({ error: "conflict", message: INVOICE_MESSAGES.notPaid });
    const foreign = await admin.get(`/api/billing/invoices/${theirs.id}/pdf`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("location")).toBeNull();
    expect((await admin.get("/api/billing/invoices/in_nosuch/pdf")).status).toBe(404);
  });

  it("opens Stripe's billing portal on updating the card, back to Settings › Billing", async () => {
    const { team, customer } = await customerTeam();
    const res = await signedIn(t, team.admin.token).post<{ url: string }>("/api/billing/payment-method");
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const call = stripe.requests.findLast((r) => r.path === "/v1/billing_portal/sessions");
    expect(call?.params).toMatchObject({ customer, flow_data: { type: "payment_method_update" }, return_url: expect.stringMatching(/\/settings\?tab=billing$/) });

    const newcomer = await createTeam(t.deps.db);
    expect((await signedIn(t, newcomer.admin.token).post("/api/billing/payment-method")).body).toEqual({ error: "conflict", message: INVOICE_MESSAGES.noCustomer });
  });
});

describe("the supplier on invoices (SUPPLIER_* environment)", () => {
  it("refuses a malformed GST/HST number at start-up, and says so when none is set", () => {
    expect(() => loadConfig({ SUPPLIER_GST_NUMBER: "12345" })).toThrow(/GST\/HST registration number/);
    expect(loadConfig({ SUPPLIER_GST_NUMBER: "123456789 RT 0001", SUPPLIER_ADDRESS: " a | | b " }).supplier).toEqual({ legalName: null, addressLines: ["a", "b"], gstNumber: "123456789 RT0001" });
    expect(supplierLines(loadConfig({}).supplier)).toEqual(["ClauseWise", "GST/HST registration no.: not set by the operator (SUPPLIER_GST_NUMBER)"]);
  });
});
