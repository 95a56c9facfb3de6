import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { seededRandom } from "../test/random";
import { textDelta, textValue } from "./delta";

const WORDS = ["", "a", "Owner", "shall pay", " ", "\n", "é🙂", "§11.2", "Contractor's"];
const FORMATS: Record<string, unknown>[] = [
  { bold: true },
  { bold: null },
  { italic: {} },
  { link: { href: "https://example.com" } },
  { link: null },
  { suggestion_insert: { changeId: "c1", authorName: "Rae" } },
  { suggestion_insert: null },
  { ychange: { type: "added" } },
];

/** Random inserts, deletions, formatting and embeds into one XmlText, as two clients would make them. */
function randomText(seed: number): Y.XmlText {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const doc = new Y.Doc();
  const other = new Y.Doc();
  doc.getXmlFragment("f").insert(0, [new Y.XmlText()]);
  const text = doc.getXmlFragment("f").get(0) as Y.XmlText;
  for (let step = 0; step < 60; step++) {
    const length = text.length;
    const at = Math.floor(random() * (length + 1));
    const roll = random();
    if (roll < 0.4) text.insert(at, pick(WORDS), random() < 0.5 ? pick(FORMATS) : undefined);
    else if (roll < 0.55 && length > 0) text.delete(at === length ? at - 1 : at, 1 + Math.floor(random() * Math.min(4, length - Math.min(at, length - 1) - 1)));
    else if (roll < 0.75 && length > 0) text.format(Math.min(at, length - 1), 1 + Math.floor(random() * 5), pick(FORMATS));
    else if (roll < 0.85) text.insertEmbed(at, { image: `i${step}` }, random() < 0.5 ? pick(FORMATS) : undefined);
    else {
      // A concurrent edit merged in: items split and interleaved by another client.
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
      const theirs = other.getXmlFragment("f").get(0) as Y.XmlText;
      theirs.insert(Math.floor(random() * (theirs.length + 1)), pick(WORDS), pick(FORMATS));
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
    }
  }
  return text;
}

describe("textDelta and textValue", () => {
  it("equal Y.Text#toDelta and its joined strings through random edits", () => {
    let formatted = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const text = randomText(seed);
      const expected = text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[];
      expect(textDelta(text), `seed ${seed}`).toEqual(expected);
      expect(textValue(text), `seed ${seed}`).toBe(expected.map((op) => (typeof op.insert === "string" ? op.insert : "")).join(""));
      if (expected.some((op) => op.attributes)) formatted++;
    }
    // The random edits did produce formatted runs (the comparison above is not only of plain text).
    expect(formatted).toBeGreaterThan(150);
  });

  it("reads an embedded type as toDelta does", () => {
    const doc = new Y.Doc();
    const text = doc.getText("t");
    text.insert(0, "before ");
    text.insertEmbed(7, new Y.Map(), { bold: true });
    text.insert(8, " after");
    const ours = textDelta(text);
    expect(ours).toHaveLength(3);
    expect(ours[1]!.insert).toBe((text.toDelta() as { insert: unknown }[])[1]!.insert);
    expect(ours[1]!.attributes).toEqual({ bold: true });
    expect(textValue(text)).toBe("before  after");
  });
});
