import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { CONTRACT_MESSAGES, COLLAB_EVENTS, type UploadContractResponse } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnalysisRunner } from "../analysis/jobs";
import { openDatabase, type Database } from "../db/client";
import { loadConfig } from "../env";
import { auditEvents, contracts, jobs, markups, notificationPreferences } from "../db/schema";
import { closeExtractionPool } from "../documents";
import { NOTIFICATION_DIGEST_JOB } from "../notifications/digest";
import { createNotificationRunner } from "../notifications/jobs";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { findBytesInDatabase, multipartForm, recordEvents, signedIn } from "../test/lifecycle-factories";

/*
 * DELETE /api/contracts/{id} erases a contract and every copy of its words (issue 12, item 7). The
 * proof is a canary: one unique string put into the uploaded file (stored with consent), the title,
 * an edit, a version, the analysis, a text analysis, a question, a markup, a proposed change, an
 * exhibit and its file, a workflow comment, notifications, mails and digests. Afterwards it is found
 * 0 times in any text, bytea or json column of any table; on the embedded database (a PGlite data
 * directory of its own here) 0 times in any file of the data directory either, WAL included.
 */

const onPglite = !loadConfig().databaseUrl;
let t: TestApp;
let dataDir: string | null = null;
let database: Database | undefined;

