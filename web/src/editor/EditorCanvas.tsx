import { useEffect, useRef, useState } from "react";
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import clsx from "clsx";

/** The grey desk with the Letter-size page on it, scaled by the zoom (CSS transform). */
export function EditorCanvas({ editor, zoom, loading }: { editor: Editor; zoom: number; loading: boolean }) {
  const page = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const scale = zoom / 100;

  useEffect(() => {
    const element = page.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="cw-canvas relative min-h-96 flex-1 overflow-auto bg-slate-100 px-4 py-6 sm:py-8">
      <div className="cw-page-frame mx-auto" style={{ width: `calc(var(--cw-page-width) * ${scale})`, height: height === null ? undefined : height * scale }}>
        <div
          ref={page}
          className="cw-page"
          aria-busy={loading || undefined}
          style={{ transform: scale === 1 ? undefined : `scale(${scale})`, transformOrigin: "top left" }}
          onMouseDown={(event) => {
            // A click in the page's margin puts the cursor in the text, as in Word.
            if (event.target === event.currentTarget && editor.isEditable) {
              event.preventDefault();
              editor.commands.focus("end");
            }
          }}
        >
          {loading && (
            <p role="status" className="cw-loading text-sm text-slate-500">
              Loading the document...
            </p>
          )}
          <EditorContent editor={editor} className={clsx(loading && "invisible")} />
        </div>
      </div>
    </div>
  );
}
