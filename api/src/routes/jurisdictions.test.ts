import { JURISDICTION_CODES, jurisdiction, jurisdictionAnalysisResult } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_DISABLED_MESSAGE, setAiReview } from "../analysis/settings";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signedIn(token: string) {
  const client = t.client();
  client.useSession(token);
  return client;
}

const CONTRACT = `1. The Project is a compressor station located near Estevan, Saskatchewan.
2. Payment to the Subcontractor is conditional upon the Contractor's receipt of payment from the Owner.
3. This Agreement is governed by the laws of the Province of Alberta.`;

describe("GET /api/jurisdictions", () => {
  it("lists the thirteen provinces and territories and federal law, with names", async () => {
    const team = await createTeam(t.deps.db, { plan: "professional" });
    const res = await signedIn(team.reviewer.token).get<unknown[]>("/api/jurisdictions");
    expect(res.status).toBe(200);
    const list = jurisdiction.strict().array().parse(res.body);
    expect(list.map((j) => j.code)).toEqual([...JURISDICTION_CODES]);
    expect(list).toContainEqual({ code: "QC", name: "Quebec" });
    expect(list).toContainEqual({ code: "FED", name: "Federal (Canada)" });
  });

  it("needs sign-in", async () => {
    const res = await t.client().get("/api/jurisdictions");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });
  });
});

describe("POST /api/analyze-jurisdiction", () => {
  it("analyses the text for every role and names the statutes", async () => {
    const team = await createTeam(t.deps.db, { plan: "professional" });
    for (const member of [team.reviewer, team.approver, team.admin]) {
      const res = await signedIn(member.token).post("/api/analyze-jurisdiction", { contractText: CONTRACT, jurisdictions: ["SK"], contractType: "energy" });
      expect(res.status).toBe(200);
      const result = jurisdictionAnalysisResult.strict().parse(res.body);
      expect(result.primaryJurisdiction.code).toBe("AB");
      expect(result.secondaryJurisdictions.map((j) => j.code)).toContain("SK");
      expect(result.findings.paymentCondition?.kind).toBe("pay_when_paid");
      expect(result.complianceRisks.find((r) => r.jurisdictionCode === "SK" && r.risk.includes("pay-when-paid"))).toMatchObject({
        severity: "high",
        jurisdiction: "Saskatchewan",
        excerpt: expect.stringContaining("conditional upon"),
      });
      expect(result.applicableLegislation.map((a) => a.act)).toContain("The Workers' Compensation Act, 2013");
    }
  });

  it("answers the same request with the same result", async () => {
    const team = await createTeam(t.deps.db, { plan: "professional" });
    const body = { contractText: CONTRACT, jurisdictions: ["sk", "QC", "SK"], contractType: "construction" };
    const first = await signedIn(team.reviewer.token).post("/api/analyze-jurisdiction", body);
    const second = await signedIn(team.reviewer.token).post("/api/analyze-jurisdiction", body);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
  });

  it("rejects empty text, unknown codes and contract types with 400 and the spec's message", async () => {
    const team = await createTeam(t.deps.db, { plan: "professional" });
    const client = signedIn(team.reviewer.token);
    const cases = [
      [{ contractText: "   ", jurisdictions: ["ON"], contractType: "general" }, "contractText: Contract Text Required"],
      [{ jurisdictions: ["ON"], contractType: "general" }, "contractText: Contract Text Required"],
      [{ contractText: CONTRACT, jurisdictions: ["ZZ"], contractType: "general" }, "jurisdictions.0: Unknown jurisdiction: ZZ"],
      [{ contractText: CONTRACT, jurisdictions: [], contractType: "general" }, "jurisdictions: Select at least one jurisdiction"],
      [{ contractText: CONTRACT, jurisdictions: ["ON"], contractType: "shipbuilding" }, expect.stringContaining("contractType: contractType must be one of general, energy")],
    ] as const;
    for (const [body, message] of cases) {
      const res = await client.post("/api/analyze-jurisdiction", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message });
    }
    const res = await client.post("/api/analyze-jurisdiction", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "bad_request" });
  });

  it("is refused with the switch's message while the company's AI review is off, for every role", async () => {
    const team = await createTeam(t.deps.db, { plan: "professional" });
    await setAiReview(t.deps.db, team.company.id, false, new Date());
    for (const member of [team.reviewer, team.approver, team.admin]) {
      const res = await signedIn(member.token).post("/api/analyze-jurisdiction", { contractText: CONTRACT, jurisdictions: ["SK"], contractType: "energy" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "ai_disabled", message: AI_DISABLED_MESSAGE });
    }
    await setAiReview(t.deps.db, team.company.id, true, new Date());
    const res = await signedIn(team.reviewer.token).post("/api/analyze-jurisdiction", { contractText: CONTRACT, jurisdictions: ["SK"], contractType: "energy" });
    expect(res.status).toBe(200);
  });

  it("needs sign-in", async () => {
    const res = await t.client().post("/api/analyze-jurisdiction", { contractText: CONTRACT, jurisdictions: ["SK"], contractType: "energy" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: expect.any(String) });
  });
});
