import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { asEditor, clientOf, seeded, updateFrom } from "../test/updates";
import { checkStructure, documentChars, inspectUpdate, placementOf } from "./schema-guard";

/*
 * The schema guard on its own (issue 14): updates a real editor makes pass, updates the editor
 * schema cannot hold are refused, and typing never needs the scratch copy. The server's use of it
 * (closing the sender, others untouched) is in text-guards.test.ts.
 */

const CONTRACT = "<h2>1. Payment</h2><p>The Owner shall pay within 30 days.</p><ul><li><p>Holdback 10%.</p></li></ul>";

const live = (html = CONTRACT) => seeded(html);

const paragraph = (doc: Y.Doc, index = 1) => doc.getXmlFragment(COLLAB_FRAGMENT).get(index) as Y.XmlElement;
const textOf = (element: Y.XmlElement) => element.get(0) as Y.XmlText;

/** Both steps, as the server runs them. */
function verdict(doc: Y.Doc, update: Uint8Array): string | null {
  const inspection = inspectUpdate(doc, update);
  if (inspection.invalid) return inspection.invalid;
  return inspection.structural ? checkStructure(doc, [], update) : null;
}

describe("what an editor sends passes", () => {
  it("typing and formatting are read from the update alone (no scratch copy)", () => {
    const doc = live();
    const typing = updateFrom(doc, (r) => textOf(paragraph(r)).insert(4, "Contract "));
    expect(inspectUpdate(doc, typing)).toMatchObject({ invalid: null, structural: false, chars: 9 });
    const bold = updateFrom(doc, (r) => textOf(paragraph(r)).format(0, 3, { bold: {} }));
    expect(inspectUpdate(doc, bold)).toMatchObject({ invalid: null, structural: false });
    const deleting = updateFrom(doc, (r) => textOf(paragraph(r)).delete(0, 4));
    expect(inspectUpdate(doc, deleting)).toMatchObject({ invalid: null, structural: false });
  });

  it("typing on before the previous keystroke is applied needs no scratch copy, given where that keystroke went", () => {
    const doc = live();
    const { client, capture } = clientOf(doc);
    const first = capture(() => textOf(paragraph(client)).insert(4, "A"));
    const second = capture(() => textOf(paragraph(client)).insert(5, "B"));
    const accepted = inspectUpdate(doc, first);
    // The server has not applied `first` yet (it waits for its INSERT): without its placements the neighbour is unknown.
    expect(inspectUpdate(doc, second).structural).toBe(true);
    expect(inspectUpdate(doc, second, (id) => placementOf(accepted.placements, id))).toMatchObject({ invalid: null, structural: false });
  });

  it("Enter, a joined paragraph, a table, a list, an image and a suggestion are checked on a scratch copy and pass", () => {
    const doc = live();
    for (const html of [
      "<h2>1. Payment</h2><p>The Owner shall pay</p><p>within 30 days.</p><ul><li><p>Holdback 10%.</p></li></ul>",
      "<h2>1. Payment The Owner shall pay within 30 days.</h2><ul><li><p>Holdback 10%.</p></li></ul>",
      `${CONTRACT}<table><tbody><tr><td><p>Milestone</p></td><td><p>Amount</p></td></tr></tbody></table>`,
      `${CONTRACT}<ol><li><p>One</p></li><li><p>Two</p></li></ol><p>Logo <img src="data:image/png;base64,iVBORw0KGgo="></p>`,
    ]) {
      const update = updateFrom(doc, asEditor(html));
      expect(inspectUpdate(doc, update).structural, html).toBe(true);
      expect(verdict(doc, update), html).toBeNull();
    }
    const suggestion = updateFrom(doc, asEditor('<h2>1. Payment</h2><p>The Owner shall pay within <ins data-change-id="c1" data-author-id="u1">45 </ins>30 days.</p><ul><li><p>Holdback 10%.</p></li></ul>'));
    expect(verdict(doc, suggestion)).toBeNull();
  });
});

