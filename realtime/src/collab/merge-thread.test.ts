import * as Y from "yjs";
import { afterAll, describe, expect, it } from "vitest";
import { mergeIntoState } from "@clausewise/api/collab/merge";
import { mergeOffThread, stopMergeThread } from "./merge-thread";

afterAll(() => stopMergeThread());

/** A state and a log of typing on top of it, as the store holds them. */
function stateAndLog(words: number): { state: Uint8Array; log: Uint8Array[]; text: string } {
  const doc = new Y.Doc();
  const text = doc.getText("t");
  text.insert(0, "Base clause. ");
  const state = Y.encodeStateAsUpdate(doc);
  const log: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => log.push(u));
  for (let i = 0; i < words; i++) text.insert(text.length, `w${i} `);
  text.delete(0, 5); // deleted text, to be garbage-collected in the merge
  return { state, log, text: text.toString() };
}

describe("compaction's merge on a worker thread", () => {
  it("gives the document the in-thread merge gives", async () => {
    const { state, log, text } = stateAndLog(500);
    const merged = await mergeOffThread(state, log);
    expect(Buffer.from(merged).equals(Buffer.from(mergeIntoState(state, log)))).toBe(true);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, merged);
    expect(doc.getText("t").toString()).toBe(text);
  });

  it("keeps the inputs usable (they are copied, not moved) and answers concurrent merges each with its own", async () => {
    const a = stateAndLog(50);
    const b = stateAndLog(80);
    const [ma, mb] = await Promise.all([mergeOffThread(a.state, a.log), mergeOffThread(b.state, b.log)]);
    expect(a.log[0]!.byteLength).toBeGreaterThan(0);
    for (const [merged, expected] of [
      [ma, a.text],
      [mb, b.text],
    ] as const) {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, merged);
      expect(doc.getText("t").toString()).toBe(expected);
    }
  });

  it("rejects an update that does not decode, and keeps working", async () => {
    const { state, log } = stateAndLog(5);
    await expect(mergeOffThread(state, [Uint8Array.of(0xff, 0xff, 0xff)])).rejects.toThrow(/compaction merge failed/);
    await expect(mergeOffThread(state, log)).resolves.toBeInstanceOf(Uint8Array);
  });

  it("fails the merges in flight when the worker stops, and starts a new one for the next", async () => {
    const { state, log, text } = stateAndLog(2000);
    const failed = expect(mergeOffThread(state, log)).rejects.toThrow(/worker was stopped/);
    await stopMergeThread();
    await failed;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, await mergeOffThread(state, log));
    expect(doc.getText("t").toString()).toBe(text);
  });
});
