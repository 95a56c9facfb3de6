import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANALYSIS_TYPES,
  COMPANY_SIZES,
  CONTRACT_TYPES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  INDUSTRIES,
  TICKET_CATEGORIES,
  type AccessLevel,
  type ContractAnalysisResult,
} from "@clausewise/shared";
import { createSession, type UserRow } from "../auth/sessions";
import { randomToken, sha256 } from "../auth/tokens";
import { totpCode } from "../auth/totp";
import { requestPasswordReset } from "../commands/auth/password-reset";
import { issueEmailToken, issueVerificationToken } from "../auth/verification";
import { CONFIRM_EMAIL_CHANGE, UNDO_EMAIL_CHANGE } from "../commands/auth/email-change";
import { issueInvoice } from "../billing/invoices";
import { createSubscription } from "../billing/subscribe";
import { analyses, apiKeys, companies, invitations, notifications, supportTickets, users } from "../db/schema";
import { seedKnowledgeBase } from "../support/articles";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createCompany, createContract, createTeam, createUser, TEST_PASSWORD } from "../test/factories";
import { makeRedlineDocx } from "../test/fixtures";
import { createContractWithSteps, createExhibit, multipartForm, PIPELINE_AT } from "../test/lifecycle-factories";

const MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/*
 * Authorization matrix (issue 7): every registered route × every kind of caller, with the status the
 * product answers. The table is the spec; the first test keeps it complete in both directions.
 *
 * Columns: admin, approver, reviewer (members of company A), signed out, and the admin of company B
 * calling with company A's ids. Every cell runs on fresh rows of a fresh company A, so calls that
 * consume their row (delete, approve, deactivate) never disturb another cell. Bodies are valid, so a
 * status says who may call, not what they sent; the allowed roles get their happy 2xx.
 * Platform operators (PLATFORM_ADMIN_EMAILS) have their own column on Billing Administration.
 *
 * Routes on one contract also name the least per-contract access level they need (read, review,
 * approve, admin: DESIGN.md §3, policies/contract.ts). The role columns must agree with it (admin →
 * admin, approver → approve, reviewer → review), and four more columns check it through grants that
 * narrow (an approver with a read or review grant) or widen (a reviewer with an approve or admin grant).
 * Rows private to one person (notifications, sessions, API keys, support tickets) are checked once
 * more with another member of the same company as the caller: 404, like a missing row.
 */

const OPERATOR_EMAIL = `operator-${randomUUID().slice(0, 8)}@platform.test`;
const NEW_PASSWORD = "a-brand-new-passphrase-42";
const DOCUMENT = "<p>1. Scope of Work. The Contractor shall perform the Work.</p>";

type Column = "admin" | "approver" | "reviewer" | "signedOut" | "otherAdmin";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Team {
  company: { id: string };
  admin: { user: UserRow; token: string };
  approver: { user: UserRow; token: string };
  reviewer: { user: UserRow; token: string };
}

/** One cell's world: company A's fresh team and rows, and who calls. */
interface Fx {
  t: TestApp;
  /** Company A: its rows fill the path and the body in every column. */
  team: Team;
  /** The caller (null when signed out): a member of A, or company B's admin. */
  actor: UserRow | null;
  /** The member of A who owns per-person rows (notifications, sessions, keys, tickets): the caller, or A's admin. */
  owner: UserRow;
  /** A client signed in as `user` on a fresh session. */
  as(user: UserRow): Promise<TestClient>;
  /** Every contract the cell's fixtures made (the grant columns grant the caller access to each). */
  contracts: string[];
}

interface Built {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
}

interface Row {
  method: Method;
  path: string;
  expect: Record<Column, number>;
  /** Routes on one contract: the least access level on that contract the route needs. */
  level?: AccessLevel;
  /** Platform operators' column: Billing Administration only. */
  operator?: number;
  /** The path params, body and query of this cell, made from company A's fresh rows. */
  build?: (fx: Fx) => Promise<Built> | Built;
}

/** [admin, approver, reviewer, signed out, other company's admin] */
type Statuses = [number, number, number, number, number];

function route(method: Method, path: string, statuses: Statuses, build?: Row["build"], operator?: number): Row {
  const [admin, approver, reviewer, signedOut, otherAdmin] = statuses;
  return { method, path, expect: { admin, approver, reviewer, signedOut, otherAdmin }, build, operator };
}

/** A route on one contract that needs at least `level` there. */
function onContract(level: AccessLevel, method: Method, path: string, statuses: Statuses, build?: Row["build"]): Row {
  return { ...route(method, path, statuses, build), level };
}

// Path params that are not row ids: the same for every caller.
const NOT_ROW_IDS = new Set([":period", ":code", ":stage"]);
// Public, company-less rows (help-centre articles) are not another company's ids.
const PUBLIC_ROW_ROUTES = new Set(["GET /api/support/knowledge-base/:id"]);

// ---- fixtures: company A's rows, made per cell ----------------------------------------------------

async function contract(fx: Fx, status = "under_review"): Promise<string> {
  const { id } = await createContract(fx.t.deps.db, { companyId: fx.team.company.id, content: DOCUMENT, status, createdBy: fx.team.admin.user.id });
  fx.contracts.push(id);
  return id;
}

async function contractAt(fx: Fx, status: keyof typeof PIPELINE_AT, steps = PIPELINE_AT[status]): Promise<string> {
  const { id } = await createContractWithSteps(fx.t.deps.db, { companyId: fx.team.company.id, status, steps, createdBy: fx.team.admin.user.id });
  fx.contracts.push(id);
  return id;
}

const byContract = async (fx: Fx) => ({ params: { id: await contract(fx) } });

async function proposedChange(fx: Fx): Promise<string> {
  const id = await contract(fx);
  const admin = await fx.as(fx.team.admin.user);
  const text = "1. Scope of Work. The Contractor shall perform the Work.";
  const start = text.indexOf("Contractor");
  const res = await admin.post<{ id: string }>(`/api/contracts/${id}/changes`, {
    changeType: "replace",
    originalText: "Contractor",
    newText: "Builder",
    position: JSON.stringify({ start, end: start + "Contractor".length }),
  });
  if (res.status !== 201) throw new Error(`fixture change: ${res.status} ${res.text}`);
  return res.body.id;
}

