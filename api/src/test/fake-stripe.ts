/**
 * A local HTTP server that speaks the part of Stripe's REST API that billing uses, for the real
 * `stripe` SDK pointed at it with host/port/protocol (DESIGN.md §7: fakes only at the edge of the
 * world). Objects follow the shapes of the SDK's API version (2025-03-31 and later): billing periods on
 * the subscription items, the first invoice's `confirmation_secret`. Port 0; tests drive the state
 * (activate a subscription, attach a card) and read back the requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeRequest {
  method: string;
  path: string;
  /** Form body (POST) or query (GET), with Stripe's bracket keys unfolded. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

type Obj = Record<string, unknown> & { id: string };

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  requests: StripeRequest[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** A finalized invoice of `customer` as Stripe issues them (amounts in cents), with its PDF address. */
  addInvoice(customer: string, options?: { total?: number; tax?: number; status?: "open" | "paid" | "void" | "draft"; description?: string }): Obj;
  /** Answer the next `times` API calls (default 1) with this Stripe error instead; the SDK retries once. */
  failNext(status: number, message: string, options?: { type?: string; times?: number }): void;
  /** What Stripe does after the card form confirms the first payment: active, with the card as default. */
  activate(subscriptionId: string, card?: FakeCard): Obj;
  close(): Promise<void>;
}

/** Stripe's form encoding (`items[0][price]=x`, `expand[0]=y`) back into objects and arrays. */
export function unfoldParams(search: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysOf(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

const expandList = (params: Record<string, unknown>): string[] => (Array.isArray(params.expand) ? (params.expand as string[]) : []);
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

export async function startFakeStripe(secretKey = "sk_test_fake_clausewise"): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, unknown>();
  let counter = 0;
  let failure: { status: number; message: string; type: string; times: number } | null = null;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;

  function item(price: string, start: number) {
    return { id: nextId("si"), object: "subscription_item", price: { id: price, object: "price" }, quantity: 1, current_period_start: start, current_period_end: start + MONTH };
  }

  function viewSubscription(sub: Obj, expand: string[]): Obj {
    const view: Obj = { ...sub };
    if (expand.includes("latest_invoice") || expand.some((e) => e.startsWith("latest_invoice."))) {
      const invoiceId = sub.latest_invoice as string;
      view.latest_invoice = {
        id: invoiceId,
        object: "invoice",
        status: sub.status === "incomplete" ? "open" : "paid",
        confirmation_secret: expand.includes("latest_invoice.confirmation_secret") ? { client_secret: `pi_${invoiceId}_secret_fake`, type: "payment_intent" } : null,
      };
    }
    if (expand.includes("default_payment_method") && typeof sub.default_payment_method === "string") {
      view.default_payment_method = paymentMethods.get(sub.default_payment_method) ?? null;
    }
    return view;
  }

  function viewCustomer(customer: Obj, expand: string[]): Obj {
    const settings = customer.invoice_settings as { default_payment_method: string | null };
    if (expand.includes("invoice_settings.default_payment_method") && settings.default_payment_method) {
      return { ...customer, invoice_settings: { ...settings, default_payment_method: paymentMethods.get(settings.default_payment_method) ?? null } };
    }
    return customer;
  }

  function handle(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const expand = expandList(params);
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Obj = { id: nextId("cus"), object: "customer", name: params.name ?? null, email: params.email ?? null, metadata, invoice_settings: { default_payment_method: null } };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    let match = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (match && method === "GET") {
      const customer = customers.get(match[1]!);
      return customer ? [200, viewCustomer(customer, expand)] : [404, null];
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      if (!customers.has(String(params.customer))) return [404, null];
      const items = (params.items ?? []) as { price: string }[];
      const start = now();
      const sub: Obj = {
        id: nextId("sub"),
        object: "subscription",
        customer: params.customer,
        status: params.payment_behavior === "default_incomplete" ? "incomplete" : "active",
        cancel_at_period_end: false,
        metadata,
        items: { object: "list", data: items.map((i) => item(i.price, start)) },
        latest_invoice: nextId("in"),
        default_payment_method: null,
        created: start,
      };
      subscriptions.set(sub.id, sub);
      return [200, viewSubscription(sub, expand)];
    }
    if (method === "GET" && path === "/v1/invoices") {
      const data = [...invoices.values()].filter((i) => !params.customer || i.customer === params.customer).reverse();
      return [200, { object: "list", data, has_more: false, url: "/v1/invoices" }];
    }
    match = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (match && method === "GET") {
      const invoice = invoices.get(match[1]!);
      return invoice ? [200, invoice] : [404, null];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(params.customer as string)) return [404, null];
      const id = nextId("bps");
      return [200, { id, object: "billing_portal.session", customer: params.customer, return_url: params.return_url ?? null, flow: params.flow_data ?? null, url: `https://billing.stripe.test/p/session/${id}` }];
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return [404, null];
      if (method === "GET") return [200, viewSubscription(sub, expand)];
      if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === "true";
      if (params.metadata) sub.metadata = { ...(sub.metadata as object), ...metadata };
      if (Array.isArray(params.items)) {
        const list = sub.items as { data: ReturnType<typeof item>[] };
        for (const change of params.items as { id?: string; price: string }[]) {
          const existing = list.data.find((i) => i.id === change.id);
          if (existing) existing.price = { id: change.price, object: "price" };
          else list.data.push(item(change.price, now()));
        }
      }
      return [200, viewSubscription(sub, expand)];
    }
    return [404, null];
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const raw = await readBody(req);
      const params = unfoldParams(req.method === "GET" ? url.searchParams : new URLSearchParams(raw));
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, params, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      if (failure) {
        const { status, message, type } = failure;
        failure = failure.times > 1 ? { ...failure, times: failure.times - 1 } : null;
        return send(res, status, { error: { type, message } });
      }
      const replayKey = idempotencyKey && req.method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
      if (replayKey && idempotent.has(replayKey)) return send(res, 200, idempotent.get(replayKey));
      const [status, body] = handle(req.method ?? "GET", url.pathname, params);
      if (status === 404) return send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: ${url.pathname}` } });
      if (replayKey) idempotent.set(replayKey, body);
      send(res, status, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    customers,
    subscriptions,
    invoices,
    addInvoice(customer, options = {}) {
      const id = nextId("in");
      const total = options.total ?? 33_787;
      const tax = options.tax ?? 3_887;
      const invoice: Obj = {
        id,
        object: "invoice",
        customer,
        number: `FAKE-${String(invoices.size + 1).padStart(4, "0")}`,
        status: options.status ?? "paid",
        created: now(),
        currency: "cad",
        subtotal: total - tax,
        total_excluding_tax: total - tax,
        total,
        amount_paid: options.status === "paid" || options.status === undefined ? total : 0,
        description: null,
        lines: { object: "list", data: [{ id: nextId("il"), object: "line_item", description: options.description ?? "1 × ClauseWise Professional (at $299.00 / month)" }], has_more: false },
        invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
        hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      };
      invoices.set(id, invoice);
      return invoice;
    },
    failNext(status, message, options = {}) {
      failure = { status, message, type: options.type ?? "api_error", times: options.times ?? 1 };
    },
    activate(subscriptionId, card = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 }) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`fake-stripe: no subscription ${subscriptionId}`);
      const pm: Obj = { id: nextId("pm"), object: "payment_method", type: "card", card };
      paymentMethods.set(pm.id, pm);
      sub.status = "active";
      sub.default_payment_method = pm.id;
      return { ...sub };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event envelope around `object`, as the webhook endpoint receives it. */
export function stripeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_fake_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
