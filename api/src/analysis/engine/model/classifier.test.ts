import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseSegments, detectClauses } from "../detect";
import { ClauseModel, MODEL_FILE, clauseModel, fromModelFile, toModelFile } from "./classifier";
import { featurize } from "./features";
import { TITLE_DIM, denseSize, docFeatures, stackProbability } from "./stack";

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
    const back = fromModelFile(JSON.parse(JSON.stringify(toModelFile(model, "test"))) as ReturnType<typeof toModelFile>);
    const a = model.scoreVector(x);
    const b = back.scoreVector(x);
    expect(b[0]).toBeCloseTo(a[0]!, 2);
    expect(b[1]).toBeCloseTo(a[1]!, 2);
    expect(back.thresholds[0]).toBeCloseTo(0.6, 5);
  });

  it("keeps its document-level second stage through the file format", () => {
    const model = new ClauseModel(["governing_law", "audit_rights"]);
    model.thresholds[0] = 0.4;
    const title = new Float32Array(TITLE_DIM);
    const dense = new Float32Array(denseSize(2)).map((_, j) => (j % 3) - 1);
    const features = docFeatures([Float32Array.of(0.9, 0.1), Float32Array.of(0.3, 0.2)], model.thresholds, "DISTRIBUTION AGREEMENT between A and B");
    features.title.idx.forEach((b) => (title[b] = 0.8));
    model.stack[0] = { bias: -0.3, threshold: 0.42, dense, title };
    const back = fromModelFile(JSON.parse(JSON.stringify(toModelFile(model, "test"))) as ReturnType<typeof toModelFile>);
    expect(back.stack[1]).toBeNull();
    expect(back.stack[0]!.threshold).toBeCloseTo(0.42, 5);
    expect(stackProbability(back.stack[0]!, features)).toBeCloseTo(stackProbability(model.stack[0]!, features), 2);
  });

  it("decides presence in a whole document by the second stage, and not in a short text", () => {
    const model = clauseModel();
    const k = model.codes.indexOf("governing_law");
    const filler = Array.from({ length: 14 }, (_, i) => `${i + 1}. Item ${i + 1}. The parties shall meet on day ${i + 1} to discuss the delivery schedule.`).join("\n");
    const doc = `${filler}\n15. Governing Law. ${GOVERNING_LAW}\n`;
    const stage = model.stack[k];
    const saved = stage ? { ...stage } : null;
    // A second stage that says "absent" whatever it reads.
    model.stack[k] = { bias: -50, threshold: 0.5, dense: new Float32Array(denseSize(model.codes.length)), title: new Float32Array(TITLE_DIM) };
    // Model hits carry the unit they quote (a rule hit alone does not).
    const modelHit = (text: string) => analyseSegments(text, model).some((s) => s.hits.some((h) => h.code === "governing_law" && h.unit));
    try {
      expect(modelHit(doc)).toBe(false);
      expect(modelHit(`Governing Law. ${GOVERNING_LAW}`)).toBe(true);
    } finally {
      model.stack[k] = saved;
    }
    expect(modelHit(doc)).toBe(true);
  });

  it("refuses a file of another format", () => {
    expect(() => fromModelFile({ format: "x", hashBits: 18, trainedOn: "", codes: [] } as never)).toThrow();
  });
});
