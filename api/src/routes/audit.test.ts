import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_MESSAGES, auditPage, type AuditPage } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { recordAudit } from "../commands/audit";
import { eraseContract } from "../commands/contracts/erase";
import { apiKeys, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createContract, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

const OPS_EMAIL = "audit-ops@clausewise.test";
let t: TestApp;
let ops: string;

beforeAll(async () => {
  t = await createTestApp({ platformAdminEmails: [OPS_EMAIL] });
  const home = await createCompany(t.deps.db, { name: "ClauseWise Operations" });
  const operator = await createUser(t.deps.db, { companyId: home.id, role: "reviewer", email: OPS_EMAIL, firstName: "Olive", lastName: "Operator" });
  ops = await createSession(t.deps.db, operator.id);
});
afterAll(() => t.close());

const db = () => t.deps.db;
type Team = Awaited<ReturnType<typeof createTeam>>;

/** Company A's history, made by the real routes (and one dated event per day for the range filter). */
async function seedHistory() {
  const team = await createTeam(db());
  await db().update(users).set({ firstName: "Riley", lastName: "Reviewer" }).where(eq(users.id, team.reviewer.user.id));
  await db().update(users).set({ firstName: "Ada", lastName: "Admin" }).where(eq(users.id, team.admin.user.id));
  const admin = signedIn(t, team.admin.token);
  // A title a spreadsheet would run, with a comma and quotes in it.
  const risky = await createContract(db(), { companyId: team.company.id, title: '=HYPERLINK("http://evil.test","Pump, "A"")' });
  const plain = await createContract(db(), { companyId: team.company.id, title: "Gas Plant EPC" });
  expect((await admin.request("PATCH", `/api/team/members/${team.reviewer.user.id}/role`, { role: "approver" })).status).toBe(200);
  expect((await admin.post("/api/team/contract-access", { contractId: risky.id, userId: team.reviewer.user.id, accessLevel: "read" })).status).toBe(201);
  expect((await admin.post("/api/team/invite", { email: `new-${randomUUID()}@example.test`, role: "reviewer" })).status).toBe(201);
  const markup = await signedIn(t, team.reviewer.token).post(`/api/contracts/${plain.id}/markups`, { type: "comment", content: "Check the cap." });
  expect(markup.status).toBe(201);
  for (const day of ["2026-01-10T12:00:00Z", "2026-01-11T12:00:00Z", "2026-01-12T12:00:00Z"]) {
    await recordAudit(db(), { companyId: team.company.id, userId: team.admin.user.id, action: "company.retention", entityType: "company", entityId: team.company.id, now: new Date(day), data: { from: null, to: 30 } });
  }
  return { team, risky, plain };
}

let A: Awaited<ReturnType<typeof seedHistory>>;
let B: Team;
beforeAll(async () => {
  A = await seedHistory();
  B = await createTeam(db());
  const other = await createContract(db(), { companyId: B.company.id, title: "Company B contract" });
  await signedIn(t, B.admin.token).post(`/api/contracts/${other.id}/markups`, { type: "comment", content: "B's note" });
});

const log = (token: string, query = "") => signedIn(t, token).get<AuditPage>(`/api/audit-events${query}`);

describe("GET /api/audit-events", () => {
  it("shows the company admin every event of their company, newest first, in words", async () => {
    const res = await log(A.team.admin.token);
    expect(res.status).toBe(200);
    const page = auditPage.parse(res.body);
    const times = page.events.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const byAction = (action: string) => page.events.find((e) => e.action === action)!;
    expect(byAction("user.change_role")).toMatchObject({
      actionLabel: "Changed a member's role",
      actor: { id: A.team.admin.user.id, name: "Ada Admin", email: A.team.admin.user.email },
      details: "Riley Reviewer; Reviewer → Approver",
      contract: null,
    });
    expect(byAction("contract_access.grant")).toMatchObject({ details: "Riley Reviewer; Read access", contract: { id: A.risky.id, title: A.risky.title } });
    expect(byAction("markup.create")).toMatchObject({ actionLabel: "Added a markup", actor: { name: "Riley Reviewer" }, contract: { id: A.plain.id, title: "Gas Plant EPC" }, details: "Comment" });
    expect(byAction("invitation.create").details).toMatch(/^new-.*@example\.test; as Reviewer$/);
    // Company B's events never show.
    expect(page.events.every((e) => e.contract?.title !== "Company B contract" && e.details !== "B's note")).toBe(true);
  });

  it("filters by person, action, contract and date range, together", async () => {
    const ids = async (query: string) => (await log(A.team.admin.token, query)).body.events.map((e) => e.action);
    expect(await ids(`?userId=${A.team.reviewer.user.id}`)).toEqual(["markup.create"]);
    expect(await ids("?action=user.change_role")).toEqual(["user.change_role"]);
    expect(await ids(`?contractId=${A.risky.id}`)).toEqual(["contract_access.grant"]);
    // A date alone as the end includes that whole day (UTC).
    expect(await ids("?from=2026-01-11&to=2026-01-12")).toEqual(["company.retention", "company.retention"]);
    expect(await ids("?from=2026-01-11T00:00:00Z&to=2026-01-12T00:00:00Z")).toEqual(["company.retention"]);
    expect(await ids(`?userId=${A.team.admin.user.id}&action=company.retention&to=2026-01-10`)).toEqual(["company.retention"]);
    // Another company's member or contract is simply not in this company's log.
    expect(await ids(`?userId=${B.admin.user.id}`)).toEqual([]);
    expect(await ids(`?contractId=${randomUUID()}`)).toEqual([]);
  });

  it("pages through the log with a cursor: every event once, none twice, even with equal times", async () => {
    const team = await createTeam(db());
    const same = new Date("2026-02-01T08:00:00Z");
    for (let i = 0; i < 5; i++) await recordAudit(db(), { companyId: team.company.id, userId: team.admin.user.id, action: "api_key.create", entityType: "api_key", entityId: randomUUID(), now: same, data: { name: `key ${i}` } });
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const res = await log(team.admin.token, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.events.map((e) => e.id));
      cursor = res.body.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toHaveLength(5);
  });

  it("shows a platform operator's action on the company as 'ClauseWise operator', and a deleted contract without its title", async () => {
    const team = await createTeam(db());
    expect((await signedIn(t, ops).post(`/api/admin/companies/${team.company.id}/record-payment`, { amount: 120.5, notes: "Cheque" })).status).toBe(200);
    const doomed = await createContract(db(), { companyId: team.company.id, title: "Secret merger terms" });
    await signedIn(t, team.admin.token).post(`/api/contracts/${doomed.id}/markups`, { type: "comment", content: "Confidential" });
    await eraseContract(t.deps, { contractId: doomed.id, companyId: team.company.id, actorId: team.admin.user.id, reason: "deleted", scrub: false });
    const events = (await log(team.admin.token)).body.events;
    expect(events.find((e) => e.action === "company.record_payment")).toMatchObject({ actor: { id: null, name: "ClauseWise operator", email: null }, details: "$120.50" });
    const erased = events.filter((e) => e.contract?.id === doomed.id);
    expect(erased.map((e) => e.action).sort()).toEqual(["contract.delete", "markup.create"]);
    for (const e of erased) expect(e.contract!.title).toBeNull();
    expect(JSON.stringify(events)).not.toContain("Secret merger terms");
  });

  it("refuses approvers and reviewers (403), a signed-out caller (401) and an API key", async () => {
    for (const token of [A.team.approver.token, A.team.reviewer.token]) {
      const res = await log(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: AUDIT_MESSAGES.accessRestricted });
      expect((await signedIn(t, token).get("/api/audit-events/export")).status).toBe(403);
    }
    expect((await t.client().get("/api/audit-events")).status).toBe(401);
    const key = `cw_${randomUUID()}`;
    await db().insert(apiKeys).values({ companyId: A.team.company.id, userId: A.team.admin.user.id, name: "ci", prefix: key.slice(0, 10), keyHash: sha256(key), scope: "read" });
    const keyed = await t.client().get("/api/audit-events", { authorization: `Bearer ${key}` });
    expect(keyed.status).toBe(403);
    expect(keyed.body).toHaveProperty("error", "api_key_not_allowed");
  });

  it("answers bad filters with 400 and a message", async () => {
    const cases: [string, string][] = [
      ["?userId=not-a-uuid", "userId: userId must be a member's id."],
      ["?contractId=42", "contractId: contractId must be a contract's id."],
      ["?from=last-week", `from: ${AUDIT_MESSAGES.badDate}`],
      ["?from=2026-03-02&to=2026-03-01", `to: ${AUDIT_MESSAGES.badRange}`],
      ["?action=DROP%20TABLE", `action: ${AUDIT_MESSAGES.badAction}`],
      ["?limit=1000", "limit: limit must be a whole number from 1 to 200."],
      ["?cursor=bm90LWEtY3Vyc29y", AUDIT_MESSAGES.badCursor],
      [`?cursor=${Buffer.from(JSON.stringify(["1", "-".repeat(36)])).toString("base64url")}`, AUDIT_MESSAGES.badCursor],
      [`?cursor=${Buffer.from(JSON.stringify(["9".repeat(30), randomUUID()])).toString("base64url")}`, AUDIT_MESSAGES.badCursor],
    ];
    for (const [query, message] of cases) {
      const res = await log(A.team.admin.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: "validation_failed", message });
    }
  });
});

