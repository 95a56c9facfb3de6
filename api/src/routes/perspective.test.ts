import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractAnalysis, contractDetail, perspectiveResponse, type ContractAnalysis, type Question, type TextAnalysis } from "@clausewise/shared";
import { createAnalysisRunner } from "../analysis/jobs";
import { REANALYSIS_DELAY_MS, REANALYSIS_JOB, textHash } from "../analysis/refresh";
import { setAiReview } from "../analysis/settings";
import { appendUpdates, loadDocument, refreshDerivedContent } from "../collab/store";
import { applyTextEditToDoc } from "../collab/text-edit";
import { analyses, auditEvents, contracts, jobs, questions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { createReviewSetup, jobsOfType, positionOf, readContract, signedIn } from "../test/review-factories";

/*
 * Issue 13: PUT /api/contracts/{id}/perspective (which party the company is), analyses of an
 * earlier text (stale, re-analysed once edits settle), questions while the AI switch is off, and a
 * partial selection read in its clause.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EPC = [
  '<p>THIS AGREEMENT is made BETWEEN NORTHERN LIGHTS POWER CORP., a corporation existing under the laws of Alberta (the "Owner"), AND BOREAL BUILDERS LTD., a corporation existing under the laws of Alberta (the "Contractor").</p>',
  "<h2>1. Scope of Work</h2><p>The Contractor shall engineer, procure and construct the Facility at Fort McMurray, Alberta.</p>",
  "<h2>8. Liquidated Damages</h2><p>If Substantial Completion is not achieved by the Guaranteed Completion Date, the Contractor shall pay the Owner liquidated damages of $50,000 per day of delay.</p>",
  "<h2>9. Indemnity</h2><p>The Contractor shall indemnify and hold harmless the Owner from and against any and all claims, losses and damages arising out of the Work.</p>",
  "<h2>20. Governing Law</h2><p>This Agreement is governed by the laws of the Province of Alberta.</p>",
].join("");

const perspectivePath = (id: string) => `/api/contracts/${id}/perspective`;
const analysisPath = (id: string) => `/api/contracts/${id}/analysis`;

/** Runs the jobs due at `now` (a re-analysis waits REANALYSIS_DELAY_MS after the last edit). */
async function runJobs(now = new Date()) {
  return createAnalysisRunner({ ...t.deps, now: () => now }).drain();
}

async function analysisOf(token: string, contractId: string) {
  const res = await signedIn(t, token).get<ContractAnalysis>(analysisPath(contractId));
  expect(res.status).toBe(200);
  return contractAnalysis.strict().parse(res.body);
}

describe("PUT /api/contracts/:id/perspective", () => {
  it("sets our party, re-analyses from that side at once, and shows it on the contract", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await signedIn(t, setup.admin.token).post(analysisPath(setup.contract.id), {});
    await runJobs();
    const neutral = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(neutral.parties?.map((p) => [p.name, p.role])).toEqual([
      ["NORTHERN LIGHTS POWER CORP.", "Owner"],
      ["BOREAL BUILDERS LTD.", "Contractor"],
    ]);
    expect(neutral.perspective).toMatchObject({ source: "unknown", side: null });
    expect(neutral.governingLaw).toMatchObject({ name: "Alberta", canadian: true });

    const asOwner = await signedIn(t, setup.reviewer.token).request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Owner" });
    expect(asOwner.status).toBe(200);
    expect(perspectiveResponse.parse(asOwner.body)).toEqual({ contractId: setup.contract.id, ourPartyRole: "Owner", reanalysisQueued: true });
    expect((await signedIn(t, setup.admin.token).get(`/api/contracts/${setup.contract.id}`)).body).toMatchObject({ ourPartyRole: "Owner" });
    expect(contractDetail.parse((await signedIn(t, setup.admin.token).get(`/api/contracts/${setup.contract.id}`)).body).ourPartyRole).toBe("Owner");
    expect((await analysisOf(setup.reviewer.token, setup.contract.id)).status).toBe("queued");
    await runJobs();
    const owner = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(owner.perspective).toMatchObject({ role: "Owner", side: "customer", source: "chosen" });
    expect(owner.advantages.map((f) => f.title)).toContain("Uncapped indemnity given by the Contractor");
    expect(owner.riskItems.map((f) => f.title)).not.toContain("Uncapped indemnity given by the Contractor");

    await signedIn(t, setup.approver.token).request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Contractor" });
    await runJobs();
    const contractor = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(contractor.riskItems.map((f) => f.title)).toEqual(expect.arrayContaining(["Uncapped indemnity given by the Contractor", "Uncapped liquidated damages"]));
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, setup.contract.id), eq(auditEvents.action, "contract.perspective")))
      .orderBy(auditEvents.createdAt)
      .limit(1);
    expect(audit?.data).toEqual({ from: null, to: "Owner" });

    // null goes back to reading the company's name.
    const cleared = await signedIn(t, setup.admin.token).request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: null });
    expect(cleared.body).toMatchObject({ ourPartyRole: null });
    expect((await readContract(t.deps.db, setup.contract.id)).ourPartyRole).toBeNull();
  });

  it("keeps the choice without analysing while the company's AI switch is off", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await setAiReview(t.deps.db, setup.company.id, false, new Date());
    const res = await signedIn(t, setup.admin.token).request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Contractor" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ourPartyRole: "Contractor", reanalysisQueued: false });
    expect((await jobsOfType(t.deps.db, "analysis.run")).filter((j) => j.payload.contractId === setup.contract.id)).toEqual([]);
  });

  it("is refused to a read-only grant (403), is 404 for another company and unknown ids, 401 signed out, changing nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "read" });
    const denied = await signedIn(t, setup.reviewer.token).request<{ error: string }>("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Owner" });
    expect(denied.status).toBe(403);
    const other = await createTeam(t.deps.db);
    expect((await signedIn(t, other.admin.token).request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Owner" })).status).toBe(404);
    expect((await signedIn(t, setup.admin.token).request("PUT", perspectivePath(randomUUID()), { ourPartyRole: "Owner" })).status).toBe(404);
    expect((await t.client().request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Owner" })).status).toBe(401);
    expect((await readContract(t.deps.db, setup.contract.id)).ourPartyRole).toBeNull();
  });

  it("once the parties are read, refuses a role none of them has (400, naming them) and keeps a party's name as its role", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const client = signedIn(t, setup.admin.token);
    // Before any analysis the parties are not known: a well-formed role is kept as given.
    expect((await client.request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Licensee" })).body).toMatchObject({ ourPartyRole: "Licensee" });
    await client.request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: null });
    await client.post(analysisPath(setup.contract.id), {});
    await runJobs();
    const jobsBefore = (await jobsOfType(t.deps.db, "analysis.run")).length;

    const refused = await client.request<{ error: string; message: string; fields?: Record<string, string> }>("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Licensee" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("validation_failed");
    expect(refused.body.message).toBe('"Licensee" is not a party to this contract. Its parties are the Owner (NORTHERN LIGHTS POWER CORP.) and the Contractor (BOREAL BUILDERS LTD.).');
    expect(refused.body.fields?.ourPartyRole).toBe("Choose one of: Owner, Contractor");
    expect((await readContract(t.deps.db, setup.contract.id)).ourPartyRole).toBeNull();
    expect((await jobsOfType(t.deps.db, "analysis.run")).length).toBe(jobsBefore);

    // The party's own name, or its role in another case, is that party: stored as the contract spells its role.
    const byName = await client.request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "Boreal Builders Ltd" });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ ourPartyRole: "Contractor" });
    expect((await client.request("PUT", perspectivePath(setup.contract.id), { ourPartyRole: "owner" })).body).toMatchObject({ ourPartyRole: "Owner" });
    await runJobs();
    expect((await analysisOf(setup.reviewer.token, setup.contract.id)).perspective).toMatchObject({ role: "Owner", side: "customer", source: "chosen" });
  });

  it("rejects a missing, blank, over-long or odd role with 400 and a message, changing nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const client = signedIn(t, setup.admin.token);
    for (const body of [{}, { ourPartyRole: "  " }, { ourPartyRole: "O".repeat(61) }, { ourPartyRole: "<script>" }, { ourPartyRole: 42 }]) {
      const res = await client.request<{ error: string; message: string }>("PUT", perspectivePath(setup.contract.id), body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
      expect(res.body.message.length).toBeGreaterThan(5);
    }
    expect((await readContract(t.deps.db, setup.contract.id)).ourPartyRole).toBeNull();
    expect((await jobsOfType(t.deps.db, "analysis.run")).filter((j) => j.payload.contractId === setup.contract.id)).toEqual([]);
  });
});

