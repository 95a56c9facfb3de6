import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { seededRandom } from "@clausewise/api/test/random";
import { itemIndex } from "./schema-nodes";

/** The structs of an update made of two clients' edits, several items each. */
function structsOfEdits(): Y.Item[] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.getText("t").insert(0, "Owner shall pay");
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  b.getText("t").insert(5, " (the Company)");
  a.getText("t").insert(0, "The ");
  a.getText("t").format(0, 3, { bold: true });
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
  return Y.decodeUpdate(Y.encodeStateAsUpdate(a)).structs.filter((s): s is Y.Item => s instanceof Y.Item);
}

describe("itemIndex", () => {
  it("finds the item holding any clock of it, whatever order the structs come in", () => {
    const items = structsOfEdits();
    expect(new Set(items.map((i) => i.id.client)).size).toBe(2);
    const random = seededRandom(7);
    const shuffled = [...items].sort(() => random() - 0.5);
    for (const list of [items, shuffled]) {
      const find = itemIndex(list);
      for (const item of items) {
        for (let offset = 0; offset < item.length; offset++) expect(find(Y.createID(item.id.client, item.id.clock + offset))).toBe(item);
      }
      const last = Math.max(...items.filter((i) => i.id.client === items[0]!.id.client).map((i) => i.id.clock + i.length));
      expect(find(Y.createID(items[0]!.id.client, last))).toBeNull();
      expect(find(Y.createID(123456789, 0))).toBeNull();
    }
  });
});
