import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractAnalysis, PUSH_EVENTS, textAnalysis, type ContractAnalysis, type Question, type TextAnalysis } from "@clausewise/shared";
import { createAnalysisRunner } from "../analysis/jobs";
import { ANALYSIS_JOB } from "../commands/contracts/upload";
import { aiTextAnalyses, analyses, jobs, questions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { captureEvents, createReviewSetup, jobsOfType, notificationsOf, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An EPC contract with clauses the engine must find (LDs without cap, pay-when-paid, warranty). */
const EPC = [
  "<h2>1. Scope of Work</h2><p>The Contractor shall engineer, procure and construct the Facility at Fort McMurray, Alberta.</p>",
  "<h2>8. Liquidated Damages</h2><p>If Substantial Completion is not achieved by the Guaranteed Completion Date, the Contractor shall pay the Owner liquidated damages of $50,000 per day of delay.</p>",
  "<h2>11. Payment</h2><p>The Owner shall pay the Contractor within 60 days after receipt of payment from the Project Owner, and payment by the Project Owner is a condition precedent to payment.</p>",
  "<h2>14. Warranty</h2><p>The Contractor warrants the Work against defects in materials and workmanship for a period of 36 months from Substantial Completion.</p>",
  "<h2>20. Governing Law</h2><p>This Agreement is governed by the laws of the Province of Alberta.</p>",
].join("");

const analysisPath = (id: string) => `/api/contracts/${id}/analysis`;

async function runJobs() {
  const runner = createAnalysisRunner(t.deps);
  return runner.drain();
}

async function queueAnalysis(token: string, contractId: string) {
  const res = await signedIn(t, token).post<ContractAnalysis>(analysisPath(contractId), {});
  expect(res.status).toBe(202);
  return res;
}

describe("contract analysis: POST, the job, GET", () => {
  it("queues, runs as a durable job, and serves risks, advantages, recommendations and clauses that quote the contract", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    expect((await signedIn(t, setup.reviewer.token).get(analysisPath(setup.contract.id))).status).toBe(404);

    const queued = await queueAnalysis(setup.reviewer.token, setup.contract.id);
    expect(contractAnalysis.parse(queued.body)).toMatchObject({ status: "queued", progress: 0, riskItems: [] });
    expect(await jobsOfType(t.deps.db, ANALYSIS_JOB)).toEqual(expect.arrayContaining([expect.objectContaining({ payload: { contractId: setup.contract.id } })]));

    const { events } = await captureEvents(t, runJobs);
    expect(events.filter((e) => e.type === PUSH_EVENTS.analysisReady && e.contractId === setup.contract.id).at(-1)?.payload).toMatchObject({ status: "done" });

    const res = await signedIn(t, setup.approver.token).get<ContractAnalysis>(analysisPath(setup.contract.id));
    expect(res.status).toBe(200);
    const body = contractAnalysis.strict().parse(res.body);
    expect(body).toMatchObject({ status: "done", progress: 100, engine: "local", error: null });
    const text = setup.contract.plainText;
    const codes = body.clauses.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["liquidated_damages", "pay_when_paid", "warranty", "governing_law"]));
    for (const item of [...body.clauses, ...body.riskItems.filter((r) => r.excerpt)]) expect(text.slice(item.start, item.end)).toBe(item.excerpt);
    expect(body.riskItems.some((r) => r.category === "pay_when_paid")).toBe(true);
    expect(body.recommendations.length).toBeGreaterThan(0);
    // The contract's creator (admin) is told the analysis is ready.
    expect((await notificationsOf(t.deps.db, setup.admin.user.id)).some((n) => n.title.startsWith("Analysis ready"))).toBe(true);
  });

  it("survives a restart mid-analysis: a job left running by a dead process is picked up again", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await queueAnalysis(setup.admin.token, setup.contract.id);
    // The process that claimed it died: the row says running, locked long ago, analysis 'analysing'.
    const [job] = (await jobsOfType(t.deps.db, ANALYSIS_JOB)).filter((j) => j.payload.contractId === setup.contract.id && j.status === "queued");
    await t.deps.db.update(jobs).set({ status: "running", attempts: 1, lockedAt: new Date(Date.now() - 60 * 60_000), lockedBy: "dead-worker" }).where(eq(jobs.id, job!.id));
    await t.deps.db.update(analyses).set({ status: "analysing", progress: 10 }).where(eq(analyses.contractId, setup.contract.id));

    const restarted = createAnalysisRunner(t.deps, { lockTimeoutMs: 60_000 });
    expect(await restarted.drain()).toBeGreaterThanOrEqual(1);
    const res = await signedIn(t, setup.admin.token).get<ContractAnalysis>(analysisPath(setup.contract.id));
    expect(res.body).toMatchObject({ status: "done", progress: 100 });
  });

  it("refuses users who may not analyse, other companies (404) and unknown contracts", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const other = await createTeam(t.deps.db);
    expect((await signedIn(t, other.admin.token).get(analysisPath(setup.contract.id))).status).toBe(404);
    expect((await signedIn(t, other.admin.token).post(analysisPath(setup.contract.id), {})).status).toBe(404);
    expect((await signedIn(t, setup.admin.token).get(analysisPath(randomUUID()))).status).toBe(404);
    expect((await t.client().get(analysisPath(setup.contract.id))).status).toBe(401);
    expect((await signedIn(t, setup.admin.token).get(analysisPath("not-a-uuid"))).status).toBeGreaterThanOrEqual(400);
  });
});

