import { useCallback } from "react";
import type { Editor } from "@tiptap/core";

const ROOT_ID = "cw-print-root";

/**
 * Prints the document only (spec: Ctrl+P, print): a copy of the page's content goes into a print
 * root at the end of <body>, and the print stylesheet (editor.css) hides everything else while
 * <html> carries `cw-printing`. A copy, not the live page: no zoom, carets or search highlights.
 */
export function usePrint(editor: Editor | null) {
  return useCallback(() => {
    if (!editor) return;
    document.getElementById(ROOT_ID)?.remove();
    const root = document.createElement("div");
    root.id = ROOT_ID;
    root.setAttribute("aria-hidden", "true");
    const content = editor.view.dom.cloneNode(true) as HTMLElement;
    content.removeAttribute("contenteditable");
    // A long contract's editor renders only a window of its blocks (block-window.ts): the copy shows all.
    content.removeAttribute("data-block-window");
    // Carets are widgets (removed); remote selections and search matches are styled spans around
    // text, which the print stylesheet shows plain.
    content.querySelectorAll(".collaboration-carets__caret").forEach((n) => n.remove());
    root.append(content);
    document.body.append(root);
    document.documentElement.classList.add("cw-printing");
    const cleanUp = () => {
      document.documentElement.classList.remove("cw-printing");
      root.remove();
      window.removeEventListener("afterprint", cleanUp);
    };
    window.addEventListener("afterprint", cleanUp);
    try {
      window.print();
    } finally {
      // Most browsers block in print(); where they do not, afterprint cleans up instead.
      setTimeout(() => {
        if (!window.matchMedia?.("print").matches) cleanUp();
      }, 1000);
    }
  }, [editor]);
}