beforeAll(async () => {
  if (onPglite) {
    dataDir = mkdtempSync(path.join(tmpdir(), "cw-erase-"));
    database = await openDatabase({ dataDir });
    await database.migrate();
  }
  t = await createTestApp({}, database ? { database } : {});
});
afterAll(async () => {
  await closeExtractionPool();
  await t.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const isEqual = (a: unknown, b: Record<string, unknown>) => typeof a === "object" && a !== null && Object.keys(b).length === Object.keys(a).length && Object.entries(b).every(([k, v]) => (a as Record<string, unknown>)[k] === v);

/** Letters and digits only: no JSON or HTML escaping can hide it, and random 8-letter pieces do not occur by chance. */
function makeWideCanary(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `Qz${[...randomBytes(38)].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

/**
 * Files of the data directory holding the canary, or any 8-character piece of it: compressed
 * values (pglz) break a string into runs of at most 8 literal bytes, so a piece is how a compressed
 * copy would show.
 */
function filesHolding(dir: string, canary: string): string[] {
  const pieces = [canary, ...Array.from({ length: canary.length - 7 }, (_, i) => canary.slice(i, i + 8))].map((p) => Buffer.from(p));
  const hits: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const bytes = readFileSync(file);
        if (pieces.some((piece) => bytes.includes(piece))) hits.push(path.relative(dir, file));
      }
    }
  };
  walk(dir);
  return hits;
}

const upload = (title: string, text: string, reviewerId = "") =>
  multipartForm(
    { title, client: "Wapiti Ridge Midstream", processingConsent: "true", storageConsent: "true", reviewerId },
    { file: { bytes: Buffer.from(text, "utf8"), name: "supply.txt", type: "text/plain" } },
  );

async function drainJobs() {
  await createAnalysisRunner(t.deps).drain();
  await createNotificationRunner(t.deps).drain();
}

/** A contract the whole team has worked on, with the canary in every place its words can go. */
async function workedOnContract(canary: string) {
  const team = await createTeam(t.deps.db);
  const admin = signedIn(t, team.admin.token);
  const reviewer = signedIn(t, team.reviewer.token);
  // The approver takes mail at once, the reviewer in a daily digest: both copies must go.
  await t.deps.db.insert(notificationPreferences).values({ userId: team.approver.user.id, digestFrequency: "never", emailNewComments: true });
  const text = [
    "1. Scope of Work. The Contractor shall supply and install the gas compression package.",
    `2. Indemnity. The Contractor shall indemnify the Owner against all claims arising from ${canary} without limit.`,
    "3. Governing Law. This Agreement is governed by the laws of the Province of Alberta.",
  ].join("\n\n");
  const uploaded = await admin.post<UploadContractResponse>("/api/contracts", upload(`Supply Agreement ${canary}`, text, team.approver.user.id));
  expect(uploaded.status).toBe(201);
  const id = uploaded.body.id;
  await drainJobs();

  const edited = await admin.request("PUT", `/api/contracts/${id}`, { content: `<p>1. Scope of Work.</p><p>Amended by ${canary} on site.</p><p>${text.split("\n\n")[1]}</p>` });
  expect(edited.status).toBe(200);
  expect((await admin.post(`/api/contracts/${id}/versions`, {})).status).toBe(201);
  expect((await reviewer.post(`/api/contracts/${id}/markups`, { type: "comment", content: `Check ${canary} with counsel.` })).status).toBe(201);
  expect(
    (await reviewer.post(`/api/contracts/${id}/changes`, { changeType: "insert", originalText: "", newText: ` ${canary}`, position: JSON.stringify({ start: 3, end: 3 }), reviewerComment: `Add ${canary}` })).status,
  ).toBe(201);
  expect((await reviewer.post(`/api/contracts/${id}/questions`, { question: `Who pays for ${canary}?` })).status).toBe(201);
  expect((await reviewer.post(`/api/contracts/${id}/ai-analysis`, { text: `The Contractor shall indemnify ${canary}.`, analysisType: "risk" })).status).toBe(201);
  const exhibit = await reviewer.post(
    `/api/contracts/${id}/exhibits`,
    multipartForm({ title: `Schedule ${canary}`, assignedTo: team.approver.user.id }, { file: { bytes: Buffer.from(`Rates for ${canary}`), name: "rates.txt", type: "text/plain" } }),
  );
  expect(exhibit.status).toBe(201);
  expect((await reviewer.post(`/api/contracts/${id}/submit`, { comment: `Ready, see ${canary}` })).status).toBe(200);
  await drainJobs();
  return { team, id };
}

describe("DELETE /api/contracts/:id", () => {
  it("erases the contract and every copy of its words: a canary is found 0 times in the database and the data directory", async () => {
    const canary = makeWideCanary();
    const { team, id } = await workedOnContract(canary);
    // Work on another contract of the same company, which must survive untouched.
    const other = await createContract(t.deps.db, { companyId: team.company.id, title: "Balance of Plant" });
    expect((await signedIn(t, team.reviewer.token).post(`/api/contracts/${other.id}/markups`, { type: "comment", content: "Keep this one." })).status).toBe(201);
    await drainJobs();
    // A pending digest with a notice about each contract: only the erased one's notice may go.
    const at = new Date().toISOString();
    const keep = { title: "Balance of Plant", message: "Keep this notice.", actionUrl: `/contracts/${other.id}`, at };
    const [digest] = await t.deps.db
      .insert(jobs)
      .values({
        type: NOTIFICATION_DIGEST_JOB,
        payload: { userId: team.approver.user.id, companyId: team.company.id, items: [{ title: `About ${canary}`, message: canary, actionUrl: `/contracts/${id}`, at }, keep] },
        runAt: new Date(Date.now() + 3_600_000),
        dedupeKey: `test-digest:${team.approver.user.id}`,
      })
      .returning();

    const before = await findBytesInDatabase(t.deps.db, Buffer.from(canary));
    // The places the canary went, so the check below cannot pass by looking in the wrong place.
    expect(before).toEqual(
      expect.arrayContaining([
        "contracts.title",
        "contracts.content",
        "contracts.plain_text",
        "contract_files.bytes",
        "yjs_updates.update",
        "yjs_documents.state",
        "document_versions.content",
        "analyses.result",
        "ai_text_analyses.text",
        "questions.question",
        "markups.content",
        "document_changes.new_text",
        "exhibits.title",
        "exhibit_files.bytes",
        "notifications.message",
        "email_outbox.text",
        "jobs.payload",
        "audit_events.data",
      ]),
    );
    if (dataDir) {
      await t.deps.db.execute(sql.raw("CHECKPOINT"));
      expect(filesHolding(dataDir, canary).length).toBeGreaterThan(0);
    }

    const recorder = recordEvents(t);
    let res;
    try {
      res = await signedIn(t, team.admin.token).request("DELETE", `/api/contracts/${id}`);
    } finally {
      recorder.stop();
    }
    expect(res.status).toBe(204);
    expect(await findBytesInDatabase(t.deps.db, Buffer.from(canary))).toEqual([]);
    if (dataDir) expect(filesHolding(dataDir, canary)).toEqual([]);

    // Live connections close and lists refresh; the contract answers like one that never existed.
    expect(recorder.events.map((e) => e.type)).toEqual(expect.arrayContaining([COLLAB_EVENTS.contractDeleted]));
    expect((await signedIn(t, team.admin.token).get(`/api/contracts/${id}`)).status).toBe(404);
    // One event records the erasure: the id and a marker, never the title.
    const [erasure] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "contract.delete")));
    expect(erasure).toMatchObject({ userId: team.admin.user.id, data: { contractId: id, deleted: true, reason: "deleted", createdAt: expect.any(String) } });
    // Earlier events keep who did what and when, without their free text.
    const earlier = await t.deps.db.select().from(auditEvents).where(sql`${auditEvents.data}->>'contractId' = ${id} and ${auditEvents.action} <> 'contract.delete'`);
    expect(earlier.length).toBeGreaterThan(5);
    expect(earlier.filter((e) => !isEqual(e.data, { contractId: id, erased: true })).map((e) => [e.action, e.data])).toEqual([]);

    // The other contract, its markup and the digest items about it are still there.
    expect(await t.deps.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, other.id))).toHaveLength(1);
    expect(await t.deps.db.select().from(markups).where(eq(markups.contractId, other.id))).toHaveLength(1);
    const [kept] = await t.deps.db.select().from(jobs).where(eq(jobs.id, digest!.id));
    expect(kept?.payload).toEqual({ userId: team.approver.user.id, companyId: team.company.id, items: [keep] });
  });

  it("leaves the month's upload count as it was: deleting does not free a slot of the plan", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    const uploaded = await admin.post<UploadContractResponse>("/api/contracts", upload("Short-lived", "1. Scope. The Contractor shall supply the pumps."));
    const usage = async () => (await admin.get<{ contractsThisMonth: number }>("/api/usage")).body.contractsThisMonth;
    expect(await usage()).toBe(1);
    expect((await admin.request("DELETE", `/api/contracts/${uploaded.body.id}`)).status).toBe(204);
    expect(await usage()).toBe(1);
  });

  it.each(["approver", "reviewer"] as const)("refuses a %s (403) and erases nothing", async (role) => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const res = await signedIn(t, team[role].token).request("DELETE", `/api/contracts/${contract.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: CONTRACT_MESSAGES.deleteForbidden });
    expect(await t.deps.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, contract.id))).toHaveLength(1);
  });

  it("answers another company's contract, a random id and a malformed id with the same 404, and erases nothing", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const theirs = await createContract(t.deps.db, { companyId: other.company.id });
    const admin = signedIn(t, team.admin.token);
    const res = await admin.request("DELETE", `/api/contracts/${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Contract not found." });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27%3B%20drop%20table%20contracts"]) {
      expect((await admin.request("DELETE", `/api/contracts/${id}`)).body).toEqual(res.body);
    }
    expect(await t.deps.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, theirs.id))).toHaveLength(1);
  });

  it("needs sign-in", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    expect((await t.client().request("DELETE", `/api/contracts/${contract.id}`)).status).toBe(401);
    expect(await t.deps.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, contract.id))).toHaveLength(1);
  });
});