describe("the company's AI switch", () => {
  it("only admins change it; while off, analysis, selected-text analysis and answers stop with a clear message", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const toggle = (token: string, body: unknown) => signedIn(t, token).request<{ aiReviewEnabled: boolean }>("PATCH", "/api/settings/ai-review", body);
    expect((await toggle(setup.approver.token, { enabled: false })).status).toBe(403);
    expect((await toggle(setup.admin.token, { enabled: "no" })).status).toBe(400);
    expect((await signedIn(t, setup.reviewer.token).get("/api/settings/ai-review")).body).toEqual({ aiReviewEnabled: true });
    expect((await toggle(setup.admin.token, { enabled: false })).body).toEqual({ aiReviewEnabled: false });

    const off = await signedIn(t, setup.reviewer.token).post<{ error: string; message: string }>(analysisPath(setup.contract.id), {});
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ error: "ai_disabled", message: expect.stringContaining("AI review is turned off") });
    const text = await signedIn(t, setup.reviewer.token).post(`/api/contracts/${setup.contract.id}/ai-analysis`, { text: "The Contractor shall indemnify the Owner.", analysisType: "risk" });
    expect(text.status).toBe(403);
    expect(await t.deps.db.select().from(aiTextAnalyses).where(eq(aiTextAnalyses.contractId, setup.contract.id))).toEqual([]);

    // A job already queued (e.g. by an upload) does not send the contract anywhere: it fails with the reason.
    await t.deps.db.insert(analyses).values({ companyId: setup.company.id, contractId: setup.contract.id, status: "queued" }).onConflictDoNothing();
    const { enqueue } = await import("../jobs/queue");
    await enqueue(t.deps.db, ANALYSIS_JOB, { contractId: setup.contract.id });
    const asked = await signedIn(t, setup.reviewer.token).post<Question>(`/api/contracts/${setup.contract.id}/questions`, { question: "What is the warranty period?" });
    await runJobs();
    const res = await signedIn(t, setup.reviewer.token).get<ContractAnalysis>(analysisPath(setup.contract.id));
    expect(res.body).toMatchObject({ status: "failed", error: expect.stringContaining("AI review is turned off"), riskItems: [] });
    const [answered] = await t.deps.db.select().from(questions).where(eq(questions.id, asked.body.id));
    expect(answered!.answer).toContain("AI review is turned off");

    await toggle(setup.admin.token, { enabled: true });
    await queueAnalysis(setup.reviewer.token, setup.contract.id);
    await runJobs();
    expect((await signedIn(t, setup.reviewer.token).get(analysisPath(setup.contract.id))).body).toMatchObject({ status: "done" });
  });
});

describe("POST/GET /api/contracts/:id/ai-analysis", () => {
  it("analyses selected text for each analysis type, stores it, and lists it newest first", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const path = `/api/contracts/${setup.contract.id}/ai-analysis`;
    expect((await signedIn(t, setup.reviewer.token).get(path)).body).toEqual({ exists: false, analyses: [] });
    const selected = "The Owner shall pay the Contractor within 60 days after receipt of payment from the Project Owner.";
    const res = await signedIn(t, setup.reviewer.token).post<TextAnalysis>(path, { text: selected, analysisType: "financial" });
    expect(res.status).toBe(201);
    const body = textAnalysis.strict().parse(res.body);
    expect(body).toMatchObject({ analysisType: "financial", engine: "local" });
    expect(body.clauseCodes).toContain("pay_when_paid");
    expect(body.analysis.length).toBeGreaterThan(20);

    const custom = await signedIn(t, setup.reviewer.token).post<TextAnalysis>(path, { text: selected, analysisType: "custom", prompt: "Is this enforceable in Alberta?" });
    expect(custom.status).toBe(201);
    const list = await signedIn(t, setup.approver.token).get<{ exists: boolean; analyses: TextAnalysis[] }>(path);
    expect(list.body.exists).toBe(true);
    expect(list.body.analyses.map((a) => a.id)).toEqual([custom.body.id, res.body.id]);
  });

  it("rejects empty text, an unknown type and a custom analysis without prompt (400), storing nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const path = `/api/contracts/${setup.contract.id}/ai-analysis`;
    const client = signedIn(t, setup.reviewer.token);
    const empty = await client.post<{ message: string }>(path, { text: "  ", analysisType: "risk" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Please select text in the contract to analyze.");
    expect((await client.post(path, { text: "Some text", analysisType: "astrology" })).status).toBe(400);
    const noPrompt = await client.post<{ message: string }>(path, { text: "Some text", analysisType: "custom" });
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body.message).toContain("prompt");
    expect(await t.deps.db.select().from(aiTextAnalyses).where(eq(aiTextAnalyses.contractId, setup.contract.id))).toEqual([]);
  });

  it("is 404 for another company's contract and 401 signed out", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const other = await createTeam(t.deps.db);
    const path = `/api/contracts/${setup.contract.id}/ai-analysis`;
    expect((await signedIn(t, other.admin.token).post(path, { text: "x", analysisType: "risk" })).status).toBe(404);
    expect((await signedIn(t, other.admin.token).get(path)).status).toBe(404);
    expect((await t.client().get(path)).status).toBe(401);
  });
});