describe("an analysis of an earlier text", () => {
  it("is marked stale after an edit, and re-analysed by a durable job once the edits settle", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await signedIn(t, setup.admin.token).post(analysisPath(setup.contract.id), {});
    await runJobs();
    const fresh = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(fresh).toMatchObject({ stale: false, refreshAt: null });
    const [row] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, setup.contract.id));
    expect(row!.textHash).toBe(textHash((await readContract(t.deps.db, setup.contract.id)).plainText));

    const edited = EPC.replace("$50,000 per day of delay.", "$50,000 per day of delay, not to exceed 5% of the Contract Price.");
    const start = Date.now();
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: edited })).status).toBe(200);
    const stale = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(stale.stale).toBe(true);
    expect(Date.parse(stale.refreshAt!)).toBeGreaterThanOrEqual(start + REANALYSIS_DELAY_MS - 1_000);

    // A second edit moves the same job later rather than adding one.
    await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: `${edited}<p>Schedule A is attached.</p>` });
    const planned = (await jobsOfType(t.deps.db, REANALYSIS_JOB)).filter((j) => j.payload.contractId === setup.contract.id);
    expect(planned.filter((j) => j.status === "queued")).toHaveLength(1);

    // Not yet: the edits have not settled.
    await runJobs(new Date());
    expect((await analysisOf(setup.reviewer.token, setup.contract.id)).stale).toBe(true);
    await runJobs(new Date(Date.now() + REANALYSIS_DELAY_MS + 60_000));
    const again = await analysisOf(setup.reviewer.token, setup.contract.id);
    expect(again).toMatchObject({ status: "done", stale: false, refreshAt: null });
    expect(again.riskItems.map((f) => f.title)).not.toContain("Uncapped liquidated damages");
    const text = (await readContract(t.deps.db, setup.contract.id)).plainText;
    for (const f of again.riskItems.filter((r) => r.excerpt)) expect(text.slice(f.start, f.end)).toBe(f.excerpt);
  });

  it("is marked stale by an approved change and by a live edit (the realtime server's path), each planning a re-analysis", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await signedIn(t, setup.admin.token).post(analysisPath(setup.contract.id), {});
    await runJobs();
    const original = "$50,000 per day of delay";
    const proposed = await signedIn(t, setup.reviewer.token).post<{ id: string }>(`/api/contracts/${setup.contract.id}/changes`, {
      changeType: "replace",
      originalText: original,
      newText: "$25,000 per day of delay",
      position: positionOf(setup.contract.plainText, original),
    });
    expect(proposed.status).toBe(201);
    expect((await analysisOf(setup.reviewer.token, setup.contract.id)).stale).toBe(false);
    expect((await signedIn(t, setup.approver.token).post(`/api/document-changes/${proposed.body.id}/approve`)).status).toBe(200);
    expect(await analysisOf(setup.reviewer.token, setup.contract.id)).toMatchObject({ stale: true, refreshAt: expect.any(String) });
    await runJobs(new Date(Date.now() + REANALYSIS_DELAY_MS + 60_000));
    expect((await analysisOf(setup.reviewer.token, setup.contract.id)).stale).toBe(false);

    // A live edit reaches the database through refreshDerivedContent, as the realtime server stores it.
    const { doc } = await loadDocument(t.deps.db, setup.contract.id);
    const text = (await readContract(t.deps.db, setup.contract.id)).plainText;
    const at = text.indexOf("Fort McMurray");
    const update = applyTextEditToDoc(doc, at, at + "Fort McMurray".length, "Cold Lake");
    await appendUpdates(t.deps.db, setup.contract.id, [update!]);
    await refreshDerivedContent(t.deps.db, setup.contract.id, doc);
    expect(await analysisOf(setup.reviewer.token, setup.contract.id)).toMatchObject({ stale: true, refreshAt: expect.any(String) });
  });

  it("a contract never analysed gets no re-analysis job from an edit", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: `${EPC}<p>More.</p>` });
    expect((await t.deps.db.select().from(jobs).where(eq(jobs.dedupeKey, `reanalysis:${setup.contract.id}`)))).toEqual([]);
  });
});

