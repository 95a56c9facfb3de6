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
});