/** An unreviewed exhibit added by company A's admin: for everyone else, someone else's exhibit. */
async function exhibit(fx: Fx, withFile = false): Promise<string> {
  const contractId = await contract(fx);
  const file = withFile ? { name: "schedule.txt", bytes: new TextEncoder().encode("Schedule A"), mimeType: "text/plain" } : undefined;
  return (await createExhibit(fx.t.deps.db, { companyId: fx.team.company.id, contractId, file, createdBy: fx.team.admin.user.id })).id;
}

async function version(fx: Fx): Promise<Built> {
  const id = await contract(fx);
  const res = await (await fx.as(fx.team.admin.user)).post<{ id: string }>(`/api/contracts/${id}/versions`, {});
  if (res.status !== 201) throw new Error(`fixture version: ${res.status} ${res.text}`);
  return { params: { id, versionId: res.body.id } };
}

async function doneAnalysis(fx: Fx): Promise<Built> {
  const id = await contract(fx);
  const result: ContractAnalysisResult = { contractType: CONTRACT_TYPES[0], overallRisk: "low", summary: "Balanced.", riskItems: [], advantages: [], recommendations: [], clauses: [] };
  await fx.t.deps.db.insert(analyses).values({ companyId: fx.team.company.id, contractId: id, status: "done", progress: 100, engine: "local", result, completedAt: new Date() });
  return { params: { id } };
}

async function member(fx: Fx, isActive = true): Promise<string> {
  return (await createUser(fx.t.deps.db, { companyId: fx.team.company.id, role: "reviewer", isActive })).id;
}

async function grant(fx: Fx): Promise<string> {
  const contractId = await contract(fx);
  return (await grantContractAccess(fx.t.deps.db, { companyId: fx.team.company.id, contractId, userId: fx.team.reviewer.user.id, accessLevel: "read" })).id;
}

