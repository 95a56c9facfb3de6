import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SUPPORT_DESK_MESSAGES,
  inboxTicket,
  inboxTicketDetail,
  supportTicketDetail,
  ticketReply,
  type InboxTicket,
  type InboxTicketDetail,
  type SupportContact,
  type SupportTicket,
  type SupportTicketDetail,
} from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { auditEvents, emailOutbox, supportTickets } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

/* Issue 16, item 10: replies between the requester and support, acknowledgements, contact details. */

const SUPPORT_EMAIL = "helpdesk@clausewise.example";
const OPS_EMAIL = "desk-ops@clausewise.test";
let t: TestApp;
let ops: string;

beforeAll(async () => {
  t = await createTestApp({ supportEmail: SUPPORT_EMAIL, platformAdminEmails: [OPS_EMAIL], appUrl: "http://app.clausewise.example" });
  const home = await createCompany(t.deps.db, { name: "ClauseWise Operations" });
  const operator = await createUser(t.deps.db, { companyId: home.id, role: "reviewer", email: OPS_EMAIL, firstName: "Olive", lastName: "Operator" });
  ops = await createSession(t.deps.db, operator.id);
});
afterAll(() => t.close());

const db = () => t.deps.db;
const desk = () => signedIn(t, ops);
const ticketBody = { subject: "Cannot open the report", description: "The analysis report download shows an error every time.", category: "technical", priority: "urgent" };

async function raise(team: Awaited<ReturnType<typeof createTeam>>, as: "reviewer" | "approver" = "reviewer") {
  const res = await signedIn(t, team[as].token).post<SupportTicket>("/api/support/tickets", ticketBody);
  expect(res.status).toBe(201);
  return res.body;
}

const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe("a new ticket", () => {
  it("is acknowledged to the requester by e-mail, with its number and the response target", async () => {
    const team = await createTeam(db());
    const ticket = await raise(team);
    const [ack] = await mailsTo(team.reviewer.user.email);
    expect(ack!.subject).toBe(`We received your support ticket #${ticket.id.slice(-8)}: Cannot open the report`);
    expect(ack!.text).toContain("we aim to respond within 2 hours");
    expect(ack!.text).toContain(`http://app.clausewise.example/support?ticket=${ticket.id}`);
    expect((await mailsTo(SUPPORT_EMAIL)).some((m) => m.subject.includes(ticket.id.slice(-8)))).toBe(true);
  });
});

