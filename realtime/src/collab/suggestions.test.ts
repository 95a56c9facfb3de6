import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { acceptedView, changesOnlySuggestions, checkSuggestionUpdate, SUGGESTION_MARKS } from "./suggestions";

const by = { changeId: null, authorId: "u1", authorName: "Rita Reviewer", createdAt: null };

function liveDoc(lines: string[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getXmlFragment(COLLAB_FRAGMENT).insert(
    0,
    lines.map((line) => {
      const p = new Y.XmlElement("paragraph");
      p.insert(0, [new Y.XmlText(line)]);
      return p;
    }),
  );
  return doc;
}

/** A reviewer's copy of `live`, the edit they make in it, and the update that edit produced. */
function edit(live: Y.Doc, change: (doc: Y.Doc, text: Y.XmlText) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
  const updates: Uint8Array[] = [];
  copy.on("update", (u: Uint8Array) => updates.push(u));
  const paragraph = copy.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement;
  change(copy, paragraph.get(0) as Y.XmlText);
  return Y.mergeUpdates(updates);
}

const allowed = (live: Y.Doc, change: (doc: Y.Doc, text: Y.XmlText) => void) => changesOnlySuggestions(live, [], edit(live, change));

describe("the suggestion-only rule", () => {
  it("accepts suggested insertions, deletion marks and their withdrawal", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    expect(allowed(live, (_d, t) => t.insert(4, "new ", { [SUGGESTION_MARKS.insert]: by }))).toBe(true);
    expect(allowed(live, (_d, t) => t.format(4, 10, { [SUGGESTION_MARKS.delete]: by }))).toBe(true);
    // y-prosemirror names overlapping marks `<mark>--<hash>`.
    expect(allowed(live, (_d, t) => t.insert(0, "Note: ", { [`${SUGGESTION_MARKS.insert}--a1b2`]: by }))).toBe(true);

    const marked = liveDoc(["The Contractor shall pay."]);
    const text = (marked.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.format(4, 10, { [SUGGESTION_MARKS.delete]: by });
    text.insert(0, "Draft ", { [SUGGESTION_MARKS.insert]: by });
    expect(allowed(marked, (_d, t) => t.format(10, 10, { [SUGGESTION_MARKS.delete]: null }))).toBe(true);
    expect(allowed(marked, (_d, t) => t.delete(0, 6))).toBe(true);
  });

  it("refuses a suggestion in someone else's name, and leaves others' existing suggestions to be edited", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    const mine = { changeId: "c-1", authorId: "u1", authorName: "Rita Reviewer", createdAt: null };
    const theirs = { ...mine, changeId: "c-2", authorId: "u2", authorName: "Someone Else" };
    const check = (doc: Y.Doc, change: (doc: Y.Doc, text: Y.XmlText) => void) => changesOnlySuggestions(doc, [], edit(doc, change), "u1");
    expect(check(live, (_d, t) => t.insert(4, "new ", { [SUGGESTION_MARKS.insert]: mine }))).toBe(true);
    expect(check(live, (_d, t) => t.insert(4, "new ", { [SUGGESTION_MARKS.insert]: theirs }))).toBe(false);
    expect(check(live, (_d, t) => t.format(4, 10, { [SUGGESTION_MARKS.delete]: theirs }))).toBe(false);

    const marked = liveDoc(["The Contractor shall pay."]);
    const text = (marked.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(0, "Draft ", { [SUGGESTION_MARKS.insert]: theirs });
    // Deleting part of another reviewer's suggested text keeps the accepted text and the authorship.
    expect(check(marked, (_d, t) => t.delete(0, 2))).toBe(true);
    // Re-signing it is refused.
    expect(check(marked, (_d, t) => t.format(0, 6, { [SUGGESTION_MARKS.insert]: { ...theirs, authorId: "u3" } }))).toBe(false);
  });

  it("refuses plain typing, deleting, formatting, accepting a suggestion, new blocks and other root types", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    expect(allowed(live, (_d, t) => t.insert(0, "X"))).toBe(false);
    expect(allowed(live, (_d, t) => t.delete(0, 4))).toBe(false);
    expect(allowed(live, (_d, t) => t.format(0, 3, { bold: true }))).toBe(false);
    expect(allowed(live, (d) => d.getXmlFragment(COLLAB_FRAGMENT).insert(1, [new Y.XmlElement("paragraph")]))).toBe(false);
    expect(allowed(live, (d) => d.getMap("other").set("k", "v"))).toBe(false);

    const suggested = liveDoc(["Pay."]);
    const text = (suggested.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(0, "Now ", { [SUGGESTION_MARKS.insert]: by });
    expect(allowed(suggested, (_d, t) => t.format(0, 4, { [SUGGESTION_MARKS.insert]: null }))).toBe(false);
  });

  it("checks against the updates still waiting to be stored", () => {
    const live = liveDoc(["Pay."]);
    const waiting = edit(live, (_d, t) => t.insert(0, "Now ", { [SUGGESTION_MARKS.insert]: by }));
    const afterWaiting = new Y.Doc();
    Y.applyUpdate(afterWaiting, Y.encodeStateAsUpdate(live));
    Y.applyUpdate(afterWaiting, waiting);
    // Un-marking the waiting suggestion would make it accepted text: refused even before it is stored.
    const accept = edit(afterWaiting, (_d, t) => t.format(0, 4, { [SUGGESTION_MARKS.insert]: null }));
    expect(changesOnlySuggestions(live, [waiting], accept)).toBe(false);
  });

  it("reads the accepted document: insertions out, deletion marks ignored, neighbouring runs joined", () => {
    const a = liveDoc(["abc"]);
    const b = liveDoc(["a"]);
    const t = (b.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    t.insert(1, "NEW", { [SUGGESTION_MARKS.insert]: by });
    t.insert(4, "b", { [SUGGESTION_MARKS.delete]: by });
    t.insert(5, "c");
    expect(acceptedView(b.getXmlFragment(COLLAB_FRAGMENT))).toBe(acceptedView(a.getXmlFragment(COLLAB_FRAGMENT)));
  });

  it("never lets text typed by someone else join a suggestion (issue 14: rejecting it would delete that text)", () => {
    const reviewer = { changeId: "c-r", authorId: "u-rev", authorName: "Rita Reviewer", createdAt: null };
    const pending = () => {
      const doc = liveDoc(["The Contractor shall pay."]);
      const text = (doc.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.insert(4, "new ", { [SUGGESTION_MARKS.insert]: reviewer });
      text.format(8, 10, { [SUGGESTION_MARKS.delete]: reviewer });
      return doc;
    };
    const check = (sender: { authorId: string; suggestOnly: boolean }) => (change: (doc: Y.Doc, text: Y.XmlText) => void) => {
      const live = pending();
      return checkSuggestionUpdate(live, [], edit(live, change), sender);
    };
    const approver = check({ authorId: "u-app", suggestOnly: false });
    const otherReviewer = check({ authorId: "u-rev2", suggestOnly: true });

    // Typed inside the reviewer's insertion with its mark (what inheriting the mark produced): refused.
    expect(approver((_d, t) => t.insert(6, "XY", { [SUGGESTION_MARKS.insert]: reviewer }))).toBe("foreignSuggestion");
    // At its edges, and inside the text the reviewer marked for deletion.
    expect(approver((_d, t) => t.insert(8, "!", { [SUGGESTION_MARKS.insert]: reviewer }))).toBe("foreignSuggestion");
    expect(approver((_d, t) => t.insert(4, "!", { [SUGGESTION_MARKS.insert]: reviewer }))).toBe("foreignSuggestion");
    expect(approver((_d, t) => t.insert(10, "zz", { [SUGGESTION_MARKS.delete]: reviewer }))).toBe("foreignSuggestion");
    // Another reviewer likewise, although the accepted text would not change.
    expect(otherReviewer((_d, t) => t.insert(6, "XY", { [SUGGESTION_MARKS.insert]: reviewer }))).toBe("foreignSuggestion");

    // Plain text at the edges or inside, deleting within the suggestion, and own suggestions: allowed.
    expect(approver((_d, t) => t.insert(0, "Plain "))).toBe("ok");
    expect(approver((_d, t) => t.insert(8, "plain", { [SUGGESTION_MARKS.insert]: null }))).toBe("ok");
    expect(approver((_d, t) => t.insert(4, "plain"))).toBe("ok");
    expect(approver((_d, t) => t.delete(5, 2))).toBe("ok");
    expect(approver((_d, t) => t.insert(0, "A ", { [SUGGESTION_MARKS.insert]: { ...reviewer, changeId: "c-a", authorId: "u-app" } }))).toBe("ok");
    // A suggestion in someone else's name is not the approver's to make.
    expect(approver((_d, t) => t.insert(0, "A ", { [SUGGESTION_MARKS.insert]: { ...reviewer, changeId: "c-a" } }))).toBe("foreignSuggestion");
  });
});
