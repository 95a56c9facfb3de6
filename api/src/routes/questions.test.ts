import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { question as questionSchema, type Question } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER_QUESTION_JOB } from "../commands/questions/ask";
import { questions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { createReviewSetup, jobsOfType, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (contractId: string) => `/api/contracts/${contractId}/questions`;

async function storedQuestions(contractId: string) {
  return t.deps.db.select().from(questions).where(eq(questions.contractId, contractId));
}

async function jobsFor(questionIds: string[]) {
  return (await jobsOfType(t.deps.db, ANSWER_QUESTION_JOB)).filter((job) => questionIds.includes(String(job.payload.questionId)));
}

describe("POST /api/contracts/:id/questions", () => {
  it("stores the question unanswered and queues exactly one answering job", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const res = await signedIn(t, setup.reviewer.token).post<Question>(path(setup.contract.id), { question: "  What is the holdback period?  " });
    expect(res.status).toBe(201);
    const body = questionSchema.strict().parse(res.body);
    expect(body).toMatchObject({ question: "What is the holdback period?", answer: null, answeredAt: null, userId: setup.reviewer.user.id });
    const jobs = await jobsFor([body.id]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "queued", payload: { questionId: body.id }, dedupeKey: `question:${body.id}` });
  });

  it("rejects a blank or over-long question with 400, storing and queuing nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    for (const [body, message] of [
      [{ question: "   " }, "Please enter a question"],
      [{}, "Please enter a question"],
      [{ question: "x".repeat(2001) }, "A question must be at most 2000 characters"],
    ] as const) {
      const res = await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { question: message } });
    }
    expect(await storedQuestions(setup.contract.id)).toEqual([]);
  });

  it("is refused with 403 to someone with read-only access", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), { question: "Who pays for bonds?" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    expect(await storedQuestions(setup.contract.id)).toEqual([]);
  });

  it("answers another company's contract exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const body = { question: "Who pays for bonds?" };
    const cross = await signedIn(t, other.admin.token).post(path(setup.contract.id), body);
    const missing = await signedIn(t, other.admin.token).post(path(randomUUID()), body);
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missing.text);
    expect((await t.client().post(path(setup.contract.id), body)).status).toBe(401);
    expect(await storedQuestions(setup.contract.id)).toEqual([]);
  });
});

describe("GET /api/contracts/:id/questions", () => {
  it("lists newest first", async () => {
    const setup = await createReviewSetup(t.deps.db);
    try {
      t.setNow(new Date("2026-11-10T12:00:00Z"));
      await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), { question: "First?" });
      t.setNow(new Date("2026-11-11T12:00:00Z"));
      await signedIn(t, setup.admin.token).post(path(setup.contract.id), { question: "Second?" });
    } finally {
      t.setNow(null);
    }
    const res = await signedIn(t, setup.approver.token).get<Question[]>(path(setup.contract.id));
    expect(res.status).toBe(200);
    expect(res.body.map((q) => q.question)).toEqual(["Second?", "First?"]);
  });

  it("answers 404 for another company's contract and 401 when signed out", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const cross = await signedIn(t, other.admin.token).get(path(setup.contract.id));
    const missing = await signedIn(t, other.admin.token).get(path(randomUUID()));
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missing.text);
    expect((await t.client().get(path(setup.contract.id))).status).toBe(401);
  });
});
