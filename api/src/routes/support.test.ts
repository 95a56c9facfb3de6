import { randomUUID } from "node:crypto";
import { SUPPORT_MESSAGES, knowledgeBaseArticle, supportTicket, type KnowledgeBaseArticle, type SupportTicket } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, knowledgeBaseArticles, supportTickets } from "../db/schema";
import { ARTICLES } from "../support/article-texts";
import { seedKnowledgeBase } from "../support/articles";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";
import { createSession } from "../auth/sessions";

const SUPPORT_EMAIL = "helpdesk@clausewise.example";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: SUPPORT_EMAIL });
  await seedKnowledgeBase(t.deps.db);
});
afterAll(() => t.close());

const validTicket = {
  subject: "Cannot open the analysis report",
  description: "The Download AI Analysis Report button shows an error on the Gas Plant EPC contract.",
  category: "technical",
  priority: "high",
};

async function ticketCount(companyId: string) {
  return (await t.deps.db.select().from(supportTickets).where(eq(supportTickets.companyId, companyId))).length;
}

async function mailsAbout(ticketId: string) {
  const rows = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, SUPPORT_EMAIL));
  return rows.filter((row) => row.subject.includes(ticketId.slice(-8)));
}

describe("POST /api/support/tickets", () => {
  it("creates an open ticket for the caller, audits it and e-mails the support address", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.reviewer.token).post<SupportTicket>("/api/support/tickets", { ...validTicket, subject: "  Cannot open the analysis report  " });
    expect(res.status).toBe(201);
    const ticket = supportTicket.parse(res.body);
    expect(ticket).toMatchObject({ subject: "Cannot open the analysis report", category: "technical", priority: "high", status: "open", resolvedAt: null });

    const [row] = await t.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ userId: team.reviewer.user.id, companyId: team.company.id });
    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, ticket.id), eq(auditEvents.action, "support_ticket.create")));
    expect(audit).toHaveLength(1);

    const [mail] = await mailsAbout(ticket.id);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`[High] Support ticket #${ticket.id.slice(-8)}: Cannot open the analysis report`);
    expect(mail!.text).toContain(team.reviewer.user.email);
    expect(mail!.text).toContain(team.company.name);
    expect(mail!.text).toContain("respond within 8 hours");
    expect(mail!.text).toContain(validTicket.description);
    expect(mail!.status).toBe("logged");
  });

  it("escapes what the user typed in the HTML of the mail", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post<SupportTicket>("/api/support/tickets", {
      ...validTicket,
      subject: "<script>alert(1)</script> broken",
      description: 'Clicking <img src=x onerror="alert(1)"> does nothing at all here.',
    });
    expect(res.status).toBe(201);
    const [mail] = await mailsAbout(res.body.id);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).toContain("&lt;script&gt;");
  });

  it.each([
    [{ ...validTicket, subject: "Help" }, "subject", SUPPORT_MESSAGES.subjectTooShort],
    [{ ...validTicket, subject: "     Help      " }, "subject", SUPPORT_MESSAGES.subjectTooShort],
    [{ ...validTicket, description: "Too short to say." }, "description", SUPPORT_MESSAGES.descriptionTooShort],
    [{ ...validTicket, category: "" }, "category", SUPPORT_MESSAGES.categoryRequired],
    [{ ...validTicket, category: "complaints" }, "category", SUPPORT_MESSAGES.categoryRequired],
    [{ subject: validTicket.subject, description: validTicket.description, category: "general" }, "priority", SUPPORT_MESSAGES.priorityRequired],
    [{ ...validTicket, priority: "critical" }, "priority", SUPPORT_MESSAGES.priorityRequired],
    [{ ...validTicket, subject: "x".repeat(201) }, "subject", SUPPORT_MESSAGES.subjectTooLong],
  ])("refuses bad input with the spec's message and records nothing (%#)", async (body, field, message) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.approver.token).post<{ error: string; message: string; fields: Record<string, string> }>("/api/support/tickets", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("validation_failed");
    expect(res.body.message).toBe(`${field}: ${message}`);
    expect(res.body.fields[field]).toBe(message);
    expect(await ticketCount(team.company.id)).toBe(0);
  });

  it("refuses a body that is not JSON", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post("/api/support/tickets", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "bad_request" });
    expect(await ticketCount(team.company.id)).toBe(0);
  });

  it("needs a signed-in user", async () => {
    const before = (await t.deps.db.select().from(supportTickets)).length;
    const res = await t.client().post("/api/support/tickets", validTicket);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });
    expect((await t.deps.db.select().from(supportTickets)).length).toBe(before);
  });

  it("refuses a deactivated member", async () => {
    const team = await createTeam(t.deps.db);
    const inactive = await createUser(t.deps.db, { companyId: team.company.id, isActive: false });
    const res = await signedIn(t, await createSession(t.deps.db, inactive.id)).post("/api/support/tickets", validTicket);
    expect([401, 403]).toContain(res.status);
    expect(await ticketCount(team.company.id)).toBe(0);
  });
});