describe("the conversation on a ticket", () => {
  it("support replies (mailed to the requester), the requester answers (mailed to support), both read it in order", async () => {
    const team = await createTeam(db());
    const ticket = await raise(team);

    const answer = await desk().post(`/api/admin/support/tickets/${ticket.id}/replies`, { body: "Could you send the contract's title?\nThanks." });
    expect(answer.status).toBe(201);
    expect(ticketReply.parse(answer.body)).toMatchObject({ side: "support", authorName: "ClauseWise Support (Olive Operator)" });
    const toRequester = (await mailsTo(team.reviewer.user.email)).find((m) => m.subject.startsWith("Reply on your support ticket"));
    expect(toRequester!.text).toContain("Could you send the contract's title?\nThanks.");
    expect(toRequester!.html).toContain("http://app.clausewise.example/support?ticket=");

    const back = await signedIn(t, team.reviewer.token).post(`/api/support/tickets/${ticket.id}/replies`, { body: "  It is <b>Gas Plant EPC</b>.  " });
    expect(back.status).toBe(201);
    const toSupport = (await mailsTo(SUPPORT_EMAIL)).find((m) => m.subject.startsWith("Requester replied on ticket"));
    expect(toSupport!.text).toContain("It is <b>Gas Plant EPC</b>.");
    expect(toSupport!.html).toContain("It is &lt;b&gt;Gas Plant EPC&lt;/b&gt;.");
    expect(toSupport!.text).toContain(team.company.name);

    const mine = await signedIn(t, team.reviewer.token).get<SupportTicketDetail>(`/api/support/tickets/${ticket.id}`);
    const detail = supportTicketDetail.parse(mine.body);
    expect(detail.status).toBe("in_progress");
    expect(detail.replies.map((r) => [r.side, r.authorName, r.body])).toEqual([
      ["support", "ClauseWise Support", "Could you send the contract's title?\nThanks."],
      ["requester", "Test User", "It is <b>Gas Plant EPC</b>."],
    ]);
    const inbox = inboxTicketDetail.parse((await desk().get<InboxTicketDetail>(`/api/admin/support/tickets/${ticket.id}`)).body);
    expect(inbox).toMatchObject({ companyName: team.company.name, requester: { email: team.reviewer.user.email }, replyCount: 2, awaiting: "support" });
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, ticket.id), eq(auditEvents.action, "support_ticket.reply")));
    expect(audit.map((a) => a.userId).sort()).toEqual([team.reviewer.user.id, (await desk().get<{ id: string }>("/api/auth/user")).body.id].sort());
  });

  it("lets support resolve a ticket; the requester's reply reopens it; a closed ticket takes no replies", async () => {
    const team = await createTeam(db());
    const ticket = await raise(team);
    const resolved = await desk().request<InboxTicketDetail>("PATCH", `/api/admin/support/tickets/${ticket.id}/status`, { status: "resolved" });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe("resolved");
    expect(resolved.body.resolvedAt).not.toBeNull();
    expect((await signedIn(t, team.reviewer.token).post(`/api/support/tickets/${ticket.id}/replies`, { body: "Still broken." })).status).toBe(201);
    const [row] = await db().select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ status: "open", resolvedAt: null });

    expect((await desk().request("PATCH", `/api/admin/support/tickets/${ticket.id}/status`, { status: "closed" })).status).toBe(200);
    for (const attempt of [
      signedIn(t, team.reviewer.token).post(`/api/support/tickets/${ticket.id}/replies`, { body: "Hello?" }),
      desk().post(`/api/admin/support/tickets/${ticket.id}/replies`, { body: "Hello?" }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message: SUPPORT_DESK_MESSAGES.closed });
    }
  });

  it("lists active tickets of every company in the inbox, and by status", async () => {
    const a = await createTeam(db());
    const b = await createTeam(db());
    const first = await raise(a);
    const second = await raise(b, "approver");
    const inbox = await desk().get<InboxTicket[]>("/api/admin/support/tickets");
    expect(inbox.status).toBe(200);
    const ids = inbox.body.map((row) => inboxTicket.parse(row).id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    await desk().request("PATCH", `/api/admin/support/tickets/${first.id}/status`, { status: "resolved" });
    expect((await desk().get<InboxTicket[]>("/api/admin/support/tickets")).body.map((r) => r.id)).not.toContain(first.id);
    expect((await desk().get<InboxTicket[]>("/api/admin/support/tickets?status=resolved")).body.map((r) => r.id)).toContain(first.id);
  });

  it("keeps replies to the requester: not a colleague (404), not their admin (403), not another company (404)", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const ticket = await raise(team);
    const path = `/api/support/tickets/${ticket.id}/replies`;
    expect((await signedIn(t, team.approver.token).post(path, { body: "Me too" })).status).toBe(404);
    const admin = await signedIn(t, team.admin.token).post(path, { body: "Me too" });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(SUPPORT_DESK_MESSAGES.requesterOnly);
    expect((await signedIn(t, other.admin.token).post(path, { body: "Me too" })).status).toBe(404);
    expect((await t.client().post(path, { body: "Me too" })).status).toBe(401);
    expect((await signedIn(t, team.reviewer.token).post(`/api/support/tickets/${randomUUID()}/replies`, { body: "Hi" })).status).toBe(404);
  });

  it("keeps the desk to operators: company members 403 on their own tickets, 404 on another company's", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const ticket = await raise(team);
    for (const token of [team.admin.token, team.reviewer.token]) {
      const res = await signedIn(t, token).post(`/api/admin/support/tickets/${ticket.id}/replies`, { body: "I am support" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SUPPORT_DESK_MESSAGES.operatorsOnly);
      expect((await signedIn(t, token).get("/api/admin/support/tickets")).status).toBe(403);
    }
    expect((await signedIn(t, other.admin.token).get(`/api/admin/support/tickets/${ticket.id}`)).status).toBe(404);
    expect((await signedIn(t, other.admin.token).request("PATCH", `/api/admin/support/tickets/${ticket.id}/status`, { status: "closed" })).status).toBe(404);
    expect((await desk().get(`/api/admin/support/tickets/${randomUUID()}`)).status).toBe(404);
    const [row] = await db().select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.status).toBe("open");
  });

  it("refuses empty, oversized and malformed replies and statuses with 400, changing nothing", async () => {
    const team = await createTeam(db());
    const ticket = await raise(team);
    const requester = signedIn(t, team.reviewer.token);
    for (const body of [{ body: "   " }, {}, { body: 42 }, { body: "x".repeat(10_001) }]) {
      const res = await requester.post(`/api/support/tickets/${ticket.id}/replies`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("validation_failed");
    }
    expect((await requester.post(`/api/support/tickets/${ticket.id}/replies`, { body: "   " })).body.message).toBe(`body: ${SUPPORT_DESK_MESSAGES.replyEmpty}`);
    const status = await desk().request("PATCH", `/api/admin/support/tickets/${ticket.id}/status`, { status: "done" });
    expect(status.status).toBe(400);
    expect((await desk().get("/api/admin/support/tickets?status=lost")).status).toBe(400);
    const detail = await requester.get<SupportTicketDetail>(`/api/support/tickets/${ticket.id}`);
    expect(detail.body.replies).toEqual([]);
    expect(detail.body.status).toBe("open");
  });
});

