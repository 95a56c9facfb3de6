// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import { createEditorExtensions } from "@clausewise/shared/editor";
import { DocumentEdges } from "./document-edges";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function makeEditor() {
  const editor = new Editor({ extensions: [...createEditorExtensions(), DocumentEdges], content: "<p>First block.</p><p>Middle block.</p><p>Last block.</p>" });
  editors.push(editor);
  return editor;
}

/** A key press as the editor's keymaps see it (jsdom has no layout, so the scroll is not looked at). */
function press(editor: Editor, key: string, modifiers: { shift?: boolean } = {}): boolean {
  const event = new KeyboardEvent("keydown", { key, ctrlKey: true, shiftKey: Boolean(modifiers.shift), bubbles: true, cancelable: true });
  return editor.view.someProp("handleKeyDown", (handle) => handle(editor.view, event)) ?? false;
}

describe("Ctrl+Home and Ctrl+End", () => {
  it("put the caret at the very end and start of the document, and select to them with Shift", () => {
    const editor = makeEditor();
    const view = editor.view;
    // jsdom cannot measure for the scroll into view.
    view.coordsAtPos = () => ({ left: 0, right: 0, top: 0, bottom: 0 });
    editor.commands.setTextSelection(3);
    expect(press(editor, "End")).toBe(true);
    const end = editor.state.doc.content.size - 1;
    expect(editor.state.selection.empty).toBe(true);
    expect(editor.state.selection.head).toBe(end);
    expect(editor.state.doc.textBetween(editor.state.selection.head - 6, editor.state.selection.head)).toBe("block.");

    expect(press(editor, "Home")).toBe(true);
    expect(editor.state.selection.head).toBe(1);

    editor.commands.setTextSelection(3);
    expect(press(editor, "End", { shift: true })).toBe(true);
    expect([editor.state.selection.anchor, editor.state.selection.head]).toEqual([3, end]);
    expect(press(editor, "Home", { shift: true })).toBe(true);
    expect([editor.state.selection.anchor, editor.state.selection.head]).toEqual([3, 1]);
  });
});