async function invitation(fx: Fx): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const [row] = await fx.t.deps.db
    .insert(invitations)
    .values({ companyId: fx.team.company.id, email: `invitee-${randomUUID()}@example.test`, role: "reviewer", tokenHash: sha256(token), invitedBy: fx.team.admin.user.id, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return { id: row!.id, token };
}

async function notification(fx: Fx): Promise<string> {
  const [row] = await fx.t.deps.db
    .insert(notifications)
    .values({ companyId: fx.team.company.id, userId: fx.owner.id, type: "system", title: "Hello", message: "A notification" })
    .returning();
  return row!.id;
}

async function ticket(fx: Fx): Promise<string> {
  const [row] = await fx.t.deps.db
    .insert(supportTickets)
    .values({ companyId: fx.team.company.id, userId: fx.owner.id, subject: "Cannot upload", description: "The upload dialog stays empty.", category: "technical" })
    .returning();
  return row!.id;
}

/** Another session of the owner: its id is the sha256 of its token. */
async function otherSession(fx: Fx): Promise<string> {
  return sha256(await createSession(fx.t.deps.db, fx.owner.id));
}

async function apiKey(fx: Fx): Promise<string> {
  const res = await (await fx.as(fx.owner)).post<{ apiKey: { id: string } }>("/api/settings/security/api-keys", { name: "CI" });
  if (res.status !== 201) throw new Error(`fixture api key: ${res.status} ${res.text}`);
  return res.body.apiKey.id;
}

/** A member of A with an e-mail change in flight; answers the token of its confirmation or undo link. */
async function emailChangeLink(fx: Fx, which: "confirm" | "undo"): Promise<string> {
  const member = await createUser(fx.t.deps.db, { companyId: fx.team.company.id });
  const pendingEmail = `pending-${randomUUID()}@example.test`;
  await fx.t.deps.db.update(users).set({ pendingEmail }).where(eq(users.id, member.id));
  const purpose = which === "confirm" ? CONFIRM_EMAIL_CHANGE : UNDO_EMAIL_CHANGE;
  return issueEmailToken(fx.t.deps.db, { userId: member.id, purpose, email: which === "confirm" ? pendingEmail : member.email, ttlMs: 3_600_000, now: new Date() });
}

/** Starts two-factor set-up for the caller and answers its secret. */
async function twoFactorSecret(fx: Fx, user: UserRow): Promise<string> {
  const res = await (await fx.as(user)).post<{ secret: string }>("/api/settings/security/two-factor/setup");
  if (res.status !== 200) throw new Error(`fixture two-factor setup: ${res.status} ${res.text}`);
  return res.body.secret;
}

/** Turns two-factor on for the caller and answers one of their recovery codes. */
async function twoFactorOn(fx: Fx, user: UserRow): Promise<string> {
  const secret = await twoFactorSecret(fx, user);
  const res = await (await fx.as(user)).post<{ recoveryCodes: string[] }>("/api/settings/security/two-factor/enable", { code: totpCode(secret, new Date()) });
  if (res.status !== 200) throw new Error(`fixture two-factor enable: ${res.status} ${res.text}`);
  return res.body.recoveryCodes[0]!;
}

/** A body that needs the caller's own second factor; signed out there is no caller, so any well-formed code. */
const withSecondFactor = (start: (fx: Fx, user: UserRow) => Promise<string>) => async (fx: Fx) => ({ body: { code: fx.actor ? await start(fx, fx.actor) : "123456" } });

const ticketBody = { subject: "Cannot upload a file", description: "The upload dialog stays empty after choosing a PDF.", category: TICKET_CATEGORIES[0], priority: "medium" };
const uploadForm = () =>
  multipartForm({ title: "Supply agreement", processingConsent: "true" }, { file: { bytes: new TextEncoder().encode("1. Scope. The Contractor shall supply the pumps."), name: "supply.txt", type: "text/plain" } });

// ---- the table -----------------------------------------------------------------------------------
// [admin, approver, reviewer, signed out, other company's admin]

const TABLE: Row[] = [
  // Health, metrics, public auth pages
  route("GET", "/metrics", [200, 200, 200, 200, 200]),
  route("GET", "/api/health", [200, 200, 200, 200, 200]),
  route("GET", "/api/auth/config", [200, 200, 200, 200, 200]),
  route("GET", "/api/login", [302, 302, 302, 302, 302]),
  route("GET", "/api/logout", [302, 302, 302, 302, 302]),
  route("POST", "/api/auth/signup", [201, 201, 201, 201, 201], () => ({
    body: { email: `new-${randomUUID()}@example.test`, password: NEW_PASSWORD, firstName: "Nora", lastName: "New", companyName: "New EPC Ltd." },
  })),
  route("POST", "/api/auth/login", [200, 200, 200, 200, 200], (fx) => ({ body: { email: (fx.actor ?? fx.owner).email, password: TEST_PASSWORD } })),
  // Step two of a sign-in: only a session that still owes its code may call it; a full session owes none.
  route("POST", "/api/auth/second-factor", [401, 401, 401, 401, 401], () => ({ body: { code: "123456" } })),
  route("POST", "/api/auth/logout", [204, 204, 204, 204, 204]),
  // Without OIDC_ISSUER there is no single sign-on to start or finish.
  route("GET", "/api/auth/sso", [404, 404, 404, 404, 404]),
  route("GET", "/api/auth/sso/callback", [404, 404, 404, 404, 404], () => ({ query: "code=abc&state=xyz" })),
  route("GET", "/api/auth/user", [200, 200, 200, 401, 200]),
  route("GET", "/api/auth/verification-status", [200, 200, 200, 401, 200]),
  route("POST", "/api/auth/resend-verification", [200, 200, 200, 401, 200], async (fx) => {
    // Only an unverified address is sent a new link.
    if (fx.actor) await fx.t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, fx.actor.id));
    return {};
  }),
  // The link in the mail: the token is the credential, whoever follows it.
  route("POST", "/api/auth/verify-email", [200, 200, 200, 200, 200], async (fx) => {
    const unverified = await createUser(fx.t.deps.db, { companyId: fx.team.company.id, verified: false });
    return { body: { token: await issueVerificationToken(fx.t.deps.db, unverified.id, new Date()) } };
  }),

  // "Forgot password?": anyone may ask, and the answer is always the same.
  route("POST", "/api/auth/password-reset", [204, 204, 204, 204, 204], (fx) => ({ body: { email: (fx.actor ?? fx.owner).email } })),
  // The link in the mail: the token is the credential, whoever follows it.
  route("POST", "/api/auth/password-reset/confirm", [204, 204, 204, 204, 204], async (fx) => {
    const member = await createUser(fx.t.deps.db, { companyId: fx.team.company.id });
    const token = await requestPasswordReset(fx.t.deps, { email: member.email });
    return { body: { token, newPassword: "a-fresh-reset-passphrase" } };
  }),

  // The links of an e-mail change: the token is the credential, whoever follows it.
  route("POST", "/api/auth/email-change/confirm", [200, 200, 200, 200, 200], async (fx) => ({ body: { token: await emailChangeLink(fx, "confirm") } })),
  route("POST", "/api/auth/email-change/undo", [200, 200, 200, 200, 200], async (fx) => ({ body: { token: await emailChangeLink(fx, "undo") } })),

  // Contracts
  route("GET", "/api/contracts", [200, 200, 200, 401, 200]),
  route("GET", "/api/dashboard/overview", [200, 200, 200, 401, 200]),
  route("POST", "/api/contracts", [201, 403, 403, 401, 201], () => ({ body: uploadForm() })),
  onContract("read", "GET", "/api/contracts/:id", [200, 200, 200, 401, 404], byContract),
  onContract("approve", "PUT", "/api/contracts/:id", [200, 200, 403, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: { title: "Renamed supply agreement" } })),
  onContract("read", "GET", "/api/contracts/:id/text", [200, 200, 200, 401, 404], byContract),
  // A counterparty's Word redline: suggestions in other people's names, so for those who may edit.
  onContract("approve", "POST", "/api/contracts/:id/redline", [200, 200, 403, 401, 404], async (fx) => ({
    ...(await byContract(fx)),
    body: multipartForm({}, { file: { bytes: new Uint8Array(makeRedlineDocx()), name: "redline.docx", type: MIME_DOCX } }),
  })),
  // Erasing a contract and every copy of its words (contract-delete.test.ts): contract admins only.
  onContract("admin", "DELETE", "/api/contracts/:id", [204, 403, 403, 401, 404], byContract),
  onContract("read", "GET", "/api/contracts/:id/reviewers", [200, 200, 200, 401, 404], byContract),
  onContract("read", "GET", "/api/contracts/:id/download", [200, 200, 200, 401, 404], byContract),
  onContract("read", "GET", "/api/contracts/:id/download-report", [200, 200, 200, 401, 404], doneAnalysis),

  // Review: markups, changes, versions, questions
  onContract("read", "GET", "/api/contracts/:id/markups", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/markups", [201, 201, 201, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: { type: "comment", content: "Check the cap." } })),
  onContract("read", "GET", "/api/contracts/:id/changes", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/changes", [201, 201, 201, 401, 404], async (fx) => ({
    ...(await byContract(fx)),
    body: { changeType: "insert", originalText: "", newText: " Promptly.", position: JSON.stringify({ start: 3, end: 3 }) },
  })),
  onContract("approve", "POST", "/api/document-changes/:id/approve", [200, 200, 403, 401, 404], async (fx) => ({ params: { id: await proposedChange(fx) } })),
  onContract("approve", "POST", "/api/document-changes/:id/reject", [200, 200, 403, 401, 404], async (fx) => ({ params: { id: await proposedChange(fx) }, body: { comment: "Keep it." } })),
  onContract("read", "GET", "/api/document-changes/:id/comments", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await proposedChange(fx) } })),
  onContract("review", "POST", "/api/document-changes/:id/comments", [201, 201, 201, 401, 404], async (fx) => ({ params: { id: await proposedChange(fx) }, body: { content: "Why this wording?" } })),
  onContract("read", "GET", "/api/contracts/:id/versions", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/versions", [201, 201, 201, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: {} })),
  onContract("approve", "POST", "/api/contracts/:id/versions/:versionId/restore", [200, 200, 403, 401, 404], version),
  onContract("read", "GET", "/api/contracts/:id/questions", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/questions", [201, 201, 201, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: { question: "Who performs the work?" } })),

  // Workflow
  onContract("read", "GET", "/api/contracts/:id/approval-steps", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await contractAt(fx, "under_review") } })),
  onContract("review", "POST", "/api/contracts/:id/submit", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await contractAt(fx, "under_review") }, body: {} })),
  onContract("approve", "POST", "/api/contracts/:id/approve", [200, 200, 403, 401, 404], async (fx) => ({
    params: { id: await contractAt(fx, "pending_approval", { legal: "approved", finance: "approved", final: "pending" }) },
    body: { comment: "Good to go." },
  })),
  onContract("approve", "POST", "/api/contracts/:id/reject", [200, 200, 403, 401, 404], async (fx) => ({ params: { id: await contractAt(fx, "pending_approval") }, body: { comment: "Cap too low." } })),
  onContract("review", "POST", "/api/contracts/:id/reopen", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await contractAt(fx, "rejected") }, body: {} })),
  // Issue 14: an approved contract back to review for changes, with a reason; approvers and admins only.
  onContract("approve", "POST", "/api/contracts/:id/reopen-for-changes", [200, 200, 403, 401, 404], async (fx) => ({
    params: { id: await contractAt(fx, "approved") },
    body: { reason: "The counterparty asked for a change." },
  })),
  onContract("read", "GET", "/api/contracts/:id/status-history", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await contractAt(fx, "approved") } })),
  onContract("approve", "POST", "/api/contracts/:id/approval-steps/:stage/decide", [200, 200, 403, 401, 404], async (fx) => ({
    params: { id: await contractAt(fx, "pending_approval"), stage: "legal" },
    body: { decision: "approved" },
  })),

  // Exhibits
  onContract("read", "GET", "/api/contracts/:id/exhibits", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/exhibits", [201, 201, 201, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: multipartForm({ title: "Schedule B", isPlanned: "true" }, {}) })),
  onContract("read", "GET", "/api/exhibits/:id/file", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await exhibit(fx, true) } })),
  onContract("review", "POST", "/api/exhibits/:id/review", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await exhibit(fx) }, body: { status: "reviewed", notes: "Fine." } })),
  // Admins delete; the member who added an exhibit may until it is reviewed (exhibits.test.ts), never once approved (409).
  onContract("admin", "DELETE", "/api/exhibits/:id", [204, 403, 403, 401, 404], async (fx) => ({ params: { id: await exhibit(fx) } })),

  // Contract intelligence
  onContract("read", "GET", "/api/contracts/:id/analysis", [200, 200, 200, 401, 404], doneAnalysis),
  onContract("review", "POST", "/api/contracts/:id/analysis", [202, 202, 202, 401, 404], byContract),
  onContract("read", "GET", "/api/contracts/:id/ai-analysis", [200, 200, 200, 401, 404], byContract),
  onContract("review", "POST", "/api/contracts/:id/ai-analysis", [201, 201, 201, 401, 404], async (fx) => ({
    ...(await byContract(fx)),
    body: { text: "The Contractor shall indemnify the Owner.", analysisType: ANALYSIS_TYPES[0] },
  })),
  onContract("read", "GET", "/api/contracts/:id/similar-clauses", [200, 200, 200, 401, 404], async (fx) => ({ ...(await byContract(fx)), query: "code=indemnity" })),
  onContract("review", "PUT", "/api/contracts/:id/perspective", [200, 200, 200, 401, 404], async (fx) => ({ ...(await byContract(fx)), body: { ourPartyRole: "Contractor" } })),
  route("GET", "/api/clause-standards/:code", [200, 200, 200, 401, 200], () => ({ params: { code: "indemnity" } })),
  route("GET", "/api/settings/ai-review", [200, 200, 200, 401, 200]),
  route("PATCH", "/api/settings/ai-review", [200, 403, 403, 401, 200], () => ({ body: { enabled: true } })),
  route("GET", "/api/jurisdictions", [200, 200, 200, 401, 200]),
  route("POST", "/api/analyze-jurisdiction", [200, 200, 200, 401, 200], () => ({
    body: { contractText: "Holdback of 10% is retained under the Construction Act.", jurisdictions: ["ON"], contractType: CONTRACT_TYPES[0] },
  })),
  route("GET", "/api/analytics", [200, 200, 403, 401, 200], () => ({ query: "period=90d" })),
  route("GET", "/api/analytics/:period", [200, 200, 403, 401, 200], () => ({ params: { period: "7d" } })),

  // Notifications
  route("GET", "/api/notifications", [200, 200, 200, 401, 200]),
  route("GET", "/api/notifications/unread-count", [200, 200, 200, 401, 200]),
  route("POST", "/api/notifications/mark-all-read", [200, 200, 200, 401, 200]),
  route("POST", "/api/notifications/:id/read", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await notification(fx) } })),
  route("GET", "/api/notification-preferences", [200, 200, 200, 401, 200]),
  route("PUT", "/api/notification-preferences", [200, 200, 200, 401, 200], () => ({ body: { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: true } })),

  // Settings
  route("GET", "/api/settings", [200, 200, 200, 401, 200]),
  route("PATCH", "/api/settings/profile", [200, 200, 200, 401, 200], (fx) => ({ body: { firstName: "Pat", lastName: "Doe", email: (fx.actor ?? fx.owner).email } })),
  route("PATCH", "/api/settings/company", [200, 403, 403, 401, 200], () => ({ body: { companyName: "Renamed EPC Ltd.", industry: INDUSTRIES[0], companySize: COMPANY_SIZES[0] } })),
  route("GET", "/api/settings/retention", [200, 200, 200, 401, 200]),
  route("PATCH", "/api/settings/retention", [200, 403, 403, 401, 200], () => ({ body: { retentionDays: 30 } })),
  route("PATCH", "/api/settings/notifications", [200, 200, 200, 401, 200], () => ({ body: { emailDeadlines: true, emailAssignments: true, emailReports: true, inAppNotifications: true, reminderFrequency: "weekly" } })),
  route("GET", "/api/settings/approvals", [200, 200, 200, 401, 200]),
  route("PATCH", "/api/settings/approvals", [200, 403, 403, 401, 200], () => ({ body: { allowSingleApprover: true } })),
  route("DELETE", "/api/settings/account", [204, 204, 204, 401, 204], async (fx) => {
    // The last admin may not leave their company without an admin: give the caller's company another one.
    if (fx.actor?.role === "admin") await createUser(fx.t.deps.db, { companyId: fx.actor.companyId, role: "admin" });
    return {};
  }),
  route("POST", "/api/settings/password", [204, 204, 204, 401, 204], () => ({ body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } })),

  // Settings › Security (the caller's own account)
  route("GET", "/api/settings/security/two-factor", [200, 200, 200, 401, 200]),
  route("POST", "/api/settings/security/two-factor/setup", [200, 200, 200, 401, 200]),
  route("POST", "/api/settings/security/two-factor/enable", [200, 200, 200, 401, 200], withSecondFactor(async (fx, user) => totpCode(await twoFactorSecret(fx, user), new Date()))),
  route("POST", "/api/settings/security/two-factor/disable", [204, 204, 204, 401, 204], withSecondFactor(twoFactorOn)),
  route("POST", "/api/settings/security/two-factor/recovery-codes", [200, 200, 200, 401, 200], withSecondFactor(twoFactorOn)),
  route("GET", "/api/settings/security/sessions", [200, 200, 200, 401, 200]),
  route("DELETE", "/api/settings/security/sessions", [200, 200, 200, 401, 200]),
  route("DELETE", "/api/settings/security/sessions/:id", [204, 204, 204, 401, 404], async (fx) => ({ params: { id: await otherSession(fx) } })),
  route("GET", "/api/settings/security/api-keys", [200, 200, 200, 401, 200]),
  route("POST", "/api/settings/security/api-keys", [201, 201, 201, 401, 201], () => ({ body: { name: "Deploy script" } })),
  route("DELETE", "/api/settings/security/api-keys/:id", [204, 204, 204, 401, 404], async (fx) => ({ params: { id: await apiKey(fx) } })),

  // Team
  route("GET", "/api/team/members", [200, 200, 403, 401, 200]),
  route("GET", "/api/team/invitations", [200, 403, 403, 401, 200]),
  route("POST", "/api/team/invite", [201, 403, 403, 401, 201], () => ({ body: { email: `invitee-${randomUUID()}@example.test`, role: "reviewer" } })),
  route("DELETE", "/api/team/invitations/:id", [204, 403, 403, 401, 404], async (fx) => ({ params: { id: (await invitation(fx)).id } })),
  route("PATCH", "/api/team/members/:memberId/role", [200, 403, 403, 401, 404], async (fx) => ({ params: { memberId: await member(fx) }, body: { role: "approver" } })),
  route("PATCH", "/api/team/members/:id/deactivate", [200, 403, 403, 401, 404], async (fx) => ({ params: { id: await member(fx) } })),
  route("PATCH", "/api/team/members/:id/reactivate", [200, 403, 403, 401, 404], async (fx) => ({ params: { id: await member(fx, false) } })),
  route("POST", "/api/team/invitations/:id/resend", [200, 403, 403, 401, 404], async (fx) => ({ params: { id: (await invitation(fx)).id } })),
  route("GET", "/api/team/contract-access", [200, 200, 403, 401, 200]),
  // The body names company A's contract and member: for company B's admin those ids do not exist.
  route("POST", "/api/team/contract-access", [201, 201, 403, 401, 404], async (fx) => ({
    body: { contractId: await contract(fx), userId: await member(fx), accessLevel: "read" },
  })),
  route("DELETE", "/api/team/contract-access/:id", [204, 204, 403, 401, 404], async (fx) => ({ params: { id: await grant(fx) } })),
  // The invitation link is public: the token is the credential. Accepting needs a signed-out browser.
  route("POST", "/api/invitations/lookup", [200, 200, 200, 200, 200], async (fx) => ({ body: { token: (await invitation(fx)).token } })),
  route("POST", "/api/invitations/accept", [409, 409, 409, 201, 409], async (fx) => ({
    body: { token: (await invitation(fx)).token, firstName: "Ivy", lastName: "Invitee", password: NEW_PASSWORD },
  })),

  // Billing
  route("GET", "/api/subscription-plans", [200, 200, 200, 200, 200]),
  route("GET", "/api/usage", [200, 200, 200, 401, 200]),
  route("GET", "/api/subscription", [200, 403, 403, 401, 200]),
  route("POST", "/api/create-subscription", [201, 403, 403, 401, 201], () => ({ body: { planId: "professional" } })),
  route("POST", "/api/cancel-subscription", [200, 403, 403, 401, 200], async (fx) => {
    // Something to cancel: the caller's company subscribes first (manual billing, no payment).
    if (fx.actor?.role === "admin") await createSubscription(fx.t.deps, { actor: fx.actor, planId: "professional" });
    return {};
  }),
  route("GET", "/api/billing/summary", [200, 403, 403, 401, 200]),
  route("GET", "/api/billing/invoices", [200, 403, 403, 401, 200]),
  route("GET", "/api/billing/invoices/:id/pdf", [200, 403, 403, 401, 404], async (fx) => {
    const now = new Date();
    const invoice = await issueInvoice(fx.t.deps.db, { companyId: fx.team.company.id, plan: "starter", periodStart: now, periodEnd: now, now });
    return { params: { id: invoice.id } };
  }),
  // Manual billing has no card to update (409) for an admin of any company.
  route("POST", "/api/billing/payment-method", [409, 403, 403, 401, 409]),
  // Without STRIPE_SECRET_KEY there is no webhook endpoint.
  route("POST", "/api/webhooks/stripe", [404, 404, 404, 404, 404], () => ({ body: { id: "evt_1", type: "invoice.paid" } })),

  // Billing Administration: operators manage every company; a company admin only looks at their own.
  route("GET", "/api/admin/companies", [200, 403, 403, 401, 200], undefined, 200),
  route("GET", "/api/admin/companies/:companyId", [200, 403, 403, 401, 404], (fx) => ({ params: { companyId: fx.team.company.id } }), 200),
  route("POST", "/api/admin/companies/:companyId/suspend", [403, 403, 403, 401, 404], (fx) => ({ params: { companyId: fx.team.company.id }, body: { reason: "Unpaid invoices" } }), 200),
  route("POST", "/api/admin/companies/:companyId/reactivate", [403, 403, 403, 401, 404], async (fx) => {
    // Only a suspended company can be reactivated, but a suspended company's members are signed out
    // (auth/sessions.ts): suspend it for the operator's cell only, so the others show the policy's answer.
    if (fx.actor?.id === operator.id) await fx.t.deps.db.update(companies).set({ accountStatus: "suspended" }).where(eq(companies.id, fx.team.company.id));
    return { params: { companyId: fx.team.company.id }, body: { notes: "Paid by cheque" } };
  }, 200),
  route("POST", "/api/admin/companies/:companyId/record-payment", [403, 403, 403, 401, 404], (fx) => ({ params: { companyId: fx.team.company.id }, body: { amount: 299, notes: "Cheque" } }), 200),
  route("POST", "/api/admin/process-overdue", [403, 403, 403, 401, 403], undefined, 200),

  // Support: tickets are their author's (and their admin's); the knowledge base and contact are public.
  route("GET", "/api/support/tickets", [200, 200, 200, 401, 200]),
  route("POST", "/api/support/tickets", [201, 201, 201, 401, 201], () => ({ body: ticketBody })),
  // The caller's own ticket here; another member's answers 404 (personal rows, below), except to the admin.
  route("GET", "/api/support/tickets/:id", [200, 200, 200, 401, 404], async (fx) => ({ params: { id: await ticket(fx) } })),
  route("GET", "/api/support/knowledge-base", [200, 200, 200, 200, 200], () => ({ query: "search=upload" })),
  route("GET", "/api/support/knowledge-base/:id", [200, 200, 200, 200, 200], async (fx) => {
    const [article] = await fx.t.deps.db.execute<{ id: string }>(sql`select id from knowledge_base_articles limit 1`).then(rowsOf<{ id: string }>);
    return { params: { id: article!.id } };
  }),
  route("GET", "/api/support/contact", [200, 200, 200, 200, 200]),
  // Replies: the ticket's author only (here the caller's own ticket); a colleague's answers 404 (personal rows, below).
  route("POST", "/api/support/tickets/:id/replies", [201, 201, 201, 401, 404], async (fx) => ({ params: { id: await ticket(fx) }, body: { body: "Any news?" } })),
  // The support desk is the platform operators' (PLATFORM_ADMIN_EMAILS): every company member is refused.
  route("GET", "/api/admin/support/tickets", [403, 403, 403, 401, 403], () => ({ query: "status=active" }), 200),
  route("GET", "/api/admin/support/tickets/:id", [403, 403, 403, 401, 404], async (fx) => ({ params: { id: await ticket(fx) } }), 200),
  route("POST", "/api/admin/support/tickets/:id/replies", [403, 403, 403, 401, 404], async (fx) => ({ params: { id: await ticket(fx) }, body: { body: "Fixed today." } }), 201),
  route("PATCH", "/api/admin/support/tickets/:id/status", [403, 403, 403, 401, 404], async (fx) => ({ params: { id: await ticket(fx) }, body: { status: "resolved" } }), 200),
  route("GET", "/api/admin/support/contact", [403, 403, 403, 401, 403], undefined, 200),
  route("PUT", "/api/admin/support/contact", [403, 403, 403, 401, 403], () => ({ body: { city: "Calgary", province: "Alberta", country: "Canada" } }), 200),

  // Audit log: a company's admins read theirs; operators read any company's from Billing Administration.
  route("GET", "/api/audit-events", [200, 403, 403, 401, 200], () => ({ query: "action=auth.login" })),
  route("GET", "/api/audit-events/export", [200, 403, 403, 401, 200]),
  route("GET", "/api/admin/companies/:companyId/audit-events", [403, 403, 403, 401, 404], (fx) => ({ params: { companyId: fx.team.company.id } }), 200),
  route("GET", "/api/admin/companies/:companyId/audit-events/export", [403, 403, 403, 401, 404], (fx) => ({ params: { companyId: fx.team.company.id } }), 200),
];