describe("contact details", () => {
  it("show each address once per kind with SUPPORT_EMAIL as fallback, and the postal address operators entered", async () => {
    const before = await t.client().get<SupportContact>("/api/support/contact");
    expect(before.body.emails).toEqual({ general: SUPPORT_EMAIL, technical: SUPPORT_EMAIL, billing: SUPPORT_EMAIL, sales: SUPPORT_EMAIL });
    const saved = await desk().request<SupportContact>("PUT", "/api/admin/support/contact", {
      billingEmail: "Billing@ClauseWise.example",
      salesEmail: "sales@clausewise.example",
      organization: "ClauseWise Inc.",
      addressLine1: "Suite 1200, 333 7 Ave SW",
      city: "Calgary",
      province: "Alberta",
      postalCode: "t2p2z1",
      country: "Canada",
    });
    expect(saved.status).toBe(200);
    const after = await t.client().get<SupportContact>("/api/support/contact");
    expect(after.body).toEqual({
      emails: { general: SUPPORT_EMAIL, technical: SUPPORT_EMAIL, billing: "billing@clausewise.example", sales: "sales@clausewise.example" },
      postalAddress: ["ClauseWise Inc.", "Suite 1200, 333 7 Ave SW", "Calgary, Alberta  T2P 2Z1", "Canada"],
    });
    expect((await desk().get("/api/admin/support/contact")).body).toMatchObject({ organization: "ClauseWise Inc.", postalCode: "T2P2Z1", billingEmail: "billing@clausewise.example" });
  });

  it("are kept by operators only, and refuse a bad e-mail or postal code", async () => {
    const team = await createTeam(db());
    expect((await signedIn(t, team.admin.token).request("PUT", "/api/admin/support/contact", { city: "Calgary" })).status).toBe(403);
    expect((await signedIn(t, team.admin.token).get("/api/admin/support/contact")).status).toBe(403);
    expect((await t.client().request("PUT", "/api/admin/support/contact", { city: "Calgary" })).status).toBe(401);
    const badEmail = await desk().request("PUT", "/api/admin/support/contact", { salesEmail: "not-an-address" });
    expect(badEmail.status).toBe(400);
    const badCode = await desk().request("PUT", "/api/admin/support/contact", { postalCode: "12345", country: "Canada" });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe(`postalCode: ${SUPPORT_DESK_MESSAGES.badPostalCode}`);
    // Another country's code is its own business.
    expect((await desk().request("PUT", "/api/admin/support/contact", { postalCode: "12345", country: "United States" })).status).toBe(200);
  });
});
