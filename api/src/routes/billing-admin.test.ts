import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OVERDUE_SUSPENSION_DAYS, adminCompany, adminCompanyDetail, type AdminCompany, type AdminCompanyDetail } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { apiKeys, auditEvents, billingEvents, companies, emailOutbox, sessions, subscriptions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { TEST_PASSWORD, createCompany, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

const OPS_EMAIL = "ops@clausewise.test";
const DAY = 86_400_000;
let t: TestApp;
let ops: { token: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp({ platformAdminEmails: [OPS_EMAIL] });
  const home = await createCompany(t.deps.db, { name: "ClauseWise Operations" });
  // A reviewer by role: being an operator comes from PLATFORM_ADMIN_EMAILS, not from the company role.
  const user = await createUser(t.deps.db, { companyId: home.id, role: "reviewer", email: OPS_EMAIL });
  ops = { token: await createSession(t.deps.db, user.id), companyId: home.id };
});
afterAll(() => t.close());

const operator = () => signedIn(t, ops.token);

async function companyRow(id: string) {
  const [row] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

async function eventsOf(companyId: string) {
  return t.deps.db.select().from(billingEvents).where(eq(billingEvents.companyId, companyId)).orderBy(desc(billingEvents.createdAt));
}

async function mailsTo(email: string) {
  return t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

describe("GET /api/admin/companies", () => {
  it("lists every company for a platform operator, with the admin-view fields", async () => {
    const team = await createTeam(t.deps.db);
    const res = await operator().get<AdminCompany[]>("/api/admin/companies");
    expect(res.status).toBe(200);
    const list = res.body.map((row) => adminCompany.parse(row));
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([team.company.id, ops.companyId]));
    const mine = list.find((c) => c.id === team.company.id)!;
    expect(mine).toMatchObject({ accountStatus: "active", paymentOverdueDays: 0, abilities: { suspend: true, reactivate: false, recordPayment: true } });
    // The operator's own company cannot be suspended from here.
    expect(list.find((c) => c.id === ops.companyId)!.abilities.suspend).toBe(false);
  });

  it("shows a company admin only their own company, read-only", async () => {
    const team = await createTeam(t.deps.db);
    await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).get<AdminCompany[]>("/api/admin/companies");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: team.company.id, abilities: { suspend: false, reactivate: false, recordPayment: false } });
  });

  it("refuses approvers and reviewers with 403 and the spec's message, and strangers with 401", async () => {
    const team = await createTeam(t.deps.db);
    for (const token of [team.approver.token, team.reviewer.token]) {
      const res = await signedIn(t, token).get("/api/admin/companies");
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: "Admin access is needed to view billing management." });
    }
    expect((await t.client().get("/api/admin/companies")).status).toBe(401);
  });
});