// ---- API keys ------------------------------------------------------------------------------------
/*
 * What an API key of company A's admin gets (DESIGN.md §3: keys carry scopes and never touch identity
 * or security). The routes that take keys, by the scope they need: a read-only key asking to change
 * something gets 403 api_key_scope. Every other route that needs a signed-in caller answers 403
 * api_key_not_allowed, whatever the scope; routes that need nobody (health, sign-in, mailed links)
 * treat a key caller as signed out.
 */
const KEY_READ = new Set([
  "GET /api/auth/user",
  "GET /api/contracts",
  "GET /api/contracts/:id",
  "GET /api/contracts/:id/text",
  "GET /api/contracts/:id/reviewers",
  "GET /api/contracts/:id/download",
  "GET /api/contracts/:id/download-report",
  "GET /api/contracts/:id/markups",
  "GET /api/document-changes/:id/comments",
  "GET /api/contracts/:id/changes",
  "GET /api/contracts/:id/versions",
  "GET /api/contracts/:id/questions",
  "GET /api/contracts/:id/approval-steps",
  "GET /api/contracts/:id/status-history",
  "GET /api/contracts/:id/exhibits",
  "GET /api/exhibits/:id/file",
  "GET /api/contracts/:id/analysis",
  "GET /api/contracts/:id/ai-analysis",
  "GET /api/contracts/:id/similar-clauses",
  "GET /api/clause-standards/:code",
  "GET /api/jurisdictions",
  "GET /api/analytics",
  "GET /api/analytics/:period",
  "GET /api/notifications",
  "GET /api/notifications/unread-count",
]);
const KEY_WRITE = new Set([
  "POST /api/contracts",
  "PUT /api/contracts/:id",
  "POST /api/contracts/:id/redline",
  "POST /api/contracts/:id/markups",
  "POST /api/document-changes/:id/comments",
  "POST /api/contracts/:id/changes",
  "POST /api/document-changes/:id/approve",
  "POST /api/document-changes/:id/reject",
  "POST /api/contracts/:id/versions",
  "POST /api/contracts/:id/versions/:versionId/restore",
  "POST /api/contracts/:id/questions",
  "POST /api/contracts/:id/submit",
  "POST /api/contracts/:id/approve",
  "POST /api/contracts/:id/reject",
  "POST /api/contracts/:id/reopen",
  "POST /api/contracts/:id/reopen-for-changes",
  "POST /api/contracts/:id/approval-steps/:stage/decide",
  "POST /api/contracts/:id/exhibits",
  "POST /api/exhibits/:id/review",
  "DELETE /api/exhibits/:id",
  "POST /api/contracts/:id/analysis",
  "POST /api/contracts/:id/ai-analysis",
  "PUT /api/contracts/:id/perspective",
  "POST /api/analyze-jurisdiction",
]);
// Needs no signed-in caller, yet answers 401 signed out: step two of a sign-in wants a half-open session.
const KEYLESS_401 = new Set(["POST /api/auth/second-factor"]);

