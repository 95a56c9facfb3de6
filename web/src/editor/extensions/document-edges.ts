import { Extension } from "@tiptap/core";
import { Selection, TextSelection } from "@tiptap/pm/state";

const mac = typeof navigator !== "undefined" && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

/**
 * Ctrl+Home and Ctrl+End (Cmd+Up and Cmd+Down on a Mac; with Shift, selecting) moved by
 * ProseMirror, not by the browser. A long contract renders only a window of its blocks
 * (block-window.ts), and the browser's own move to the end of the document would stop at the last
 * block it renders; ProseMirror's move scrolls, and the window follows the selection.
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