describe("attributes", () => {
  it("changing one that already has a value passes: the overwrite's encoding leaves out its key (its origin's)", () => {
    const doc = live();
    const level = updateFrom(doc, (r) => paragraph(r, 0).setAttribute("level", 3 as never));
    expect(Y.decodeUpdate(level).structs.every((s) => !(s instanceof Y.Item) || s.parentSub === null)).toBe(true);
    expect(inspectUpdate(doc, level)).toMatchObject({ invalid: null, structural: true });
    expect(verdict(doc, level)).toBeNull();
  });

  it("removing one is structural (a required attribute would leave its element invalid)", () => {
    const doc = live();
    expect(inspectUpdate(doc, updateFrom(doc, (r) => paragraph(r, 0).removeAttribute("level"))).structural).toBe(true);
  });
});

describe("what the schema cannot hold is refused", () => {
  it("an element the editor does not know, such as script", () => {
    const doc = live();
    const script = updateFrom(doc, (r) => r.getXmlFragment(COLLAB_FRAGMENT).insert(0, [new Y.XmlElement("script")]));
    expect(inspectUpdate(doc, script).invalid).toBe('an element the editor does not know ("script")');
    const nested = updateFrom(doc, (r) => paragraph(r).insert(0, [new Y.XmlElement("iframe-evil")]));
    expect(verdict(doc, nested)).toMatch(/does not know/);
  });

  it("a mark the editor does not know, or a malformed one", () => {
    const doc = live();
    expect(verdict(doc, updateFrom(doc, (r) => textOf(paragraph(r)).format(0, 3, { onclick: { js: "alert(1)" } })))).toBe('a mark the editor does not know ("onclick")');
    expect(verdict(doc, updateFrom(doc, (r) => textOf(paragraph(r)).insert(0, "x", { bold: "yes" })))).toBe("a malformed bold mark");
  });

  it("text or nodes where the schema has no place for them", () => {
    const doc = live();
    // Text straight in the document: every editor would delete it on sight.
    expect(verdict(doc, updateFrom(doc, (r) => r.getXmlFragment(COLLAB_FRAGMENT).insert(0, [new Y.XmlText("loose")])))).toBe("a document the editor cannot hold");
    // A paragraph inside a paragraph, a list item outside a list.
    expect(verdict(doc, updateFrom(doc, (r) => paragraph(r).insert(1, [new Y.XmlElement("paragraph")])))).toBe("a paragraph the editor cannot hold");
    expect(verdict(doc, updateFrom(doc, (r) => r.getXmlFragment(COLLAB_FRAGMENT).insert(0, [new Y.XmlElement("listItem")])))).toMatch(/the editor cannot hold/);
  });

  it("raw values in the tree and other root types", () => {
    const doc = live();
    expect(verdict(doc, updateFrom(doc, (r) => (r.getXmlFragment(COLLAB_FRAGMENT) as unknown as Y.Array<unknown>).insert(0, ["raw" as never])))).toBe("content the editor does not make");
    expect(verdict(doc, updateFrom(doc, (r) => r.getMap("elsewhere").set("a", 1)))).toBe('another root type ("elsewhere")');
  });

  it("does not blame a sender for an element that was already invalid", () => {
    const doc = live();
    // A stored paragraph nested in a paragraph (written before the guard existed)...
    Y.applyUpdate(doc, updateFrom(doc, (r) => paragraph(r).insert(1, [new Y.XmlElement("paragraph")])));
    // ...does not stop someone from splitting a paragraph elsewhere in the document.
    const enter = updateFrom(doc, (r) => {
      const fragment = r.getXmlFragment(COLLAB_FRAGMENT);
      const extra = new Y.XmlElement("paragraph");
      extra.insert(0, [new Y.XmlText("A new clause.")]);
      fragment.insert(fragment.length, [extra]);
    });
    expect(verdict(doc, enter)).toBeNull();
  });
});

describe("documentChars", () => {
  it("counts text, element names and attribute values", () => {
    const doc = seeded("<p>abc</p>");
    const base = documentChars(doc);
    expect(base).toBeGreaterThanOrEqual(3);
    const grown = updateFrom(doc, (r) => textOf(paragraph(r, 0)).insert(3, "x".repeat(1000)));
    Y.applyUpdate(doc, grown);
    expect(documentChars(doc)).toBe(base + 1000);
  });
});