function keyExpectation(row: Row, column: KeyColumn): Expected {
  const name = key(row);
  if (KEY_READ.has(name)) return row.expect.admin;
  if (KEY_WRITE.has(name)) return column === "writeKey" ? row.expect.admin : { status: 403, error: "api_key_scope" };
  if (row.expect.signedOut !== 401 || KEYLESS_401.has(name)) return row.expect.signedOut;
  return { status: 403, error: "api_key_not_allowed" };
}

const refusesKey = (expected: Expected) => typeof expected !== "number";

// ---- running cells -------------------------------------------------------------------------------

let t: TestApp;
let operator: UserRow;

beforeAll(async () => {
  t = await createTestApp({ platformAdminEmails: [OPERATOR_EMAIL] });
  await seedKnowledgeBase(t.deps.db);
  // Being an operator comes from PLATFORM_ADMIN_EMAILS, not from the company role.
  const ops = await createCompany(t.deps.db, { name: "Platform operations", subscriptionPlan: "enterprise" });
  operator = await createUser(t.deps.db, { companyId: ops.id, role: "reviewer", email: OPERATOR_EMAIL });
});
afterAll(() => t.close());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const key = (row: { method: string; path: string }) => `${row.method} ${row.path}`;

async function signedIn(user: UserRow): Promise<TestClient> {
  const client = t.client();
  client.useSession(await createSession(t.deps.db, user.id));
  return client;
}