describe("questions and selections", () => {
  it("with the AI switch off a question is answered at once with the reason, and nothing is queued", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await setAiReview(t.deps.db, setup.company.id, false, new Date());
    const res = await signedIn(t, setup.reviewer.token).post<Question>(`/api/contracts/${setup.contract.id}/questions`, { question: "Is there a liability cap?" });
    expect(res.status).toBe(201);
    expect(res.body.answer).toContain("AI review is turned off");
    expect(res.body.citations).toEqual([]);
    expect((await jobsOfType(t.deps.db, "question.answer")).filter((j) => j.payload.questionId === res.body.id)).toEqual([]);
  });

  it("answers a yes/no question with Yes and keeps the quoted clauses for the page to show", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    const asked = await signedIn(t, setup.reviewer.token).post<Question>(`/api/contracts/${setup.contract.id}/questions`, { question: "Is there an indemnity?" });
    await runJobs();
    const [row] = await t.deps.db.select().from(questions).where(eq(questions.id, asked.body.id));
    expect(row!.answer).toMatch(/^Yes: Section 9 \(Indemnity\)/);
    const list = await signedIn(t, setup.reviewer.token).get<Question[]>(`/api/contracts/${setup.contract.id}/questions`);
    const citation = list.body.find((q) => q.id === asked.body.id)!.citations[0]!;
    expect(citation.section).toBe("9");
    expect(setup.contract.plainText.slice(citation.start, citation.end)).toBe(citation.excerpt);
  });

  it("analyses a partial selection in the context of its whole clause", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: EPC });
    await t.deps.db.update(contracts).set({ ourPartyRole: "Contractor" }).where(eq(contracts.id, setup.contract.id));
    const selection = "shall indemnify and hold harmless the Owner";
    const start = setup.contract.plainText.indexOf(selection);
    const res = await signedIn(t, setup.reviewer.token).post<TextAnalysis>(`/api/contracts/${setup.contract.id}/ai-analysis`, { text: selection, analysisType: "risk", start, end: start + selection.length });
    expect(res.status).toBe(201);
    expect(res.body.riskLevel).toBe("high");
    expect(res.body.analysis).toMatch(/^You selected part of Section 9 \(Indemnity\); it was read in the context of the whole clause\./);
    expect(res.body.context).toMatchObject({ section: "9" });
    // Offsets outside the text are bad input.
    expect((await signedIn(t, setup.reviewer.token).post(`/api/contracts/${setup.contract.id}/ai-analysis`, { text: selection, analysisType: "risk", start: 10, end: 2 })).status).toBe(400);
  });
});
