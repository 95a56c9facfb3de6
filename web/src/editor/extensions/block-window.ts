import { Extension } from "@tiptap/core";
import { Plugin, PluginKey, type EditorState } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { ySyncPluginKey } from "@tiptap/y-tiptap";

/**
 * A long contract renders only the blocks near the viewport (issue 14, item 5: keydown-to-paint on
 * 300 pages). In a contenteditable, Chromium's own work per keystroke grows with the whole element:
 * the text-input state it sends for input methods is the plain text of the entire editable (a text
 * iterator over every block, twice per key), the typing command's forced layout walks every block
 * box, and pre-paint and the hover hit test visit them all. Blocks with `display: none` are none of
 * that. So from `WINDOW_MIN_BLOCKS` top-level blocks, every block outside a window around the
 * viewport (and the caret) is hidden by a style sheet of the editor's own, and two spacers (the
 * root's `::before` and `::after`) keep their measured height, so the scrollbar and the page do not
 * move. No node of ProseMirror's DOM is touched: the rule selects blocks by position
 * (`:nth-child`), so ProseMirror sees no mutation and the document is never re-rendered for it.
 *
 * The window follows scrolling (one update per frame, with slack so most scrolls change nothing),
 * and is moved to the selection before ProseMirror scrolls to it (plugin views update first), so a
 * jump (Ctrl+End, Next suggestion, Find) lands on a rendered block. The browser's own find bar
 * cannot see hidden text: a Ctrl+F (or F3) that the product's find panel did not take shows every
 * block until the next key typed in the editor.
 */

/** From this many top-level blocks (about 40 pages) the editor renders a window of them. */
export const WINDOW_MIN_BLOCKS = 400;
/** Blocks kept rendered beyond the visible band on each side, in viewport heights. */
const MARGIN_VIEWPORTS = 2;
/** Blocks kept rendered around the selection when the window moves to it. */
const AROUND_SELECTION = 40;
/** Height assumed for a block never measured (it was never rendered at this width). */
const DEFAULT_HEIGHT = 40;

export const blockWindowKey = new PluginKey<{ reveal: number | null }>("blockWindow");

let windows = 0;

class BlockWindow {
  private readonly style = document.createElement("style");
  /** Measured height of each block (the distance to the next block's top while both were rendered). */
  private heights = new WeakMap<Element, number>();
  /** The width the heights were measured at: another width wraps lines differently. */
  private width = 0;
  private readonly resized = new ResizeObserver(() => {
    if (this.view.dom.offsetWidth === this.width) return;
    this.width = this.view.dom.offsetWidth;
    // Every height is stale: all blocks are rendered once and measured again on the next frame.
    this.heights = new WeakMap();
    this.apply(null);
    this.schedule();
  });
  /** The rendered range of top-level children, inclusive; null: all are rendered. */
  private range: { first: number; last: number } | null = null;
  private revealAll = false;
  private frame = 0;

  constructor(
    private view: EditorView,
    readonly id: string,
  ) {
    this.style.dataset.blockWindow = this.id;
    document.head.append(this.style);
    document.addEventListener("scroll", this.onScroll, { capture: true, passive: true });
    window.addEventListener("resize", this.onScroll, { passive: true });
    window.addEventListener("keydown", this.onKeyDown);
    this.resized.observe(view.dom);
    this.schedule();
  }

  update(view: EditorView, previous: EditorState): void {
    this.view = view;
    const state = blockWindowKey.getState(view.state);
    if (state && state !== blockWindowKey.getState(previous) && state.reveal !== null) this.show(state.reveal);
    // Blocks added or removed shift the window's positions: it is placed again on the next frame.
    if (view.state.doc.childCount !== previous.doc.childCount) this.schedule();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    document.removeEventListener("scroll", this.onScroll, { capture: true });
    window.removeEventListener("resize", this.onScroll);
    window.removeEventListener("keydown", this.onKeyDown);
    this.resized.disconnect();
    this.style.remove();
  }

  /** Renders the block holding `pos` (and its neighbours) now, before anything measures or scrolls to it. */
  show(pos: number): void {
    const doc = this.view.state.doc;
    const index = doc.resolve(Math.max(0, Math.min(pos, doc.content.size))).index(0);
    if (!this.range || (index >= this.range.first && index <= this.range.last)) return;
    const count = this.view.dom.children.length;
    this.measure();
    this.apply(Math.max(0, index - AROUND_SELECTION), Math.min(count - 1, index + AROUND_SELECTION));
  }

  private readonly onScroll = () => this.schedule();