type KeyColumn = "readKey" | "writeKey";
type Caller = Column | "operator" | KeyColumn;

/** Company A's fresh team and the caller of this cell. */
async function cellWorld(caller: Caller): Promise<Fx> {
  const team = await createTeam(t.deps.db, { plan: "enterprise" });
  let actor: UserRow | null = null;
  if (caller === "admin" || caller === "approver" || caller === "reviewer") actor = team[caller].user;
  // A key acts as its owner: company A's admin, who may do the most, so a refusal is the key's.
  if (caller === "readKey" || caller === "writeKey") actor = team.admin.user;
  if (caller === "otherAdmin") actor = (await createTeam(t.deps.db, { plan: "enterprise" })).admin.user;
  if (caller === "operator") actor = operator;
  const owner = actor && actor.companyId === team.company.id ? actor : team.admin.user;
  return { t, team, actor, owner, as: signedIn, contracts: [] };
}

interface Prepared {
  row: Row;
  caller: Caller;
  client: TestClient;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** An API key of `user` with the scope of the key column, made directly (the route that makes keys is under test too). */
async function keyFor(user: UserRow, caller: KeyColumn): Promise<string> {
  const key = `cw_${randomToken(24)}`;
  await t.deps.db
    .insert(apiKeys)
    .values({ companyId: user.companyId, userId: user.id, name: caller, prefix: key.slice(0, 10), keyHash: sha256(key), scope: caller === "readKey" ? "read" : "contracts:write" });
  return key;
}

/** Before the request: e.g. a grant for the caller on the cell's contracts. */
type Arrange = (fx: Fx) => Promise<void>;

async function prepare(row: Row, caller: Caller, arrange?: { world?: (fx: Fx) => Fx; after?: Arrange }): Promise<Prepared> {
  const base = await cellWorld(caller);
  const fx = arrange?.world ? arrange.world(base) : base;
  const built = (await row.build?.(fx)) ?? {};
  await arrange?.after?.(fx);
  let path = row.path;
  for (const [name, value] of Object.entries(built.params ?? {})) path = path.replace(`:${name}`, value);
  if (built.query) path += `?${built.query}`;
  if (caller === "readKey" || caller === "writeKey") {
    // No cookie: the key alone says who calls.
    return { row, caller, client: t.client(), path, body: built.body, headers: { authorization: `Bearer ${await keyFor(fx.actor!, caller)}` } };
  }
  const client = fx.actor ? await signedIn(fx.actor) : t.client();
  return { row, caller, client, path, body: built.body, headers: {} };
}

/** A status, or a status with the error code the body must carry. */
type Expected = number | { status: number; error: string };

/** Sends the cell's request; answers a line describing the mismatch, or null. */
async function run(cell: Prepared, expected: Expected): Promise<string | null> {
  const res = await cell.client.request(cell.row.method, cell.path, cell.body, cell.headers);
  const want = typeof expected === "number" ? { status: expected, error: undefined } : expected;
  const error = (res.body as { error?: unknown } | null)?.error;
  if (res.status === want.status && (want.error === undefined || error === want.error)) return null;
  return `${key(cell.row)} as ${cell.caller}: expected ${want.status}${want.error ? ` ${want.error}` : ""}, got ${res.status} ${res.text.slice(0, 200)}`;
}

async function runColumn(caller: Caller, rows: Row[], expected: (row: Row) => Expected): Promise<string[]> {
  const mismatches: string[] = [];
  for (const row of rows) {
    const mismatch = await run(await prepare(row, caller), expected(row));
    if (mismatch) mismatches.push(mismatch);
  }
  return mismatches;
}

/**
 * Row count and a hash of every row of every table. sessions.last_seen_at and api_keys.last_used_at
 * are left out: any signed-in request may refresh the caller's own session or key (auth/sessions.ts),
 * which says nothing about company A's data; every other column of every table is compared.
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.deps.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const result: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = rowsOf<{ n: number; h: string }>(
      await t.deps.db.execute(sql`
        select count(*)::int as n, md5(coalesce(string_agg(x, ',' order by x), '')) as h
        from (select (to_jsonb(r) - 'last_seen_at' - 'last_used_at')::text as x from ${sql.identifier(table_name)} r) s`),
    );
    result[table_name] = `${row!.n} rows, ${row!.h}`;
  }
  return result;
}

function hasRowId(row: Row): boolean {
  return !PUBLIC_ROW_ROUTES.has(key(row)) && (row.path.match(/:\w+/g) ?? []).some((param) => !NOT_ROW_IDS.has(param));
}

// ---- per-contract grants and personal rows ---------------------------------------------------------

const RANK: Record<AccessLevel, number> = { read: 0, review: 1, approve: 2, admin: 3 };
const ROLE_LEVEL = { admin: "admin", approver: "approve", reviewer: "review" } as const;
const isSuccess = (status: number) => status >= 200 && status < 300;

/** Who holds each grant: narrowing an approver, widening a reviewer. */
const GRANTEES: Record<AccessLevel, "approver" | "reviewer"> = { read: "approver", review: "approver", approve: "reviewer", admin: "reviewer" };

/** What a grantee of `level` gets on a row: the admin's happy status if the level is enough, else 403. */
const underGrant = (row: Row, level: AccessLevel) => (RANK[level] >= RANK[row.level!] ? row.expect.admin : 403);

async function grantOnCellContracts(fx: Fx, level: AccessLevel): Promise<void> {
  for (const contractId of fx.contracts) {
    await grantContractAccess(fx.t.deps.db, { companyId: fx.team.company.id, contractId, userId: fx.actor!.id, accessLevel: level });
  }
}

/**
 * Rows that belong to one person. Each is made for company A's reviewer and asked for by another
 * member: it answers like a missing row (404), so nobody learns what colleagues filed or where they
 * are signed in. A support ticket is the exception for the company's admin, who reads the team's tickets.
 */
const PERSONAL: Record<string, { admin: number; approver: number }> = {
  "POST /api/notifications/:id/read": { admin: 404, approver: 404 },
  "DELETE /api/settings/security/sessions/:id": { admin: 404, approver: 404 },
  "DELETE /api/settings/security/api-keys/:id": { admin: 404, approver: 404 },
  "GET /api/support/tickets/:id": { admin: 200, approver: 404 },
  // The admin reads a colleague's ticket but does not answer for them.
  "POST /api/support/tickets/:id/replies": { admin: 403, approver: 404 },
};

/** A column sends every route once; on a busy shared machine that can take more than the default 30 s. */
const SWEEP_TIMEOUT_MS = 180_000;

describe("Authorization matrix", () => {
  it("has exactly one row per registered route", () => {
    // Middleware and the API's catch-all 404 register as ALL; routes with middleware appear once per handler.
    const registered = new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => key(r)));
    const tabled = TABLE.map(key);
    expect(tabled.length, "duplicate rows").toBe(new Set(tabled).size);
    expect([...registered].filter((k) => !tabled.includes(k)), "routes missing from the table").toEqual([]);
    expect(tabled.filter((k) => !registered.has(k)), "table rows without a route").toEqual([]);
  });

