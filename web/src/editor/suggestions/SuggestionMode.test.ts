// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import { Slice } from "@tiptap/pm/model";
import { createEditorExtensions } from "@clausewise/shared/editor";
import { acceptedDocText, proposedDocText } from "./accepted";
import { SUGGESTION_TRACKING_EXTENSION as EDITOR_LOOKS_FOR, type ExtraExtensions } from "../extension-points";
import { isSuggesting, setSuggesting, SUGGESTION_TRACKING_EXTENSION, SuggestionMode, suggestionExtensions } from "./SuggestionMode";

// Fits the editor's `extraExtensions` prop as it is.
const asProp: ExtraExtensions = suggestionExtensions;

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

const refused: string[] = [];

function makeEditor(content = "<p>The Contractor shall pay.</p>", userId = "u-rev", enabled = true) {
  let n = 0;
  const editor = new Editor({
    extensions: [
      ...createEditorExtensions(),
      SuggestionMode.configure({ user: { id: userId, name: "Rita Reviewer" }, enabled, newChangeId: () => `ch-${++n}`, now: () => "2026-11-22T00:00:00.000Z", onRefused: (kind) => refused.push(kind) }),
    ],
    content,
  });
  editors.push(editor);
  return editor;
}

/** Types like a keyboard: one transaction per character at the caret. */
function type(editor: Editor, text: string) {
  for (const ch of text) {
    const { from, to } = editor.state.selection;
    editor.view.dispatch(editor.state.tr.insertText(ch, from, to));
  }
}

function backspace(editor: Editor, times = 1) {
  for (let i = 0; i < times; i++) {
    const { from, empty, to } = editor.state.selection;
    editor.view.dispatch(empty ? editor.state.tr.delete(from - 1, from) : editor.state.tr.delete(from, to));
  }
}

function del(editor: Editor, times = 1) {
  for (let i = 0; i < times; i++) {
    const { from } = editor.state.selection;
    editor.view.dispatch(editor.state.tr.delete(from, from + 1));
  }
}

const marksIn = (editor: Editor, name: string) => {
  const found: { text: string; changeId: unknown; authorId: unknown }[] = [];
  editor.state.doc.descendants((node) => {
    const mark = node.marks.find((m) => m.type.name === name);
    if (node.isText && mark) found.push({ text: node.text!, changeId: mark.attrs.changeId, authorId: mark.attrs.authorId });
  });
  return found;
};

/** Position just after `needle` in the first paragraph. */
const after = (editor: Editor, needle: string) => 1 + editor.state.doc.textContent.indexOf(needle) + needle.length;


