// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import { createEditorExtensions } from "@clausewise/shared/editor";
import { authorColorsPlugin, nextSuggestion, suggestionsIn } from "./navigation";
import { Extension } from "@tiptap/core";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

const content =
  '<p>Alpha <ins data-change-id="a" data-author-id="u1" data-author-name="Rae">one </ins>bravo <del data-change-id="b" data-author-id="u2" data-author-name="Sam">two</del>.</p>' +
  '<p><ins data-change-id="a" data-author-id="u1">more</ins> charlie.</p>';

function makeEditor() {
  const colors = Extension.create({ name: "colors", addProseMirrorPlugins: () => [authorColorsPlugin((id) => (id === "u1" ? "#111111" : "#222222"))] });
  const editor = new Editor({ extensions: [...createEditorExtensions(), colors], content });
  editors.push(editor);
  return editor;
}

describe("suggestion navigation", () => {
  it("lists one entry per suggestion in document order, and steps through them both ways, wrapping", () => {
    const editor = makeEditor();
    const doc = editor.state.doc;
    const list = suggestionsIn(doc);
    expect(list.map((s) => [s.changeId, s.authorName])).toEqual([
      ["a", "Rae"],
      ["b", "Sam"],
    ]);
    const [a, b] = list;
    expect(doc.textBetween(a!.from, a!.from + 4)).toBe("one ");
    expect(nextSuggestion(doc, 0, 1)?.changeId).toBe("a");
    expect(nextSuggestion(doc, a!.from, 1)?.changeId).toBe("b");
    expect(nextSuggestion(doc, b!.to, 1)?.changeId).toBe("a");
    expect(nextSuggestion(doc, 0, -1)?.changeId).toBe("b");
    expect(suggestionsIn(doc)).toBe(list);
  });

  it("shows each author's suggestions in their colour", () => {
    const editor = makeEditor();
    const styled = [...editor.view.dom.querySelectorAll<HTMLElement>(".cw-author")].map((el) => [el.textContent, el.style.getPropertyValue("--cw-author")]);
    expect(styled).toEqual([
      ["one ", "#111111"],
      ["two", "#222222"],
      ["more", "#111111"],
    ]);
  });

  it("lists a suggested paragraph break (a new paragraph with nothing typed yet) as a suggestion", () => {
    const brk = JSON.stringify({ kind: "insert", changeId: "c", authorId: "u2", authorName: "Sam", createdAt: null });
    const editor = new Editor({ extensions: createEditorExtensions(), content: `<p>First.</p><p data-suggested-break='${brk}'>Second.</p>` });
    editors.push(editor);
    const list = suggestionsIn(editor.state.doc);
    expect(list.map((s) => [s.changeId, s.authorName, s.from])).toEqual([["c", "Sam", 9]]);
    expect(editor.view.dom.querySelector("p.suggested-break-insert")?.textContent).toBe("Second.");
  });

  it("keeps positions right after an edit in another block (runs are kept per block)", () => {
    const editor = makeEditor();
    const before = suggestionsIn(editor.state.doc);
    // Text typed at the start of the second paragraph: the first block's runs are reused as they were.
    const second = editor.state.doc.child(0).nodeSize + 1;
    editor.view.dispatch(editor.state.tr.insertText("New ", second));
    const doc = editor.state.doc;
    const after = suggestionsIn(doc);
    expect(after).not.toBe(before);
    expect(after.map((s) => [s.changeId, s.from])).toEqual([
      ["a", before[0]!.from],
      ["b", before[1]!.from],
    ]);
    // "a" continues into the second paragraph ("more"), now four positions further on.
    expect(after[0]!.to).toBe(before[0]!.to + 4);
    expect(doc.textBetween(after[0]!.to - 4, after[0]!.to)).toBe("more");
    const styled = [...editor.view.dom.querySelectorAll<HTMLElement>(".cw-author")].map((el) => el.textContent);
    expect(styled).toEqual(["one ", "two", "more"]);
    // Text typed in the first paragraph moves everything after it.
    editor.view.dispatch(editor.state.tr.insertText("Zz ", 1));
    expect(suggestionsIn(editor.state.doc).map((s) => [s.changeId, s.from])).toEqual([
      ["a", before[0]!.from + 3],
      ["b", before[1]!.from + 3],
    ]);
    expect(editor.state.doc.textBetween(suggestionsIn(editor.state.doc)[1]!.from, suggestionsIn(editor.state.doc)[1]!.to)).toBe("two");
  });
});

