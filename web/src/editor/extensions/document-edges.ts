import { Extension } from "@tiptap/core";
import { Selection, TextSelection } from "@tiptap/pm/state";

const mac = typeof navigator !== "undefined" && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

/**
 * Ctrl+Home and Ctrl+End (Cmd+Up and Cmd+Down on a Mac; with Shift, selecting) moved by
 * ProseMirror, not by the browser. Blocks off screen are skipped by `content-visibility: auto`
 * (editor.css, for large contracts), and Chromium's own move to the end of the document stops at
 * the start of a skipped last block: what was typed next landed before the last paragraph.
 */
export const DocumentEdges = Extension.create({
  name: "documentEdges",
  addKeyboardShortcuts() {
    const move = (end: boolean, extend: boolean) => () => {
      const { state, view } = this.editor;
      const target = end ? Selection.atEnd(state.doc) : Selection.atStart(state.doc);
      const selection = extend ? TextSelection.between(state.selection.$anchor, target.$head) : target;
      view.dispatch(state.tr.setSelection(selection).scrollIntoView());
      return true;
    };
    return {
      "Mod-Home": move(false, false),
      "Mod-End": move(true, false),
      "Shift-Mod-Home": move(false, true),
      "Shift-Mod-End": move(true, true),
      ...(mac
        ? { "Mod-ArrowUp": move(false, false), "Mod-ArrowDown": move(true, false), "Shift-Mod-ArrowUp": move(false, true), "Shift-Mod-ArrowDown": move(true, true) }
        : {}),
    };
  },
});