describe("GET /api/support/tickets", () => {
  it("lists only the caller's own tickets, newest first", async () => {
    const team = await createTeam(t.deps.db);
    const reviewer = signedIn(t, team.reviewer.token);
    const first = await reviewer.post<SupportTicket>("/api/support/tickets", { ...validTicket, subject: "First question" });
    const second = await reviewer.post<SupportTicket>("/api/support/tickets", { ...validTicket, subject: "Second question" });
    await signedIn(t, team.admin.token).post("/api/support/tickets", { ...validTicket, subject: "Admin's own ticket" });
    const other = await createTeam(t.deps.db);
    await signedIn(t, other.reviewer.token).post("/api/support/tickets", { ...validTicket, subject: "Another company's ticket" });

    const res = await reviewer.get<SupportTicket[]>("/api/support/tickets");
    expect(res.status).toBe(200);
    expect(res.body.map((ticket) => ticket.subject)).toEqual(["Second question", "First question"]);
    expect(res.body.map((ticket) => ticket.id)).toEqual([second.body.id, first.body.id]);
  });

  it("shows a ticket's status as the support team sets it", async () => {
    const team = await createTeam(t.deps.db);
    const created = await signedIn(t, team.reviewer.token).post<SupportTicket>("/api/support/tickets", validTicket);
    const resolvedAt = new Date("2026-03-02T15:00:00Z");
    await t.deps.db.update(supportTickets).set({ status: "resolved", resolvedAt }).where(eq(supportTickets.id, created.body.id));
    const res = await signedIn(t, team.reviewer.token).get<SupportTicket[]>("/api/support/tickets");
    expect(res.body[0]).toMatchObject({ id: created.body.id, status: "resolved", resolvedAt: resolvedAt.toISOString() });
  });

  it("answers 401 when signed out", async () => {
    const res = await t.client().get("/api/support/tickets");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });
  });
});