/** A repeatable sequence of numbers in [0, 1) (a linear congruential generator), for the random-edit tests. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
describe("SuggestionMode", () => {
  it("typing inserts text marked as the reviewer's suggestion, one change per contiguous run", () => {
    const editor = makeEditor();
    const accepted = acceptedDocText(editor.state.doc);
    editor.commands.setTextSelection(after(editor, "shall"));
    type(editor, " promptly");
    expect(editor.state.doc.textContent).toBe("The Contractor shall promptly pay.");
    expect(marksIn(editor, "suggestionInsert")).toEqual([{ text: " promptly", changeId: "ch-1", authorId: "u-rev" }]);
    expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    editor.commands.setTextSelection(after(editor, "The"));
    type(editor, " said");
    expect(new Set(marksIn(editor, "suggestionInsert").map((m) => m.changeId))).toEqual(new Set(["ch-1", "ch-2"]));
  });

  it("deleting plain text marks it for deletion instead of removing it; the caret moves over it", () => {
    const editor = makeEditor();
    const accepted = acceptedDocText(editor.state.doc);
    editor.commands.setTextSelection(after(editor, "shall"));
    backspace(editor, 6);
    expect(editor.state.doc.textContent).toBe("The Contractor shall pay.");
    expect(marksIn(editor, "suggestionDelete")).toEqual([{ text: " shall", changeId: "ch-1", authorId: "u-rev" }]);
    expect(editor.state.selection.from).toBe(after(editor, "Contractor"));
    expect(proposedDocText(editor.state.doc)).toBe("The Contractor pay.");
    expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    // Backspacing again over text already marked deleted just moves the caret.
    editor.commands.setTextSelection(after(editor, "shall"));
    backspace(editor, 3);
    expect(marksIn(editor, "suggestionDelete")).toEqual([{ text: " shall", changeId: "ch-1", authorId: "u-rev" }]);
    expect(editor.state.selection.from).toBe(after(editor, "shall") - 3);
    // Delete (forward) moves the caret forward over the deleted run.
    editor.commands.setTextSelection(after(editor, "pay"));
    del(editor, 1);
    expect(proposedDocText(editor.state.doc)).toBe("The Contractor pay");
    expect(editor.state.selection.from).toBe(after(editor, "pay."));
  });

  it("deleting the reviewer's own suggested text really deletes it", () => {
    const editor = makeEditor();
    editor.commands.setTextSelection(after(editor, "shall"));
    type(editor, " promptlyy");
    backspace(editor, 1);
    expect(editor.state.doc.textContent).toBe("The Contractor shall promptly pay.");
    expect(marksIn(editor, "suggestionInsert")).toEqual([{ text: " promptly", changeId: "ch-1", authorId: "u-rev" }]);
    expect(marksIn(editor, "suggestionDelete")).toEqual([]);
  });

  it("replacing a selection is one change: the old text marked deleted, the new text inserted", () => {
    const editor = makeEditor();
    const accepted = acceptedDocText(editor.state.doc);
    const from = after(editor, "The ");
    editor.commands.setTextSelection({ from, to: from + "Contractor".length });
    type(editor, "Owner");
    expect(proposedDocText(editor.state.doc)).toBe("The Owner shall pay.");
    const deleted = marksIn(editor, "suggestionDelete");
    const inserted = marksIn(editor, "suggestionInsert");
    expect(deleted.map((m) => m.text)).toEqual(["Contractor"]);
    expect(inserted.map((m) => m.text)).toEqual(["Owner"]);
    expect(inserted[0]!.changeId).toBe(deleted[0]!.changeId);
    expect(acceptedDocText(editor.state.doc)).toBe(accepted);
  });

  it("refuses formatting and block changes with a reason, never silently (issue 14)", () => {
    const editor = makeEditor("<p>The Contractor shall pay.</p><ul><li><p>First item</p></li><li><p>Second item</p></li></ul>");
    const before = editor.getJSON();
    refused.length = 0;
    editor.commands.setTextSelection({ from: 1, to: 4 });
    editor.commands.toggleBold();
    editor.commands.setNode("heading", { level: 1 });
    // Lists keep their own structure: a new list item cannot be suggested yet.
    editor.commands.setTextSelection(after(editor, "First"));
    editor.commands.splitListItem("listItem");
    editor.commands.setTextSelection({ from: after(editor, "shall"), to: after(editor, "Second") });
    editor.commands.deleteSelection();
    expect(editor.getJSON()).toEqual(before);
    expect(refused).toEqual(["formatting", "block", "split", "paragraphs"]);
  });

  describe("paragraph breaks (issue 14: Enter, paste of paragraphs, deleting across paragraphs)", () => {
    const blocks = (editor: Editor) => {
      const out: { text: string; break: unknown }[] = [];
      editor.state.doc.forEach((node) => out.push({ text: node.textContent, break: node.attrs.suggestedBreak ?? null }));
      return out;
    };
    const brk = (kind: "insert" | "delete", changeId: string) => ({ kind, changeId, authorId: "u-rev", authorName: "Rita Reviewer", createdAt: "2026-11-22T00:00:00.000Z" });

    it("Enter splits the paragraph with a suggested break; what follows is the same suggestion", () => {
      const editor = makeEditor();
      const accepted = acceptedDocText(editor.state.doc);
      editor.commands.setTextSelection(after(editor, "shall"));
      expect(editor.commands.splitBlock()).toBe(true);
      expect(blocks(editor)).toEqual([
        { text: "The Contractor shall", break: null },
        { text: " pay.", break: brk("insert", "ch-1") },
      ]);
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
      type(editor, "Also");
      expect(marksIn(editor, "suggestionInsert")).toEqual([{ text: "Also", changeId: "ch-1", authorId: "u-rev" }]);
      expect(proposedDocText(editor.state.doc)).toBe("The Contractor shall\nAlso pay.");
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    });

    it("Enter at the end of a paragraph, then typing: a new paragraph of suggested text", () => {
      const editor = makeEditor();
      const accepted = acceptedDocText(editor.state.doc);
      editor.commands.setTextSelection(after(editor, "pay."));
      editor.commands.splitBlock();
      type(editor, "New clause.");
      expect(blocks(editor)).toEqual([
        { text: "The Contractor shall pay.", break: null },
        { text: "New clause.", break: brk("insert", "ch-1") },
      ]);
      expect(marksIn(editor, "suggestionInsert")).toEqual([{ text: "New clause.", changeId: "ch-1", authorId: "u-rev" }]);
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    });

    it("a paste of two paragraphs is one suggestion: its text inserted, its breaks inserted", () => {
      const editor = makeEditor("<p>The Contractor shall pay.</p><p>Second clause.</p>");
      const accepted = acceptedDocText(editor.state.doc);
      editor.commands.setTextSelection(after(editor, "shall"));
      // What a paste of "<p>One.</p><p>Two.</p>" becomes: a slice open at both ends.
      const slice = Slice.fromJSON(editor.schema, { content: [{ type: "paragraph", content: [{ type: "text", text: " One." }] }, { type: "paragraph", content: [{ type: "text", text: "Two." }] }], openStart: 1, openEnd: 1 });
      editor.view.dispatch(editor.state.tr.replaceSelection(slice));
      expect(blocks(editor)).toEqual([
        { text: "The Contractor shall One.", break: null },
        { text: "Two. pay.", break: brk("insert", "ch-1") },
        { text: "Second clause.", break: null },
      ]);
      expect(marksIn(editor, "suggestionInsert")).toEqual([
        { text: " One.", changeId: "ch-1", authorId: "u-rev" },
        { text: "Two.", changeId: "ch-1", authorId: "u-rev" },
      ]);
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    });

    it("paragraphs inserted after a paragraph (insertContent) are suggested paragraphs", () => {
      const editor = makeEditor("<p>The Contractor shall pay.</p><p>Second clause.</p>");
      const accepted = acceptedDocText(editor.state.doc);
      editor.commands.setTextSelection(after(editor, "pay."));
      editor.commands.insertContent("<p>One.</p><p>Two.</p>");
      expect(blocks(editor)).toEqual([
        { text: "The Contractor shall pay.", break: null },
        { text: "One.", break: brk("insert", "ch-1") },
        { text: "Two.", break: brk("insert", "ch-1") },
        { text: "Second clause.", break: null },
      ]);
      expect(new Set(marksIn(editor, "suggestionInsert").map((m) => m.changeId))).toEqual(new Set(["ch-1"]));
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    });

    it("Backspace at a paragraph's start suggests deleting the break; nothing is joined yet", () => {
      const editor = makeEditor("<p>First.</p><p>Second.</p>");
      const accepted = acceptedDocText(editor.state.doc);
      editor.commands.setTextSelection(after(editor, "First.Second".slice(0, 6)) + 2);
      expect(editor.state.selection.$from.parent.textContent).toBe("Second.");
      expect(editor.commands.joinBackward()).toBe(true);
      expect(blocks(editor)).toEqual([
        { text: "First.", break: null },
        { text: "Second.", break: brk("delete", "ch-1") },
      ]);
      expect(editor.state.selection.from).toBe(7);
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
      expect(proposedDocText(editor.state.doc)).toBe("First.Second.");
    });

    it("deleting across paragraphs marks the text and the breaks for deletion", () => {
      const editor = makeEditor("<p>Alpha one.</p><p>Bravo.</p><p>Charlie two.</p>");
      const accepted = acceptedDocText(editor.state.doc);
      const from = 1 + "Alpha".length;
      const to = editor.state.doc.content.size - 1 - " two.".length;
      editor.commands.setTextSelection({ from, to });
      editor.commands.deleteSelection();
      expect(blocks(editor)).toEqual([
        { text: "Alpha one.", break: null },
        { text: "Bravo.", break: brk("delete", "ch-1") },
        { text: "Charlie two.", break: brk("delete", "ch-1") },
      ]);
      expect(marksIn(editor, "suggestionDelete").map((m) => m.text)).toEqual([" one.", "Bravo.", "Charlie"]);
      expect(new Set(marksIn(editor, "suggestionDelete").map((m) => m.changeId))).toEqual(new Set(["ch-1"]));
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
      expect(proposedDocText(editor.state.doc)).toBe("Alpha two.");
    });

    it("deleting one's own suggested break or pasted paragraphs really removes them", () => {
      const editor = makeEditor();
      const original = editor.getJSON();
      editor.commands.setTextSelection(after(editor, "shall"));
      editor.commands.splitBlock();
      expect(editor.commands.joinBackward()).toBe(true);
      expect(editor.getJSON()).toEqual(original);
      editor.commands.setTextSelection(after(editor, "shall"));
      const slice = Slice.fromJSON(editor.schema, { content: [{ type: "paragraph", content: [{ type: "text", text: " One." }] }, { type: "paragraph", content: [{ type: "text", text: "Two." }] }], openStart: 1, openEnd: 1 });
      editor.view.dispatch(editor.state.tr.replaceSelection(slice));
      editor.commands.setTextSelection({ from: after(editor, "shall"), to: after(editor, "shall One.Two.") + 2 });
      editor.commands.deleteSelection();
      expect(editor.getJSON()).toEqual(original);
    });
  });

  it("keeps the accepted text unchanged through any sequence of edits", () => {
    const editor = makeEditor("<p>Alpha <strong>bravo</strong> charlie.</p><p>Delta echo.</p>");
    const accepted = acceptedDocText(editor.state.doc);
    const random = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      const size = editor.state.doc.content.size;
      const pos = 1 + Math.floor(random() * (size - 1));
      const r = random();
      try {
        if (r < 0.4) {
          editor.commands.setTextSelection(pos);
          type(editor, "xy".slice(0, 1 + Math.floor(random() * 2)));
        } else if (r < 0.7) {
          editor.commands.setTextSelection(pos);
          backspace(editor, 1 + Math.floor(random() * 3));
        } else if (r < 0.85) {
          editor.commands.setTextSelection({ from: pos, to: Math.min(size - 1, pos + 1 + Math.floor(random() * 4)) });
          type(editor, "z");
        } else {
          editor.commands.setTextSelection(pos);
          del(editor, 1 + Math.floor(random() * 2));
        }
      } catch {
        // A position outside text (e.g. between blocks) may be refused by ProseMirror itself.
      }
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    }
  });

  it("keeps the accepted text unchanged through random Enter, joins and deletions across paragraphs", () => {
    const editor = makeEditor("<p>Alpha <strong>bravo</strong> charlie.</p><p>Delta echo.</p><h2>Foxtrot</h2><p>Golf.</p>");
    const accepted = acceptedDocText(editor.state.doc);
    const random = seededRandom(11);
    for (let i = 0; i < 300; i++) {
      const size = editor.state.doc.content.size;
      const pos = 1 + Math.floor(random() * (size - 1));
      const r = random();
      try {
        if (r < 0.25) {
          editor.commands.setTextSelection(pos);
          editor.commands.splitBlock();
        } else if (r < 0.45) {
          editor.commands.setTextSelection(pos);
          type(editor, "xy");
        } else if (r < 0.65) {
          editor.commands.setTextSelection(pos);
          editor.commands.joinBackward();
        } else if (r < 0.75) {
          editor.commands.setTextSelection(pos);
          editor.commands.joinForward();
        } else {
          editor.commands.setTextSelection({ from: pos, to: Math.min(size - 1, pos + 1 + Math.floor(random() * 12)) });
          if (r < 0.9) editor.commands.deleteSelection();
          else type(editor, "z");
        }
      } catch {
        // A position outside text (e.g. between blocks) may be refused by ProseMirror itself.
      }
      expect(acceptedDocText(editor.state.doc)).toBe(accepted);
    }
    const kinds = new Set<string>();
    editor.state.doc.forEach((node) => {
      const value = node.attrs.suggestedBreak as { kind?: string } | null;
      if (value?.kind) kinds.add(value.kind);
    });
    expect(kinds).toEqual(new Set(["insert", "delete"]));
  });

  it("is added for everyone who may change the document, under the name the editor looks for", () => {
    const context = { contractId: "c-1", user: { id: "u", name: "U", color: "#000" } };
    const [reviewer] = suggestionExtensions({ ...context, mode: "suggest" });
    expect(reviewer?.name).toBe(SUGGESTION_TRACKING_EXTENSION);
    expect((reviewer?.options as { enabled: boolean }).enabled).toBe(true);
    expect((suggestionExtensions({ ...context, mode: "read-write" })[0]?.options as { enabled: boolean }).enabled).toBe(false);
    expect((suggestionExtensions({ ...context, mode: "read-write", suggesting: true })[0]?.options as { enabled: boolean }).enabled).toBe(true);
    expect(suggestionExtensions({ ...context, mode: "read-only" })).toEqual([]);
    expect(SUGGESTION_TRACKING_EXTENSION).toBe(EDITOR_LOOKS_FOR);
    expect(typeof asProp).toBe("function");
  });

  describe("text typed by someone other than a suggestion's author (issue 14)", () => {
    const pending = '<p>The <ins data-change-id="c-r" data-author-id="u-rev" data-author-name="Rita Reviewer">new </ins>Contractor <del data-change-id="c-r" data-author-id="u-rev">shall</del> pay.</p>';
    const reviewerText = (editor: Editor) => ({
      inserted: marksIn(editor, "suggestionInsert").filter((m) => m.changeId === "c-r").map((m) => m.text).join(""),
      deleted: marksIn(editor, "suggestionDelete").filter((m) => m.changeId === "c-r").map((m) => m.text).join(""),
    });

    it("never joins the suggestion in Editing, typed inside, at either edge, or in a suggested deletion", () => {
      for (const [needle, result] of [
        ["The n", "The nQew Contractor shall pay."],
        ["The new ", "The new QContractor shall pay."],
        ["The ", "The Qnew Contractor shall pay."],
        ["Contractor sh", "The new Contractor shQall pay."],
      ]) {
        const editor = makeEditor(pending, "u-app", false);
        editor.commands.setTextSelection(after(editor, needle!));
        type(editor, "Q");
        expect(editor.state.doc.textContent).toBe(result);
        expect(reviewerText(editor)).toEqual({ inserted: "new ", deleted: "shall" });
      }
    });

    it("never joins it when suggesting either: the approver's typing is their own suggestion", () => {
      const editor = makeEditor(pending, "u-app", true);
      editor.commands.setTextSelection(after(editor, "The ne"));
      type(editor, "ZZ");
      expect(reviewerText(editor)).toEqual({ inserted: "new ", deleted: "shall" });
      expect(marksIn(editor, "suggestionInsert").filter((m) => m.authorId === "u-app").map((m) => m.text)).toEqual(["ZZ"]);
    });

    it("drops others' suggestion marks from pasted content, keeps the user's own", () => {
      const editor = makeEditor("<p>Pay.</p>", "u-app", false);
      editor.commands.setTextSelection(1);
      editor.commands.insertContent('<ins data-change-id="c-x" data-author-id="u-rev">copied </ins><ins data-change-id="c-y" data-author-id="u-app">mine </ins>');
      expect(marksIn(editor, "suggestionInsert").map((m) => m.text)).toEqual(["mine "]);
    });

    it("switches between Editing and Suggesting", () => {
      const editor = makeEditor("<p>Pay.</p>", "u-app", false);
      expect(isSuggesting(editor.state)).toBe(false);
      editor.commands.setTextSelection(1);
      type(editor, "Now ");
      expect(marksIn(editor, "suggestionInsert")).toEqual([]);
      editor.view.dispatch(setSuggesting(editor.state, true));
      expect(isSuggesting(editor.state)).toBe(true);
      type(editor, "then ");
      expect(marksIn(editor, "suggestionInsert").map((m) => [m.text, m.authorId])).toEqual([["then ", "u-app"]]);
      expect(proposedDocText(editor.state.doc)).toBe("Now then Pay.");
    });
  });
});
