import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractAnalysis } from "@clausewise/shared";
import { analyses } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { startFakeOpenAI, type FakeOpenAI } from "../test/fake-openai";
import { createReviewSetup, signedIn } from "../test/review-factories";
import { runContractAnalysis } from "./service";

/*
 * The configured engine end to end: with OPENAI_API_KEY (here a local server speaking the
 * chat-completions API, driven by the real SDK) the analysis comes from the model; when the model
 * fails, the local engine answers and the stored result names it.
 */
const CONTENT =
  "<h2>8. Liquidated Damages</h2><p>The Contractor shall pay liquidated damages of $50,000 per day of delay.</p><h2>20. Governing Law</h2><p>This Agreement is governed by the laws of the Province of Ontario.</p>";

let fake: FakeOpenAI;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({ openai: { apiKey: "sk-test", baseUrl: fake.baseURL, model: "gpt-test" } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function analysed(setup: Awaited<ReturnType<typeof createReviewSetup>>) {
  await runContractAnalysis(t.deps, setup.contract.id);
  return (await signedIn(t, setup.reviewer.token).get<ContractAnalysis>(`/api/contracts/${setup.contract.id}/analysis`)).body;
}

describe("the analysis engine the deployment configures", () => {
  it("uses the OpenAI-compatible model when it answers, with offsets located in the contract", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    fake.respond({
      json: {
        contractType: "construction",
        overallRisk: "high",
        summary: "Delay damages are uncapped.",
        riskItems: [{ title: "Uncapped delay damages", description: "No cap.", category: "liquidated_damages", riskLevel: "high", section: "8", excerpt: "liquidated damages of $50,000 per day of delay" }],
        advantages: [],
        recommendations: [{ title: "Cap the LDs", description: "At 10% of the price.", category: "liquidated_damages", riskLevel: "high", section: "8", excerpt: "" }],
        clauses: [{ code: "liquidated_damages", section: "8", heading: "Liquidated Damages", excerpt: "The Contractor shall pay liquidated damages of $50,000 per day of delay." }],
      },
    });
    const body = await analysed(setup);
    expect(body).toMatchObject({ status: "done", engine: "openai", model: "gpt-test", overallRisk: "high" });
    const risk = body.riskItems[0]!;
    expect(setup.contract.plainText.slice(risk.start, risk.end)).toBe("liquidated damages of $50,000 per day of delay");
    // The contract went to the model inside the user message only.
    expect(fake.requests.at(-1)!.body).toBeTruthy();
  });

  it("falls back to the local engine when the model fails, and says so", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    fake.respond({ status: 500, message: "model overloaded" });
    const body = await analysed(setup);
    expect(body).toMatchObject({ status: "done", engine: "local", model: null });
    expect(body.clauses.map((c) => c.code)).toEqual(expect.arrayContaining(["liquidated_damages", "governing_law"]));
    const [row] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, setup.contract.id));
    expect(row!.engine).toBe("local");
  });
});
