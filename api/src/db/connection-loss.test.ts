import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeExtractionPool } from "../documents";
import { loadConfig } from "../env";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/on-error";
import { createTestApp, type TestApp, type TestClient, type TestResponse } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { multipartForm } from "../test/lifecycle-factories";
import { signedIn } from "../test/review-factories";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import { analyses, auditEvents, contractApprovalSteps, contracts, jobs, notifications, yjsDocuments } from "./schema";

/*
 * Issue 7: "PostgreSQL connection lost: requests fail with 503 and a message, nothing is
 * half-written, service resumes by itself." The app talks to PostgreSQL through a TCP proxy that the
 * test cuts (every connection dropped, new ones refused) and restores; the app is never restarted.
 */
const databaseUrl = loadConfig().databaseUrl;
if (!databaseUrl) {
  console.log("Skipping the PostgreSQL connection-loss tests: DATABASE_URL is not set (PGlite runs in-process, so there is no connection to lose).");
}

/** A deadline for a request (a hung request fails here, not at the test's timeout); not a timing assertion. */
async function answered<T>(request: Promise<T>, what: string, ms = 45_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms)));
  return Promise.race([request, deadline]).finally(() => clearTimeout(timer));
}

function expectUnavailable(res: TestResponse, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(503);
  expect(res.body, what).toEqual({ error: "unavailable", message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers.get("retry-after"), what).toBe("5");
}

const uploadForm = (title: string) =>
  multipartForm(
    { title, client: "Wapiti Ridge Midstream", processingConsent: "true", storageConsent: "true" },
    { file: { bytes: new TextEncoder().encode("1. Scope of Work. The Contractor shall perform the Work.\n2. Price. The Owner shall pay the Price."), name: "contract.txt", type: "text/plain" } },
  );

describe.skipIf(!databaseUrl)("PostgreSQL connection lost", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof createTeam>>;
  let contractId: string;
  let admin: TestClient;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The throwaway database is created, used and dropped through the proxy.
    t = await createTestApp({ databaseUrl: proxy.via(databaseUrl!) });
    team = await createTeam(t.deps.db);
    contractId = (await createContract(t.deps.db, { companyId: team.company.id, content: "<p>1. Scope of Work.</p>" })).id;
    admin = signedIn(t, team.admin.token);
  });
  afterAll(async () => {
    await proxy?.restore();
    await closeExtractionPool();
    await t?.close();
    await proxy?.close();
  });

  it("answers 503 with a message while it is gone, leaves no half-written upload, and resumes by itself", { timeout: 240_000 }, async () => {
    expect((await admin.get("/api/contracts")).status).toBe(200);
    expect(proxy.connections()).toBeGreaterThan(0);

    // An upload whose transaction is cut after the contract, its document and its approval steps
    // were inserted, before the analysis, the job, the notification and the audit row.
    const interruptedTitle = `Interrupted ${randomUUID().slice(0, 8)}`;
    const cut = proxy.cutWhenClientSends('insert into "analyses"');
    const interrupted = await answered(admin.request("POST", "/api/contracts", uploadForm(interruptedTitle)), "the interrupted upload");
    await cut;
    expectUnavailable(interrupted, "the interrupted upload");

    // While the database is gone: reads, writes, uploads and the health check.
    const unavailable: [string, () => Promise<TestResponse>][] = [
      ["GET /api/contracts", () => admin.get("/api/contracts")],
      ["GET /api/contracts/:id", () => admin.get(`/api/contracts/${contractId}`)],
      ["POST a markup", () => admin.post(`/api/contracts/${contractId}/markups`, { type: "comment", content: "While the database is away" })],
      ["POST an upload", () => admin.request("POST", "/api/contracts", uploadForm("During the outage"))],
      ["GET /api/health", () => t.client().get("/api/health")],
    ];
    for (const [what, send] of unavailable) expectUnavailable(await answered(send(), what), what);
    // Nothing internal leaks: no driver codes, hosts, ports or SQL in any answer.
    for (const [what, send] of unavailable) {
      const res = await answered(send(), what);
      expect(res.text).not.toMatch(/ECONN|CONNECTION_|insert|select|127\.0\.0\.1|5432/i);
    }

    // Back: the same app, not restarted, serves again from the next request on.
    await proxy.restore();
    expect((await answered(t.client().get("/api/health"), "health after")).status).toBe(200);
    expect((await answered(admin.get("/api/contracts"), "list after")).status).toBe(200);
    // More requests at once than the pool has connections: every connection works again.
    const burst = await answered(Promise.all(Array.from({ length: 12 }, () => admin.get("/api/contracts"))), "a burst after");
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
    const markup = await answered(admin.post(`/api/contracts/${contractId}/markups`, { type: "comment", content: "After the outage" }), "markup after");
    expect(markup.status, markup.text).toBe(201);
    const completedTitle = `Completed ${randomUUID().slice(0, 8)}`;
    const completed = await answered(admin.request("POST", "/api/contracts", uploadForm(completedTitle)), "upload after");
    expect(completed.status, completed.text).toBe(201);

    // All or nothing: the interrupted upload left no row anywhere; the completed one has them all.
    const db = t.deps.db;
    const company = team.company.id;
    const uploaded = await db.select().from(contracts).where(and(eq(contracts.companyId, company), inArray(contracts.title, [interruptedTitle, completedTitle, "During the outage"])));
    expect(uploaded.map((c) => c.title)).toEqual([completedTitle]);
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    const completedId = uploaded[0]!.id;
    expect(await count(db.select().from(yjsDocuments).where(eq(yjsDocuments.contractId, completedId)))).toBe(1);
    expect(await count(db.select().from(contractApprovalSteps).where(eq(contractApprovalSteps.contractId, completedId)))).toBe(3);
    expect(await count(db.select().from(analyses).where(eq(analyses.contractId, completedId)))).toBe(1);
    expect(await count(db.select().from(jobs).where(eq(jobs.dedupeKey, `analysis:${completedId}`)))).toBe(1);
    expect(await count(db.select().from(auditEvents).where(and(eq(auditEvents.entityId, completedId), eq(auditEvents.action, "contract.upload"))))).toBe(1);
    // Every row an upload writes belongs to a contract that exists (the database is this file's own).
    const allIds = new Set((await db.select({ id: contracts.id }).from(contracts)).map((r) => r.id));
    for (const table of [yjsDocuments, contractApprovalSteps, analyses]) {
      const rows = await db.select({ contractId: table.contractId }).from(table);
      expect(rows.filter((r) => !allIds.has(r.contractId))).toEqual([]);
    }
    const uploadNotices = (await db.select().from(notifications).where(eq(notifications.userId, team.admin.user.id))).filter((n) => n.title === "Contract uploaded");
    expect(uploadNotices.map((n) => n.message)).toEqual([`"${completedTitle}" has been uploaded and is being analyzed.`]);
    const markups = await db.query.markups.findMany({ where: (m, { eq }) => eq(m.contractId, contractId) });
    expect(markups.map((m) => m.content)).toEqual(["After the outage"]);
  });

  it("logs each unavailable request once, as a warning with its request id and the connection code only", { timeout: 120_000 }, async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = t.deps.logger;
    const original = logger.warn.bind(logger);
    const child = logger.child.bind(logger);
    // Capture what the request's logger (a child with the request id) warns.
    logger.child = ((bindings: Record<string, unknown>) => {
      const made = child(bindings);
      made.warn = ((obj: Record<string, unknown>, msg?: string) => void lines.push({ ...bindings, ...obj, msg })) as typeof made.warn;
      return made;
    }) as unknown as typeof logger.child;
    try {
      await proxy.cut();
      const res = await answered(admin.get("/api/contracts", { "x-request-id": "outage-request-1" }), "the list");
      expectUnavailable(res, "the list");
      const ours = lines.filter((l) => l.requestId === "outage-request-1");
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ msg: "database unavailable", code: expect.stringMatching(/^[A-Z0-9_]+$/) });
    } finally {
      logger.child = child;
      logger.warn = original;
      await proxy.restore();
    }
    expect((await answered(admin.get("/api/contracts"), "list after")).status).toBe(200);
  });
});