describe("GET /api/support/tickets/:id", () => {
  it("shows the author their ticket and lets the company admin read it", async () => {
    const team = await createTeam(t.deps.db);
    const created = await signedIn(t, team.reviewer.token).post<SupportTicket>("/api/support/tickets", validTicket);
    const mine = await signedIn(t, team.reviewer.token).get<SupportTicket>(`/api/support/tickets/${created.body.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ ...created.body, replies: [] });
    const byAdmin = await signedIn(t, team.admin.token).get<SupportTicket>(`/api/support/tickets/${created.body.id}`);
    expect(byAdmin.status).toBe(200);
  });

  it("answers another non-admin member of the same company 404, exactly as for a missing ticket", async () => {
    const team = await createTeam(t.deps.db);
    const created = await signedIn(t, team.reviewer.token).post<SupportTicket>("/api/support/tickets", validTicket);
    const client = signedIn(t, team.approver.token);
    const res = await client.get(`/api/support/tickets/${created.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "No such support ticket." });
    expect((await client.get(`/api/support/tickets/${randomUUID()}`)).body).toEqual(res.body);
  });

  it("answers another company's ticket, a random id and a malformed id with the same 404", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const foreign = await signedIn(t, other.reviewer.token).post<SupportTicket>("/api/support/tickets", validTicket);
    const client = signedIn(t, team.admin.token);
    for (const id of [foreign.body.id, randomUUID(), "not-a-uuid"]) {
      const res = await client.get(`/api/support/tickets/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: "not_found" });
    }
  });
});

describe("GET /api/support/knowledge-base", () => {
  it("is public and lists every seeded article", async () => {
    const res = await t.client().get<KnowledgeBaseArticle[]>("/api/support/knowledge-base");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(ARTICLES.length);
    expect(ARTICLES.length).toBeGreaterThanOrEqual(8);
    for (const article of res.body) knowledgeBaseArticle.parse(article);
    expect(res.body.map((a) => a.slug).sort()).toEqual(ARTICLES.map((a) => a.slug).sort());
  });

  it("searches title or content case-insensitively", async () => {
    const client = t.client();
    const byTitle = await client.get<KnowledgeBaseArticle[]>("/api/support/knowledge-base?search=JURISDICTIONAL");
    expect(byTitle.body.map((a) => a.slug)).toContain("jurisdictional-analysis");
    // Only in the content of the upload article, not in any title.
    const byContent = await client.get<KnowledgeBaseArticle[]>("/api/support/knowledge-base?search=300%20DPI");
    expect(byContent.body.map((a) => a.slug)).toEqual(["uploading-contracts"]);
    const none = await client.get<KnowledgeBaseArticle[]>("/api/support/knowledge-base?search=xylophone");
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it("treats % and _ as letters, not wildcards", async () => {
    const res = await t.client().get<KnowledgeBaseArticle[]>("/api/support/knowledge-base?search=%25%25%25");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const underscore = await t.client().get<KnowledgeBaseArticle[]>("/api/support/knowledge-base?search=r_sk");
    expect(underscore.body).toEqual([]);
  });

  it("refuses an overlong search with 400", async () => {
    const res = await t.client().get(`/api/support/knowledge-base?search=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: `search: ${SUPPORT_MESSAGES.searchTooLong}` });
  });
});

describe("GET /api/support/knowledge-base/:id", () => {
  it("returns the article and counts the view", async () => {
    const [row] = await t.deps.db.select().from(knowledgeBaseArticles).where(eq(knowledgeBaseArticles.slug, "asking-questions"));
    const client = t.client();
    const first = await client.get<KnowledgeBaseArticle>(`/api/support/knowledge-base/${row!.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ slug: "asking-questions", viewCount: row!.viewCount + 1 });
    const second = await client.get<KnowledgeBaseArticle>(`/api/support/knowledge-base/${row!.id}`);
    expect(second.body.viewCount).toBe(row!.viewCount + 2);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [randomUUID(), "nope"]) {
      const res = await t.client().get(`/api/support/knowledge-base/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: "not_found" });
    }
  });
});

describe("seedKnowledgeBase", () => {
  it("is idempotent, updates texts and keeps view counts", async () => {
    const [before] = await t.deps.db.select().from(knowledgeBaseArticles).where(eq(knowledgeBaseArticles.slug, "exporting-reports"));
    await t.deps.db.update(knowledgeBaseArticles).set({ viewCount: 41, title: "Old title" }).where(eq(knowledgeBaseArticles.id, before!.id));
    await Promise.all([seedKnowledgeBase(t.deps.db), seedKnowledgeBase(t.deps.db)]);
    const rows = await t.deps.db.select().from(knowledgeBaseArticles);
    expect(rows.length).toBe(ARTICLES.length);
    const after = rows.find((r) => r.slug === "exporting-reports")!;
    expect(after.id).toBe(before!.id);
    expect(after.viewCount).toBe(41);
    expect(after.title).toBe(ARTICLES.find((a) => a.slug === "exporting-reports")!.title);
  });
});

describe("GET /api/support/contact", () => {
  it("is public and names the configured support address for every kind of enquiry", async () => {
    const res = await t.client().get("/api/support/contact");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emails: { general: SUPPORT_EMAIL, technical: SUPPORT_EMAIL, billing: SUPPORT_EMAIL, sales: SUPPORT_EMAIL } });
  });
});
