import { Extension } from "@tiptap/core";
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

/**
 * The caret lands where the user clicked, even while a colleague types (y-prosemirror #146).
 *
 * A click moves the browser's selection at once, but ProseMirror reads it only on the next
 * `selectionchange` task. A remote Yjs update handled in between makes y-prosemirror re-render the
 * document and restore the selection it knew, which is the previous caret, and ProseMirror writes
 * that back into the DOM over the click. Which of the paths wins depends on timing, so instead of
 * racing them this plugin remembers the click as a Yjs relative position (it survives the remote
 * re-render) and, when a remote update arrived during the click, puts the caret back where the user
 * clicked. It never acts on drags, double clicks, modified clicks, node selections, or once the
 * user has typed or moved the caret themselves.
 */

/** How long after the button is released a remote re-render may still undo the click. */
export const CLICK_REPAIR_WINDOW_MS = 400;
/** A press that moved further than this is a drag (a range selection), left alone. */
const DRAG_DISTANCE_PX = 4;

interface PendingClick {
  /** The clicked place in the Yjs model. */
  position: Y.RelativePosition;
  x: number;
  y: number;
  /** The button is still down. */
  pressed: boolean;
  /** A remote update re-rendered the document since the press. */
  remoteSincePress: boolean;
  /** After this time (ms since epoch) the click is no longer guarded. */
  until: number;
}

const clickCaretKey = new PluginKey("clickCaret");

type SyncBinding = { type: Y.XmlFragment; doc: Y.Doc; mapping: Map<Y.AbstractType<unknown>, unknown> };

function syncBinding(state: EditorState): SyncBinding | null {
  const sync = ySyncPluginKey.getState(state) as { binding?: SyncBinding | null } | undefined;
  return sync?.binding ?? null;
}

const isRemote = (tr: Transaction): boolean => Boolean((tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin);

/** The clicked place as a document position now, or null when it cannot be resolved. */
function clickedPosition(state: EditorState, click: PendingClick): number | null {
  const binding = syncBinding(state);
  if (!binding) return null;
  const pos = relativePositionToAbsolutePosition(binding.doc, binding.type, click.position, binding.mapping as never);
  if (pos === null || pos < 0 || pos > state.doc.content.size) return null;
  return pos;
}

/** A transaction putting an empty caret at the click, or null when the caret is there already (or cannot be). */
function repair(state: EditorState, click: PendingClick): Transaction | null {
  if (!(state.selection instanceof TextSelection) || !state.selection.empty) return null;
  const pos = clickedPosition(state, click);
  if (pos === null || state.selection.head === pos) return null;
  const $pos = state.doc.resolve(pos);
  if (!$pos.parent.inlineContent) return null;
  return state.tr.setSelection(TextSelection.create(state.doc, pos)).setMeta(clickCaretKey, "repair").setMeta("addToHistory", false);
}

export function clickCaretPlugin(): Plugin {
  let pending: PendingClick | null = null;
  let timers: ReturnType<typeof setTimeout>[] = [];

  const clearTimers = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  const forget = () => {
    pending = null;
    clearTimers();
  };
  const live = (): PendingClick | null => {
    if (pending && !pending.pressed && Date.now() > pending.until) forget();
    return pending;
  };
  /** After the press: if a remote update came in meanwhile and the caret is not at the click, put it there. */
  const check = (view: EditorView) => {
    const click = live();
    if (!click || click.pressed || !click.remoteSincePress) return;
    const tr = repair(view.state, click);
    if (tr) view.dispatch(tr);
  };

  return new Plugin({
    key: clickCaretKey,
    props: {
      handleDOMEvents: {
        mousedown(view, event) {
          forget();
          if (event.button !== 0 || event.detail > 1 || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
          const binding = syncBinding(view.state);
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
          if (!binding || !at || at.inside >= 0 && !view.state.doc.resolve(at.pos).parent.inlineContent) return false;
          pending = {
            position: absolutePositionToRelativePosition(at.pos, binding.type, binding.mapping as never),
            x: event.clientX,
            y: event.clientY,
            pressed: true,
            remoteSincePress: false,
            until: Number.POSITIVE_INFINITY,
          };
          return false;
        },
        mouseup(view, event) {
          const click = pending;
          if (!click?.pressed) return false;
          if (Math.hypot(event.clientX - click.x, event.clientY - click.y) > DRAG_DISTANCE_PX) {
            forget();
            return false;
          }
          click.pressed = false;
          click.until = Date.now() + CLICK_REPAIR_WINDOW_MS;
          // After ProseMirror has read the click (its mouseup handler, then the selectionchange task).
          timers = [0, 50].map((delay) => setTimeout(() => check(view), delay));
          return false;
        },
        keydown() {
          forget();
          return false;
        },
      },
    },
    appendTransaction(transactions, _before, state) {
      const click = live();
      if (!click) return null;
      if (transactions.some((tr) => tr.getMeta(clickCaretKey) === "repair")) return null;
      const remote = transactions.some(isRemote);
      if (!remote) {
        // The user's own edit, or their own caret moving away from the click: the guard is done.
        const moved = transactions.some((tr) => tr.docChanged || (tr.selectionSet && !(tr.selection.empty && tr.selection.head === clickedPosition(state, click))));
        if (moved && !click.pressed) forget();
        return null;
      }
      click.remoteSincePress = true;
      // While the button is down, the press may still become a drag; the mouseup check repairs.
      return click.pressed ? null : repair(state, click);
    },
    view: () => ({ destroy: forget }),
  });
}

/** The editor extension (web/src/editor/extensions/index.ts) that keeps the caret where the user clicked. */
export const ClickCaret = Extension.create({
  name: "clickCaret",
  addProseMirrorPlugins: () => [clickCaretPlugin()],
});
