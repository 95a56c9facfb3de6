import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { mergeIntoState } from "./merge";

/** Successive updates of one client typing, each depending on the one before. */
function typing(words: string[]): { state: Uint8Array; updates: Uint8Array[] } {
  const doc = new Y.Doc();
  const state = Y.encodeStateAsUpdate(doc);
  const updates: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(u));
  const text = doc.getText("t");
  for (const word of words) text.insert(text.length, word);
  return { state, updates };
}

const textOf = (update: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return doc.getText("t").toString();
};

describe("mergeIntoState", () => {
  it("folds the log into the state, whatever order the rows come in", () => {
    const { state, updates } = typing(["The ", "Contractor ", "shall ", "indemnify"]);
    expect(textOf(mergeIntoState(state, updates))).toBe("The Contractor shall indemnify");
    expect(textOf(mergeIntoState(state, [...updates].reverse()))).toBe("The Contractor shall indemnify");
  });

  it("keeps an update whose dependency is not in this batch, so a later compaction completes it", () => {
    const { state, updates } = typing(["first ", "second"]);
    const partial = mergeIntoState(state, [updates[1]!]);
    expect(textOf(partial)).toBe("");
    expect(textOf(mergeIntoState(partial, [updates[0]!]))).toBe("first second");
  });

  it("garbage-collects deleted text (Y.mergeUpdates alone would carry it)", () => {
    const doc = new Y.Doc();
    const state = Y.encodeStateAsUpdate(doc);
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    const text = doc.getText("t");
    text.insert(0, "x".repeat(10_000));
    text.delete(0, 10_000);
    text.insert(0, "kept");
    const merged = mergeIntoState(state, updates);
    expect(textOf(merged)).toBe("kept");
    expect(merged.byteLength).toBeLessThan(200);
    expect(Y.mergeUpdates([state, ...updates]).byteLength).toBeGreaterThan(10_000);
  });

  it("refuses an update that does not decode", () => {
    expect(() => mergeIntoState(new Uint8Array([0, 0]), [Uint8Array.of(0xff, 0xff, 0xff)])).toThrow();
  });
});