  private readonly onKeyDown = (event: KeyboardEvent) => {
    const find = ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "f") || event.key === "F3";
    if (find) {
      // After every other listener: the product's find panel takes Ctrl+F where it applies.
      setTimeout(() => {
        if (event.defaultPrevented) return;
        this.revealAll = true;
        this.apply(null);
      });
    } else if (this.revealAll && this.view.dom.contains(event.target as Node | null)) {
      this.revealAll = false;
      this.schedule();
    }
  };

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.follow();
    });
  }

  /** Moves the window to the viewport when the visible band is no longer well inside it. */
  private follow(): void {
    const root = this.view.dom;
    const children = root.children;
    const count = children.length;
    if (this.revealAll || count < WINDOW_MIN_BLOCKS || !root.isConnected || !this.alignedWithDocument()) {
      this.apply(null);
      return;
    }
    this.measure();
    const tops = this.tops();
    const rect = root.getBoundingClientRect();
    // The page is scaled by the zoom (a CSS transform); heights are layout pixels.
    const scale = root.offsetHeight > 0 && rect.height > 0 ? rect.height / root.offsetHeight : 1;
    const band = { top: -rect.top / scale, bottom: (window.innerHeight - rect.top) / scale };
    const margin = (window.innerHeight / scale) * MARGIN_VIEWPORTS;
    const needed = { first: indexAt(tops, band.top - margin / 2), last: indexAt(tops, band.bottom + margin / 2) };
    if (this.range && needed.first >= this.range.first && needed.last <= this.range.last) return;
    this.apply(indexAt(tops, band.top - margin), indexAt(tops, band.bottom + margin));
  }

  /** ProseMirror renders one DOM child per top-level node (a widget there, such as the gap cursor, breaks it: then nothing is hidden). */
  private alignedWithDocument(): boolean {
    return this.view.dom.children.length === this.view.state.doc.childCount;
  }

  /** Records the height of every rendered block (layout is read once, for all of them). */
  private measure(): void {
    const children = this.view.dom.children;
    const from = this.range?.first ?? 0;
    const to = Math.min(this.range?.last ?? children.length - 1, children.length - 1);
    let previous: HTMLElement | null = null;
    for (let i = from; i <= to; i++) {
      const child = children[i] as HTMLElement;
      if (previous) this.heights.set(previous, child.offsetTop - previous.offsetTop);
      previous = child;
    }
    if (previous) this.heights.set(previous, previous.offsetHeight);
  }

  /** The top of every block in the full document's layout (prefix sums of the heights), and its end. */
  private tops(): number[] {
    const children = this.view.dom.children;
    const tops = new Array<number>(children.length + 1);
    tops[0] = 0;
    for (let i = 0; i < children.length; i++) tops[i + 1] = tops[i]! + (this.heights.get(children[i]!) ?? DEFAULT_HEIGHT);
    return tops;
  }

  private apply(first: number | null, last = 0): void {
    const count = this.view.dom.children.length;
    if (first === null || (first <= 0 && last >= count - 1)) {
      this.range = null;
      this.style.textContent = "";
      return;
    }
    const tops = this.tops();
    this.range = { first, last };
    const root = `.ProseMirror[data-block-window="${this.id}"]`;
    this.style.textContent = [
      `${root} > :nth-child(-n+${first}), ${root} > :nth-child(n+${last + 2}) { display: none !important; }`,
      `${root}::before { content: ""; display: block; height: ${tops[first]}px; }`,
      `${root}::after { content: ""; display: block; height: ${tops[count]! - tops[last + 1]!}px; }`,
    ].join("\n");
  }
}

/** The block whose extent holds `y` (clamped to the document). */
function indexAt(tops: number[], y: number): number {
  let lo = 0;
  let hi = tops.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

const views = new WeakMap<EditorView, BlockWindow>();

/** Renders the block at `pos` at once (for code that scrolls to a decoration of it, such as Find). */
export function showPosition(view: EditorView, pos: number): void {
  views.get(view)?.show(pos);
}

export const BlockWindowing = Extension.create({
  name: "blockWindow",
  addProseMirrorPlugins() {
    const id = `w${++windows}`;
    return [
      new Plugin<{ reveal: number | null }>({
        key: blockWindowKey,
        state: {
          init: () => ({ reveal: null }),
          // What ProseMirror scrolls to (typing, a jump) is rendered first; a remote edit scrolls nothing.
          apply: (tr, value) => (tr.scrolledIntoView && !tr.getMeta(ySyncPluginKey) ? { reveal: tr.selection.head } : value),
        },
        props: { attributes: () => ({ "data-block-window": id }) },
        view: (view) => {
          const blocks = new BlockWindow(view, id);
          views.set(view, blocks);
          return { update: (v, previous) => blocks.update(v, previous), destroy: () => blocks.destroy() };
        },
      }),
    ];
  },
});
