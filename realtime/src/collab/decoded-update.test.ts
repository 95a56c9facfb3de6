import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodedUpdate } from "./decoded-update";

describe("decodedUpdate", () => {
  it("decodes an update once and answers the same structs to every reader", () => {
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    doc.getText("t").insert(0, "abc");
    const first = decodedUpdate(updates[0]!);
    expect(first.structs).toHaveLength(1);
    expect(decodedUpdate(updates[0]!)).toBe(first);
    // Another array with the same bytes is another update to the cache: decoded anew, equal.
    const copy = updates[0]!.slice();
    expect(decodedUpdate(copy)).not.toBe(first);
    expect(decodedUpdate(copy).structs[0]!.id).toEqual(first.structs[0]!.id);
  });

  it("throws for a malformed update every time it is asked", () => {
    const bad = new Uint8Array([1, 200, 3]);
    expect(() => decodedUpdate(bad)).toThrow();
    expect(() => decodedUpdate(bad)).toThrow();
  });
});