describe("GET /api/admin/companies/{id}", () => {
  it("returns the company, its admin user with email, and its billing events", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(billingEvents).values({ companyId: team.company.id, eventType: "plan_changed", adminNotes: "Starter → Professional" });
    const res = await operator().get<AdminCompanyDetail>(`/api/admin/companies/${team.company.id}`);
    expect(res.status).toBe(200);
    const detail = adminCompanyDetail.parse(res.body);
    expect(detail.company.id).toBe(team.company.id);
    expect(detail.adminUser).toEqual({ id: team.admin.user.id, firstName: "Test", lastName: "User", email: team.admin.user.email });
    expect(detail.billingEvents).toEqual([expect.objectContaining({ eventType: "plan_changed", amount: null, adminNotes: "Starter → Professional", emailSent: false })]);
  });

  it("answers 404 for another company to a company admin, and for unknown or malformed ids", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    expect((await signedIn(t, team.admin.token).get(`/api/admin/companies/${team.company.id}`)).status).toBe(200);
    const foreign = await signedIn(t, team.admin.token).get(`/api/admin/companies/${other.company.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: "not_found" });
    expect((await operator().get(`/api/admin/companies/${randomUUID()}`)).status).toBe(404);
    expect((await operator().get("/api/admin/companies/not-a-uuid")).status).toBe(404);
  });
});

describe("POST /api/admin/companies/{id}/suspend", () => {
  it("suspends the company, records the event, mails its admin and stops every user of it", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "ci", prefix: "cw_k", keyHash: sha256("cw_k-suspend-test") });
    expect((await signedIn(t, team.reviewer.token).get("/api/auth/user")).status).toBe(200);

    const res = await operator().post<AdminCompanyDetail>(`/api/admin/companies/${team.company.id}/suspend`, { reason: "  Unpaid invoices  ", notes: "Called twice" });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ accountStatus: "suspended", suspendedReason: "Unpaid invoices", adminNotes: "Called twice", abilities: { suspend: false, reactivate: true } });
    expect(res.body.billingEvents[0]).toMatchObject({ eventType: "account_suspended", adminNotes: "Unpaid invoices — Called twice", emailSent: true });

    // Every session of the company ends; cookies and API keys no longer work; sign-in is refused.
    for (const member of [team.admin, team.approver, team.reviewer]) {
      expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
      expect((await signedIn(t, member.token).get("/api/auth/user")).status).toBe(401);
      expect((await signedIn(t, member.token).get("/api/contracts")).status).toBe(401);
    }
    expect((await t.client().get("/api/auth/user", { authorization: "Bearer cw_k-suspend-test" })).status).toBe(401);
    const login = await t.client().post("/api/auth/login", { email: team.approver.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ error: "account_suspended", message: expect.stringContaining("suspended") });

    const [mail] = await mailsTo(team.admin.user.email);
    expect(mail!.subject).toContain("suspended");
    expect(mail!.text).toContain("Unpaid invoices");
    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, team.company.id), eq(auditEvents.action, "company.suspend")));
    expect(audit).toHaveLength(1);
  });

  it("relies on auth resolution too: a surviving session or API key of a suspended company gets nothing", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "ci", prefix: "cw_k", keyHash: sha256("cw_k-direct") });
    // Suspended by a direct write (another instance, a script): no session is deleted here.
    await t.deps.db.update(companies).set({ accountStatus: "suspended" }).where(eq(companies.id, team.company.id));
    expect((await signedIn(t, team.admin.token).get("/api/auth/user")).status).toBe(401);
    expect((await signedIn(t, team.admin.token).get("/api/admin/companies")).status).toBe(401);
    expect((await t.client().get("/api/contracts", { authorization: "Bearer cw_k-direct" })).status).toBe(401);
    await t.deps.db.update(companies).set({ accountStatus: "active" }).where(eq(companies.id, team.company.id));
    expect((await signedIn(t, team.admin.token).get("/api/auth/user")).status).toBe(200);
  });

  it("needs a reason (400, nothing changed) and refuses a company that is not active (409)", async () => {
    const team = await createTeam(t.deps.db);
    for (const body of [{}, { reason: "   " }, { reason: 42 }]) {
      const res = await operator().post(`/api/admin/companies/${team.company.id}/suspend`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: expect.stringContaining("reason") });
    }
    expect((await companyRow(team.company.id)).accountStatus).toBe("active");
    expect(await eventsOf(team.company.id)).toEqual([]);
    expect((await signedIn(t, team.reviewer.token).get("/api/auth/user")).status).toBe(200);

    const suspended = await createCompany(t.deps.db, { accountStatus: "suspended" });
    expect((await operator().post(`/api/admin/companies/${suspended.id}/suspend`, { reason: "again" })).status).toBe(409);
    expect((await operator().post(`/api/admin/companies/${ops.companyId}/suspend`, { reason: "oops" })).status).toBe(409);
  });

  it("is for platform operators only: a company admin gets 403 on their own company and 404 on another", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const own = await signedIn(t, team.admin.token).post(`/api/admin/companies/${team.company.id}/suspend`, { reason: "x" });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: "forbidden" });
    expect((await signedIn(t, team.reviewer.token).post(`/api/admin/companies/${team.company.id}/suspend`, { reason: "x" })).status).toBe(403);
    expect((await signedIn(t, team.admin.token).post(`/api/admin/companies/${other.company.id}/suspend`, { reason: "x" })).status).toBe(404);
    expect((await companyRow(other.company.id)).accountStatus).toBe("active");
    expect((await companyRow(team.company.id)).accountStatus).toBe("active");
  });
});

describe("POST /api/admin/companies/{id}/reactivate", () => {
  it("reactivates a suspended company so its users can sign in again", async () => {
    const team = await createTeam(t.deps.db);
    await operator().post(`/api/admin/companies/${team.company.id}/suspend`, { reason: "Unpaid" });
    const res = await operator().post<AdminCompanyDetail>(`/api/admin/companies/${team.company.id}/reactivate`, { notes: "Paid by wire" });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ accountStatus: "active", suspendedReason: null, adminNotes: "Paid by wire" });
    expect(res.body.billingEvents[0]).toMatchObject({ eventType: "account_reactivated", adminNotes: "Paid by wire", emailSent: true });
    const login = await t.client().post("/api/auth/login", { email: team.reviewer.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect((await mailsTo(team.admin.user.email)).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining("active again")]));
  });

  it("refuses an active company (409), bad notes (400), a company admin (403) and a foreign company (404)", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createCompany(t.deps.db, { accountStatus: "suspended" });
    expect((await operator().post(`/api/admin/companies/${team.company.id}/reactivate`, {})).status).toBe(409);
    const bad = await operator().post(`/api/admin/companies/${other.id}/reactivate`, { notes: 12 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "validation_failed", message: expect.any(String) });
    expect((await companyRow(other.id)).accountStatus).toBe("suspended");
    expect((await signedIn(t, team.admin.token).post(`/api/admin/companies/${team.company.id}/reactivate`, {})).status).toBe(403);
    expect((await signedIn(t, team.admin.token).post(`/api/admin/companies/${other.id}/reactivate`, {})).status).toBe(404);
    expect((await companyRow(other.id)).accountStatus).toBe("suspended");
  });
});

describe("POST /api/admin/companies/{id}/record-payment", () => {
  it("records the amount in cents, clears the overdue days, moves the due date and renews a manual subscription", async () => {
    const now = new Date();
    const due = new Date(now.getTime() - 5 * DAY);
    const team = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ paymentOverdueDays: 5, nextPaymentDue: due }).where(eq(companies.id, team.company.id));
    await t.deps.db.insert(subscriptions).values({ companyId: team.company.id, plan: "professional", status: "past_due", currentPeriodStart: new Date(due.getTime() - 30 * DAY), currentPeriodEnd: due });

    const res = await operator().post<AdminCompanyDetail>(`/api/admin/companies/${team.company.id}/record-payment`, { amount: 299.1, notes: "Cheque #1042" });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ paymentOverdueDays: 0, adminNotes: "Cheque #1042" });
    expect(res.body.company.lastPaymentDate).not.toBeNull();
    expect(new Date(res.body.company.nextPaymentDue!).getTime()).toBeGreaterThan(now.getTime());
    expect(res.body.billingEvents[0]).toMatchObject({ eventType: "payment_received", amount: 29910, adminNotes: "Cheque #1042", emailSent: true });
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, team.company.id));
    expect(sub).toMatchObject({ status: "active", currentPeriodStart: due });
    const [mail] = await mailsTo(team.admin.user.email);
    expect(mail!.text).toContain("$299.10");
  });

  it("rejects amounts that are not above 0 or not whole cents (400, nothing recorded)", async () => {
    const team = await createTeam(t.deps.db);
    for (const amount of [0, -5, "12", 10.005, null]) {
      const res = await operator().post(`/api/admin/companies/${team.company.id}/record-payment`, { amount });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: expect.stringContaining("Amount") });
    }
    expect(await eventsOf(team.company.id)).toEqual([]);
    expect((await companyRow(team.company.id)).lastPaymentDate).toBeNull();
  });

  it("is for platform operators only, and 404 across companies", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    expect((await signedIn(t, team.admin.token).post(`/api/admin/companies/${team.company.id}/record-payment`, { amount: 10 })).status).toBe(403);
    expect((await signedIn(t, team.admin.token).post(`/api/admin/companies/${other.company.id}/record-payment`, { amount: 10 })).status).toBe(404);
    expect(await eventsOf(team.company.id)).toEqual([]);
    expect(await eventsOf(other.company.id)).toEqual([]);
  });
});

describe("POST /api/admin/process-overdue", () => {
  it("marks past-due companies overdue, suspends those past the limit, and mails their admins once", async () => {
    const now = new Date();
    const late = await createTeam(t.deps.db);
    const veryLate = await createTeam(t.deps.db);
    const current = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ nextPaymentDue: new Date(now.getTime() - 3 * DAY - 60_000) }).where(eq(companies.id, late.company.id));
    await t.deps.db.insert(subscriptions).values({ companyId: late.company.id, plan: "starter", status: "active", currentPeriodEnd: new Date(now.getTime() - 3 * DAY - 60_000) });
    await t.deps.db.update(companies).set({ nextPaymentDue: new Date(now.getTime() - (OVERDUE_SUSPENSION_DAYS + 2) * DAY) }).where(eq(companies.id, veryLate.company.id));
    await t.deps.db.update(companies).set({ nextPaymentDue: new Date(now.getTime() + 10 * DAY) }).where(eq(companies.id, current.company.id));

    const res = await operator().post<{ checked: number; markedOverdue: number; suspended: number }>("/api/admin/process-overdue");
    expect(res.status).toBe(200);
    expect(res.body.markedOverdue).toBeGreaterThanOrEqual(1);
    expect(res.body.suspended).toBeGreaterThanOrEqual(1);

    expect(await companyRow(late.company.id)).toMatchObject({ accountStatus: "active", paymentOverdueDays: 3 });
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, late.company.id));
    expect(sub!.status).toBe("past_due");
    expect((await eventsOf(late.company.id)).map((e) => e.eventType)).toEqual(["payment_overdue"]);
    expect((await mailsTo(late.admin.user.email)).map((m) => m.subject)).toEqual([expect.stringContaining("Payment overdue")]);

    expect(await companyRow(veryLate.company.id)).toMatchObject({ accountStatus: "suspended", paymentOverdueDays: OVERDUE_SUSPENSION_DAYS + 2 });
    expect((await signedIn(t, veryLate.reviewer.token).get("/api/auth/user")).status).toBe(401);
    expect((await eventsOf(veryLate.company.id)).map((e) => e.eventType).sort()).toEqual(["account_suspended", "payment_overdue"]);

    expect(await companyRow(current.company.id)).toMatchObject({ accountStatus: "active", paymentOverdueDays: 0 });
    expect(await eventsOf(current.company.id)).toEqual([]);

    // A second run records nothing new.
    await operator().post("/api/admin/process-overdue");
    expect(await eventsOf(late.company.id)).toHaveLength(1);
    expect(await mailsTo(late.admin.user.email)).toHaveLength(1);
  });

  it("is for platform operators only", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ nextPaymentDue: new Date(Date.now() - 3 * DAY) }).where(eq(companies.id, team.company.id));
    for (const token of [team.admin.token, team.reviewer.token]) {
      expect((await signedIn(t, token).post("/api/admin/process-overdue")).status).toBe(403);
    }
    expect((await companyRow(team.company.id)).paymentOverdueDays).toBe(0);
  });
});
