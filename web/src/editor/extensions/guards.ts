import { Extension } from "@tiptap/core";
import { isChangeOrigin } from "@tiptap/extension-collaboration";
import { Plugin, PluginKey, type EditorState } from "@tiptap/pm/state";
import type { UndoManager } from "yjs";
import { UNDO_CAPTURE_MS, UNDO_MAX_ENTRIES } from "../lib/constants";

/**
 * Blocks local changes to the document while the editor is not editable (View Mode, View Only,
 * before the document loaded). ProseMirror's `editable` only stops typing; commands, the toolbar
 * and paste would still dispatch. Changes that arrive from Yjs (other people, undo) always apply.
 */
export const EditingGuard = Extension.create({
  name: "editingGuard",
  // Above Collaboration (1000), so its Mod-z / Mod-y do not run in View Mode.
  priority: 1100,
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey("editingGuard"),
        filterTransaction: (tr) => !tr.docChanged || isChangeOrigin(tr) || editor.isEditable,
      }),
    ];
  },
  addKeyboardShortcuts() {
    const swallowWhenReadOnly = () => !this.editor.isEditable;
    return { "Mod-z": swallowWhenReadOnly, "Mod-y": swallowWhenReadOnly, "Shift-Mod-z": swallowWhenReadOnly };
  },
});

interface UndoPluginState {
  undoManager?: UndoManager;
}

/** The Yjs undo manager of the Collaboration extension (its plugin key is `y-undo$`). */
export function findUndoManager(state: EditorState): UndoManager | null {
  for (const plugin of state.plugins) {
    if ((plugin as unknown as { key: string }).key.startsWith("y-undo$")) {
      return (plugin.getState(state) as UndoPluginState | undefined)?.undoManager ?? null;
    }
  }
  return null;
}

/**
 * Spec §9 undo history: edits within 1000 ms are one step, at most 50 steps. Collaboration's
 * undo manager tracks only this editor's own changes, so undo never reverts someone else's work.
 */
export const UndoLimits = Extension.create<Record<string, never>, { dispose: (() => void) | null }>({
  name: "undoLimits",
  onCreate() {
    const manager = findUndoManager(this.editor.state);
    if (!manager) return;
    manager.captureTimeout = UNDO_CAPTURE_MS;
    const trim = () => {
      if (manager.undoStack.length > UNDO_MAX_ENTRIES) manager.undoStack.splice(0, manager.undoStack.length - UNDO_MAX_ENTRIES);
    };
    manager.on("stack-item-added", trim);
    this.storage.dispose = () => manager.off("stack-item-added", trim);
  },
  addStorage() {
    return { dispose: null };
  },
  onDestroy() {
    this.storage.dispose?.();
  },
});