describe("similar clauses and clause standards", () => {
  it("ranks the same clause type across the company's analysed contracts, never another company's", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const sibling = await createReviewSetup(t.deps.db, { content: EPC });
    // A second contract of the same company, and one of another company, both analysed.
    const { createContract } = await import("../test/factories");
    const mine = await createContract(t.deps.db, {
      companyId: setup.company.id,
      title: "Compressor Station EPC",
      content: "<h2>9. Liquidated Damages</h2><p>For each day of delay beyond the Guaranteed Completion Date the Contractor shall pay liquidated damages of $20,000 per day, capped at 10% of the Contract Price.</p>",
    });
    for (const [token, id] of [
      [setup.admin.token, setup.contract.id],
      [setup.admin.token, mine.id],
      [sibling.admin.token, sibling.contract.id],
    ] as const)
      await queueAnalysis(token, id);
    await runJobs();

    const res = await signedIn(t, setup.reviewer.token).get<{ reference: { code: string } | null; matches: { contractId: string; contractTitle: string; score: number; code: string }[] }>(
      `/api/contracts/${setup.contract.id}/similar-clauses?code=liquidated_damages`,
    );
    expect(res.status).toBe(200);
    expect(res.body.reference?.code).toBe("liquidated_damages");
    expect(res.body.matches.map((m) => m.contractId)).toEqual([mine.id]);
    expect(res.body.matches[0]).toMatchObject({ contractTitle: "Compressor Station EPC", code: "liquidated_damages" });
    expect(res.body.matches[0]!.score).toBeGreaterThan(0);

    expect((await signedIn(t, setup.reviewer.token).get(`/api/contracts/${setup.contract.id}/similar-clauses?code=astrology`)).status).toBe(400);
    expect((await signedIn(t, sibling.admin.token).get(`/api/contracts/${setup.contract.id}/similar-clauses?code=warranty`)).status).toBe(404);
  });

  it("serves the balanced position and best practices per clause type", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.reviewer.token).get<{ code: string; label: string; balancedPosition: string; watchFor: string[]; negotiationTips: string[] }>("/api/clause-standards/holdback");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: "holdback", label: "Holdback" });
    expect(res.body.balancedPosition.length).toBeGreaterThan(20);
    expect(res.body.watchFor.length).toBeGreaterThanOrEqual(3);
    expect(res.body.negotiationTips.length).toBeGreaterThanOrEqual(3);
    expect((await signedIn(t, team.reviewer.token).get("/api/clause-standards/nonsense")).status).toBe(400);
    expect((await t.client().get("/api/clause-standards/holdback")).status).toBe(401);
  });
});

describe("questions are answered by the job, quoting the contract", () => {
  it("answers with the clause and its section, or says the contract does not address it", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const ask = (question: string) => signedIn(t, setup.reviewer.token).post<Question>(`/api/contracts/${setup.contract.id}/questions`, { question });
    const warranty = await ask("How long is the warranty period?");
    const unrelated = await ask("What is the dress code for the site office party?");
    const { events } = await captureEvents(t, runJobs);
    expect(events.some((e) => e.type === PUSH_EVENTS.analysisReady && (e.payload as { questionId?: string }).questionId === warranty.body.id)).toBe(true);
    const list = await signedIn(t, setup.reviewer.token).get<Question[]>(`/api/contracts/${setup.contract.id}/questions`);
    const byId = new Map(list.body.map((q) => [q.id, q]));
    expect(byId.get(warranty.body.id)?.answer).toContain("36 months");
    expect(byId.get(warranty.body.id)?.answer).toMatch(/14/);
    expect(byId.get(unrelated.body.id)?.answer).toMatch(/does not (appear to )?address/i);
  });
});
