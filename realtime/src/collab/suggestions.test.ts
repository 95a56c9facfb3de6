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

describe("documents without suggestions (no walk of the document per keystroke)", () => {
  const reviewer = { changeId: "c-r", authorId: "u-rev", authorName: "Rita Reviewer", createdAt: null };
  const approver = { authorId: "u-app", suggestOnly: false };
  const text = (doc: Y.Doc) => (doc.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;

  it("still sees a suggestion that arrives after the document was found to have none", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    // Checked once while the document has no suggestion: remembered.
    expect(checkSuggestionUpdate(live, [], edit(live, (_d, t) => t.insert(0, "Plain ")), approver)).toBe("ok");
    // A reviewer's suggestion is stored and applied (from another instance, say).
    Y.applyUpdate(live, edit(live, (_d, t) => t.insert(10, "new ", { [SUGGESTION_MARKS.insert]: reviewer })));
    // Typing inside it without any mark of its own inherits the reviewer's mark: refused.
    const inside = edit(live, (_d, t) => t.insert(12, "XY"));
    expect(checkSuggestionUpdate(live, [], inside, approver)).toBe("foreignSuggestion");
  });

  it("sees a suggestion integrated later, when the update it waited for arrives", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    expect(checkSuggestionUpdate(live, [], edit(live, (_d, t) => t.insert(0, "Plain ")), approver)).toBe("ok");
    // A reviewer types plain text, then suggests inside it; the second update reaches the document first.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
    const updates: Uint8Array[] = [];
    copy.on("update", (u: Uint8Array) => updates.push(u));
    text(copy).insert(0, "Now ");
    text(copy).insert(2, "ew", { [SUGGESTION_MARKS.insert]: reviewer });
    expect(updates).toHaveLength(2);
    Y.applyUpdate(live, updates[1]!); // waits for its origin: nothing integrated yet
    expect(text(live).toString()).not.toContain("ew");
    Y.applyUpdate(live, updates[0]!); // both integrated now, the suggestion with the plain text
    expect(text(live).toString()).toContain(`<${SUGGESTION_MARKS.insert}`);
    const inside = edit(live, (_d, t) => t.insert(3, "XY"));
    expect(checkSuggestionUpdate(live, [], inside, approver)).toBe("foreignSuggestion");
  });

  it("forgets nothing when a suggested break is added, and rechecks after a suggestion is gone", () => {
    const live = liveDoc(["First.", "Second."]);
    expect(checkSuggestionUpdate(live, [], edit(live, (_d, t) => t.insert(0, "A ")), approver)).toBe("ok");
    Y.applyUpdate(live, edit(live, (doc) => (doc.getXmlFragment(COLLAB_FRAGMENT).get(1) as Y.XmlElement).setAttribute("suggestedBreak", { kind: "delete", ...reviewer } as unknown as string)));
    // Removing the reviewer's suggested break is not the approver's to do in the reviewer's name.
    const other = edit(live, (doc) => (doc.getXmlFragment(COLLAB_FRAGMENT).get(1) as Y.XmlElement).setAttribute("suggestedBreak", { kind: "delete", ...reviewer, changeId: "c-x" } as unknown as string));
    expect(checkSuggestionUpdate(live, [], other, approver)).toBe("foreignSuggestion");

    const withMark = liveDoc(["The Contractor shall pay."]);
    text(withMark).insert(4, "new ", { [SUGGESTION_MARKS.insert]: reviewer });
    const typed = edit(withMark, (_d, t) => t.insert(6, "XY"));
    expect(checkSuggestionUpdate(withMark, [], typed, approver)).toBe("foreignSuggestion");
    // The suggestion is accepted (its mark removed): the document has none again, plain typing is fine.
    text(withMark).format(4, 4, { [SUGGESTION_MARKS.insert]: null });
    expect(checkSuggestionUpdate(withMark, [], edit(withMark, (_d, t) => t.insert(6, "XY")), approver)).toBe("ok");
  });
});

