import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectClauses } from "../detect";
import { ClauseModel, DEFAULT_NEAR_BEST, MODEL_FILE, clauseModel, fromModelFile, toModelFile } from "./classifier";
import { featurize } from "./features";

// Clauses written for this test (not taken from the training data).
const GOVERNING_LAW = "This Agreement shall be governed by and construed in accordance with the laws of the State of Delaware, without regard to its conflict of laws rules.";
const AUDIT =
  "During the term and for two years after it, the Customer may, on fifteen days' written notice and during business hours, audit the Supplier's books and records relating to the fees charged under this Agreement.";
const WEATHER = "The delivery trucks are painted blue and the office kitchen is cleaned every Friday afternoon.";

describe("clause model", () => {
  it("is a committed file of at most 5 MB that loads without network", () => {
    expect(statSync(MODEL_FILE).size).toBeLessThanOrEqual(5 * 1024 * 1024);
    const model = clauseModel();
    expect(model.codes).toEqual(expect.arrayContaining(["limitation_of_liability", "governing_law", "assignment", "indemnity"]));
    for (const t of model.thresholds) expect(t).toBeGreaterThan(0);
    for (const share of model.nearBest) expect(share >= 0 && share <= 1).toBe(true);
  });

  it("classifies a governing-law clause and an audit clause, and leaves an unrelated sentence alone", () => {
    const model = clauseModel();
    expect(model.classify({ text: GOVERNING_LAW }).map((c) => c.code)).toContain("governing_law");
    expect(model.classify({ text: AUDIT }).map((c) => c.code)).toContain("audit_rights");
    expect(model.classify({ text: WEATHER })).toEqual([]);
  });

  it("quotes the detected clause's own text with its offsets", () => {
    const text = `12. Miscellaneous\n12.1 Notices. Notices shall be in writing and delivered by courier.\n12.2 Governing Law. ${GOVERNING_LAW}\n`;
    const found = detectClauses(text).filter((d) => d.code === "governing_law");
    expect(found).toHaveLength(1);
    expect(found[0]!.excerpt).toContain("governed by and construed");
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe(found[0]!.excerpt);
    expect(found[0]!.excerpt).not.toContain("courier");
  });

  it("keeps its scores through the file format (pruned, int8-scaled weights)", () => {
    const model = new ClauseModel(["governing_law", "audit_rights"]);
    const x = featurize({ text: GOVERNING_LAW });
    x.idx.forEach((f, j) => {
      model.weights[f * 2] = 2 * x.val[j]!;
      model.weights[f * 2 + 1] = -x.val[j]!;
    });
    model.bias[0] = -0.5;
    model.thresholds[0] = 0.6;
    model.nearBest[0] = 0.3;
    const back = fromModelFile(JSON.parse(JSON.stringify(toModelFile(model, "test"))) as ReturnType<typeof toModelFile>);
    const a = model.scoreVector(x);
    const b = back.scoreVector(x);
    expect(b[0]).toBeCloseTo(a[0]!, 2);
    expect(b[1]).toBeCloseTo(a[1]!, 2);
    expect(back.thresholds[0]).toBeCloseTo(0.6, 5);
    expect(back.nearBest[0]).toBeCloseTo(0.3, 5);
    expect(back.nearBest[1]).toBe(DEFAULT_NEAR_BEST);
  });

  it("reads a file written before the quote share was stored with the former fixed share", () => {
    const file = toModelFile(new ClauseModel(["governing_law"]), "test");
    delete file.codes[0]!.nearBest;
    expect(fromModelFile(file).nearBest[0]).toBe(DEFAULT_NEAR_BEST);
  });

  it("refuses a file of another format", () => {
    expect(() => fromModelFile({ format: "x", hashBits: 18, trainedOn: "", codes: [] } as never)).toThrow();
  });
});
