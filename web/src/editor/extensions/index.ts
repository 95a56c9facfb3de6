import { Extension, type Extensions } from "@tiptap/core";
import { Collaboration } from "@tiptap/extension-collaboration";
import { CollaborationCaret } from "@tiptap/extension-collaboration-caret";
import type * as Y from "yjs";
import type { Awareness } from "y-protocols/awareness";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { createEditorExtensions } from "@clausewise/shared/editor";
import { ClickCaret } from "./click-caret";
import { DocumentEdges } from "./document-edges";
import { BlockWindowing } from "./block-window";
import { FindReplace } from "./find-replace";
import { authorColorsPlugin } from "../suggestions/navigation";
import { colorForUser } from "../collab/presence";

/** Suggestions shown in their author's colour, for everyone who sees the document. */
const SuggestionColors = Extension.create({
  name: "suggestionColors",
  addProseMirrorPlugins: () => [authorColorsPlugin(colorForUser)],
});
import { EditingGuard, UndoLimits } from "./guards";

export interface EditorSetup {
  ydoc: Y.Doc;
  awareness: Awareness;
  user: { id: string; name: string; color: string };
  extra: Extensions;
}

/** A caret with the person's name; the label is text (never HTML), coloured per user. */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const color = typeof user.color === "string" ? user.color : "#475569";
  const caret = document.createElement("span");
  caret.className = "collaboration-carets__caret";
  caret.style.borderColor = color;
  const label = document.createElement("span");
  label.className = "collaboration-carets__label";
  label.style.backgroundColor = color;
  label.textContent = typeof user.name === "string" ? user.name : "Someone";
  caret.append(label);
  return caret;
}

/**
 * The editor's extensions: the contract document's schema (shared, never initial content: the
 * server seeds the Y.Doc), bound to the Y.Doc's `default` fragment, with carets and presence over
 * awareness, collaborative undo limits, the read-only guard, find/replace and the clicked caret's
 * guard against remote re-renders (`click-caret.ts`), Ctrl+Home/End by ProseMirror
 * (`document-edges.ts`), then any extras.
 */
export function buildExtensions({ ydoc, awareness, user, extra }: EditorSetup): Extensions {
  return [
    ...createEditorExtensions(),
    Collaboration.configure({ document: ydoc, field: COLLAB_FRAGMENT }),
    // CollaborationCaret needs only the provider's awareness; the session owns the real provider.
    CollaborationCaret.configure({ provider: { awareness }, user, render: renderCaret }),
    UndoLimits,
    EditingGuard,
    FindReplace,
    SuggestionColors,
    ClickCaret,
    DocumentEdges,
    BlockWindowing,
    ...extra,
  ];
}