describe("GET /api/audit-events/export", () => {
  it("downloads the filtered log as CSV with quoting and formulas defused", async () => {
    const res = await signedIn(t, A.team.admin.token).get("/api/audit-events/export?action=contract_access.grant");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-company-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Person,Email,Action,Contract,Contract ID,Details,Action code,Event ID");
    expect(lines).toHaveLength(3);
    const row = lines[1]!;
    expect(row).toContain(`,Ada Admin,${A.team.admin.user.email},Granted contract access,`);
    // The title starts with "=": an apostrophe first, quotes doubled, the comma inside the quoted cell.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"",""Pump, ""A"""")",${A.risky.id},Riley Reviewer; Read access,contract_access.grant,`);
    expect(lines[2]).toBe("");
  });

  it("exports every matching event, not only the first page, and refuses bad filters", async () => {
    const all = await signedIn(t, A.team.admin.token).get("/api/audit-events/export");
    const page = await log(A.team.admin.token, "?limit=200");
    expect(all.text.split("\r\n").length - 2).toBe(page.body.events.length);
    const bad = await signedIn(t, A.team.admin.token).get("/api/audit-events/export?to=soon");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "validation_failed", message: `to: ${AUDIT_MESSAGES.badDate}` });
  });
});

describe("GET /api/admin/companies/:companyId/audit-events", () => {
  it("lets a platform operator read and export any company's log, naming operators", async () => {
    const res = await signedIn(t, ops).get<AuditPage>(`/api/admin/companies/${A.team.company.id}/audit-events?action=user.change_role`);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.details)).toEqual(["Riley Reviewer; Reviewer → Approver"]);
    const csv = await signedIn(t, ops).get(`/api/admin/companies/${A.team.company.id}/audit-events/export?action=user.change_role`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Changed a member's role");
  });

  it("refuses a company admin (403 on their own company, 404 on another) and 404s an unknown company for operators", async () => {
    const own = await signedIn(t, A.team.admin.token).get(`/api/admin/companies/${A.team.company.id}/audit-events`);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: "forbidden", message: AUDIT_MESSAGES.operatorsOnly });
    expect((await signedIn(t, B.admin.token).get(`/api/admin/companies/${A.team.company.id}/audit-events`)).status).toBe(404);
    expect((await signedIn(t, A.team.approver.token).get(`/api/admin/companies/${A.team.company.id}/audit-events`)).status).toBe(403);
    expect((await signedIn(t, ops).get(`/api/admin/companies/${randomUUID()}/audit-events`)).status).toBe(404);
    expect((await signedIn(t, ops).get("/api/admin/companies/nope/audit-events/export")).status).toBe(404);
    const bad = await signedIn(t, ops).get(`/api/admin/companies/${A.team.company.id}/audit-events?from=2026-13-01`);
    expect(bad.status).toBe(400);
  });
});