describe("suggested paragraph breaks (issue 14: Enter, pasted paragraphs, deleting across paragraphs)", () => {
  const mine = { changeId: "c-1", authorId: "u1", authorName: "Rita Reviewer", createdAt: "2026-11-29T00:00:00.000Z" };
  const theirs = { ...mine, changeId: "c-2", authorId: "u2", authorName: "Someone Else" };
  const reviewer = (live: Y.Doc, change: (doc: Y.Doc, text: Y.XmlText) => void) => checkSuggestionUpdate(live, [], edit(live, change), { authorId: "u1", suggestOnly: true });
  const fragmentOf = (doc: Y.Doc) => doc.getXmlFragment(COLLAB_FRAGMENT);
  /** A paragraph as y-prosemirror writes it: runs of text, and `suggestedBreak` when given. */
  const paragraph = (runs: [string, Record<string, unknown>?][], suggestedBreak?: Record<string, unknown>) => {
    const p = new Y.XmlElement("paragraph");
    if (suggestedBreak) p.setAttribute("suggestedBreak", suggestedBreak as unknown as string);
    const text = new Y.XmlText();
    let at = 0;
    for (const [value, attributes] of runs) {
      text.insert(at, value, attributes ?? {});
      at += value.length;
    }
    p.insert(0, [text]);
    return p;
  };
  /** Enter after "shall": the rest of the paragraph moves to a new one, whose break carries `suggestedBreak`. */
  const split = (suggestedBreak?: Record<string, unknown>, typed?: string) => (doc: Y.Doc, text: Y.XmlText) => {
    text.delete(20, 5);
    fragmentOf(doc).insert(1, [paragraph([...(typed ? [[typed, { [SUGGESTION_MARKS.insert]: mine }] as [string, Record<string, unknown>]] : []), [" pay."]], suggestedBreak)]);
  };

  it("lets a reviewer suggest a new paragraph (Enter), with text typed in it; a plain split is refused", () => {
    const live = liveDoc(["The Contractor shall pay."]);
    expect(reviewer(live, split({ kind: "insert", ...mine }))).toBe("ok");
    expect(reviewer(live, split({ kind: "insert", ...mine }, "Also"))).toBe("ok");
    expect(reviewer(live, split())).toBe("suggestionOnly");
    // A "deleted" break that did not exist, or a break in someone else's name: refused.
    expect(reviewer(live, split({ kind: "delete", ...mine }))).toBe("suggestionOnly");
    expect(reviewer(live, split({ kind: "insert", ...theirs }))).toBe("suggestionOnly");
  });

  it("lets a reviewer paste two paragraphs as suggested text and breaks", () => {
    const live = liveDoc(["The Contractor shall pay.", "Second clause."]);
    const paste = (marked: boolean) => (doc: Y.Doc, text: Y.XmlText) => {
      text.delete(20, 5);
      text.insert(20, " One.", marked ? { [SUGGESTION_MARKS.insert]: mine } : {});
      fragmentOf(doc).insert(1, [paragraph([["Two.", marked ? { [SUGGESTION_MARKS.insert]: mine } : {}], [" pay."]], { kind: "insert", ...mine })]);
    };
    expect(reviewer(live, paste(true))).toBe("ok");
    expect(reviewer(live, paste(false))).toBe("suggestionOnly");
  });

  it("lets a reviewer suggest joining paragraphs, never join them", () => {
    const live = liveDoc(["First.", "Second."]);
    const second = (doc: Y.Doc) => fragmentOf(doc).get(1) as Y.XmlElement;
    expect(reviewer(live, (doc) => second(doc).setAttribute("suggestedBreak", { kind: "delete", ...mine } as unknown as string))).toBe("ok");
    // Claiming the existing break is only a suggested insertion would make it vanish from the accepted text.
    expect(reviewer(live, (doc) => second(doc).setAttribute("suggestedBreak", { kind: "insert", ...mine } as unknown as string))).toBe("suggestionOnly");
    // A real join: the second paragraph's text moved into the first.
    expect(
      reviewer(live, (doc, text) => {
        text.insert(6, "Second.");
        fragmentOf(doc).delete(1, 1);
      }),
    ).toBe("suggestionOnly");
    expect(reviewer(live, (doc) => second(doc).setAttribute("suggestedBreak", { kind: "delete", ...theirs } as unknown as string))).toBe("suggestionOnly");
  });

  it("lets a reviewer withdraw their own suggested paragraph; reads the break in the accepted view", () => {
    const live = liveDoc(["The Contractor shall"]);
    fragmentOf(live).insert(1, [paragraph([[" pay."]], { kind: "insert", ...mine })]);
    const plain = liveDoc(["The Contractor shall pay."]);
    expect(acceptedView(fragmentOf(live))).toBe(acceptedView(fragmentOf(plain)));
    expect(
      reviewer(live, (doc, text) => {
        text.insert(20, " pay.");
        fragmentOf(doc).delete(1, 1);
      }),
    ).toBe("ok");
  });

  it("refuses an editor's break in someone else's name, even in a document without suggestions", () => {
    const live = liveDoc(["First.", "Second."]);
    const update = edit(live, (doc) => (fragmentOf(doc).get(1) as Y.XmlElement).setAttribute("suggestedBreak", { kind: "delete", ...theirs } as unknown as string));
    expect(checkSuggestionUpdate(live, [], update, { authorId: "u1", suggestOnly: false })).toBe("foreignSuggestion");
    const own = edit(live, (doc) => (fragmentOf(doc).get(1) as Y.XmlElement).setAttribute("suggestedBreak", { kind: "delete", ...mine } as unknown as string));
    expect(checkSuggestionUpdate(live, [], own, { authorId: "u1", suggestOnly: false })).toBe("ok");
  });
});