  it("names another company's row only to get 404, and gives every Billing Administration route an operator column", () => {
    expect(TABLE.filter((row) => hasRowId(row) && row.expect.otherAdmin !== 404).map(key)).toEqual([]);
    expect(TABLE.filter((row) => row.path.startsWith("/api/admin/") !== (row.operator !== undefined)).map(key)).toEqual([]);
  });

  for (const column of ["admin", "approver", "reviewer", "signedOut"] as const) {
    it(`answers every route as the table says for: ${column}`, { timeout: SWEEP_TIMEOUT_MS }, async () => {
      expect(await runColumn(column, TABLE, (row) => row.expect[column])).toEqual([]);
    });
  }

  it("answers the other company's admin 404 for every row of company A, and changes nothing", { timeout: SWEEP_TIMEOUT_MS }, async () => {
    const foreign = TABLE.filter((row) => row.expect.otherAdmin === 404);
    const cells = [];
    for (const row of foreign) cells.push(await prepare(row, "otherAdmin"));
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["contracts", "users", "sessions", "audit_events", "notifications"]));
    const mismatches = [];
    for (const cell of cells) mismatches.push(await run(cell, 404));
    expect(mismatches.filter(Boolean)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers the other company's admin, on routes without company A's ids, as an admin of their own company", { timeout: SWEEP_TIMEOUT_MS }, async () => {
    const own = TABLE.filter((row) => row.expect.otherAdmin !== 404);
    expect(await runColumn("otherAdmin", own, (row) => row.expect.otherAdmin)).toEqual([]);
  });

  it("declares key access only on routes that exist: reads on GET, writes on the rest", () => {
    const tabled = new Set(TABLE.map(key));
    expect([...KEY_READ, ...KEY_WRITE, ...KEYLESS_401].filter((name) => !tabled.has(name))).toEqual([]);
    expect([...KEY_READ].filter((name) => !name.startsWith("GET "))).toEqual([]);
    expect([...KEY_WRITE].filter((name) => name.startsWith("GET "))).toEqual([]);
  });

  for (const column of ["readKey", "writeKey"] as const) {
    it(`answers every route as DESIGN.md §3 says for an API key (${column}), and a refused key changes nothing`, async () => {
      const cells = [];
      for (const row of TABLE) cells.push({ cell: await prepare(row, column), expected: keyExpectation(row, column) });
      const refused = cells.filter(({ expected }) => refusesKey(expected));
      expect(refused.length).toBeGreaterThan(30);
      const before = await snapshot();
      const mismatches: (string | null)[] = [];
      for (const { cell, expected } of refused) mismatches.push(await run(cell, expected));
      expect(await snapshot()).toEqual(before);
      for (const { cell, expected } of cells.filter(({ expected }) => !refusesKey(expected))) mismatches.push(await run(cell, expected));
      expect(mismatches.filter(Boolean)).toEqual([]);
    });
  }

  it("lets platform operators manage every company in Billing Administration", async () => {
    const rows = TABLE.filter((row) => row.operator !== undefined);
    expect(await runColumn("operator", rows, (row) => row.operator!)).toEqual([]);
  });

  it("keeps every contract row's role columns in line with the access level it needs", () => {
    const contractRows = TABLE.filter((row) => row.level);
    expect(contractRows.length).toBeGreaterThan(30);
    const disagreeing = contractRows.flatMap((row) =>
      (["admin", "approver", "reviewer"] as const)
        .filter((role) => isSuccess(row.expect[role]) !== RANK[ROLE_LEVEL[role]] >= RANK[row.level!])
        .map((role) => `${key(row)}: ${role} ${row.expect[role]} but the route needs ${row.level}`),
    );
    expect(disagreeing).toEqual([]);
    // Every route with a contract id in its path says what it needs.
    expect(TABLE.filter((row) => !row.level && /^\/api\/(contracts\/:id|exhibits\/:id|document-changes\/:id)/.test(row.path)).map(key)).toEqual([]);
  });

  for (const level of ["read", "review", "approve", "admin"] as const) {
    it(`answers a ${GRANTEES[level]} holding a ${level} grant on the contract as that level allows`, { timeout: SWEEP_TIMEOUT_MS }, async () => {
      const rows = TABLE.filter((row) => row.level);
      const mismatches: string[] = [];
      for (const row of rows) {
        const cell = await prepare(row, GRANTEES[level], { after: (fx) => grantOnCellContracts(fx, level) });
        const mismatch = await run(cell, underGrant(row, level));
        if (mismatch) mismatches.push(`${mismatch} (${level} grant)`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("answers another member's personal rows like missing ones (the admin reads the team's tickets)", async () => {
    const rows = TABLE.filter((row) => PERSONAL[key(row)]);
    expect(rows.map(key).sort()).toEqual(Object.keys(PERSONAL).sort());
    const mismatches: string[] = [];
    for (const row of rows) {
      for (const caller of ["admin", "approver"] as const) {
        const cell = await prepare(row, caller, { world: (fx) => ({ ...fx, owner: fx.team.reviewer.user }) });
        const mismatch = await run(cell, PERSONAL[key(row)]![caller]);
        if (mismatch) mismatches.push(`${mismatch} (the reviewer's row)`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
