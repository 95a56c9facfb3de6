// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { DocumentBlock } from "@clausewise/shared";
import { documentPlainText } from "../../lib/document-selection";
import { DocumentViewer } from "./DocumentViewer";
import { makeChange, makeMarkup } from "./test-utils";

const blocks: DocumentBlock[] = [
  { kind: "heading", level: 2, text: "3. PAYMENT", start: 0 },
  { kind: "paragraph", text: "The Owner shall pay within twenty-eight (28) days.", start: 11 },
  { kind: "paragraph", text: "Holdback is ten percent.", start: 62 },
];
const plainText = documentPlainText(blocks);
const at = (phrase: string) => plainText.indexOf(phrase);

afterEach(() => {
  cleanup();
  document.getSelection()?.removeAllRanges();
});

function renderViewer(props: Partial<Parameters<typeof DocumentViewer>[0]> = {}) {
  const onAction = vi.fn();
  renderWithProviders(
    <DocumentViewer
      blocks={blocks}
      plainText={plainText}
      markups={[]}
      changes={[]}
      target={null}
      canComment
      canSuggest
      onAction={onAction}
      reveal={null}
      {...props}
    />,
  );
  return { onAction, article: screen.getByRole("article", { name: "Contract text" }) };
}

/** Selects `phrase` the way the browser would after a drag, and lets the viewer catch up. */
async function select(article: HTMLElement, phrase: string) {
  const block = Array.from(article.querySelectorAll("[data-block]")).find((el) => el.textContent?.includes(phrase))!;
  const text = Array.from(block.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(phrase)) as Text;
  const range = document.createRange();
  range.setStart(text, text.data.indexOf(phrase));
  range.setEnd(text, text.data.indexOf(phrase) + phrase.length);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  await act(async () => {
    document.dispatchEvent(new Event("selectionchange"));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe("DocumentViewer", () => {
  it("renders the blocks as text, never as HTML", () => {
    const { article } = renderViewer({ blocks: [{ kind: "paragraph", text: "<img src=x onerror=alert(1)>", start: 0 }], plainText: "<img src=x onerror=alert(1)>" });
    expect(article.querySelector("img")).toBeNull();
    expect(within(article).getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
  });

  it("highlights a markup's range and marks a paragraph markup on its paragraph", () => {
    const { article } = renderViewer({
      markups: [
        makeMarkup({ id: "m1", type: "flag", content: "Too short", position: { paragraph: 1, start: at("twenty-eight"), end: at("twenty-eight") + 22 } }),
        makeMarkup({ id: "m2", content: "Confirm holdback", position: { paragraph: 2 } }),
      ],
    });
    const mark = article.querySelector("mark")!;
    expect(mark.textContent).toBe("twenty-eight (28) days");
    expect(screen.getByRole("button", { name: "1 markup on this paragraph" })).toBeTruthy();
    // The highlight splits the text but the block still reads as one sentence.
    expect(article.querySelector("[data-block='1']")!.textContent).toBe(blocks[1]!.text);
  });

  it("shows a pending replacement Word-style, its new text kept out of the document's text", () => {
    const start = at("twenty-eight");
    const { article } = renderViewer({ changes: [makeChange({ position: JSON.stringify({ start, end: start + 22 }) })] });
    expect(within(article).getByText("twenty-one (21) days").closest("[data-doc-skip]")).toBeTruthy();
    expect(article.querySelector("mark")?.textContent).toBe("twenty-eight (28) days");
  });

  it("offers Add markup and Propose change for selected text, with its offsets", async () => {
    const { onAction, article } = renderViewer();
    await select(article, "twenty-eight (28) days");
    const toolbar = screen.getByRole("toolbar", { name: "Selection actions" });
    fireEvent.click(within(toolbar).getByRole("button", { name: "Propose change" }));
    expect(onAction).toHaveBeenCalledWith("change", { kind: "range", start: at("twenty-eight"), end: at("twenty-eight") + 22, text: "twenty-eight (28) days", block: 1 });
  });

  it("marks up the paragraph with focus when nothing is selected", () => {
    const { onAction, article } = renderViewer();
    act(() => article.querySelector<HTMLElement>("[data-block='2']")!.focus());
    fireEvent.click(screen.getByRole("button", { name: "Add markup to paragraph 3" }));
    expect(onAction).toHaveBeenCalledWith("markup", { kind: "paragraph", block: 2 });
  });

  it("moves between paragraphs with the arrow keys (one tab stop)", () => {
    const { article } = renderViewer();
    const first = article.querySelector<HTMLElement>("[data-block='0']")!;
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    const second = article.querySelector<HTMLElement>("[data-block='1']")!;
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
  });

  it("offers no change proposals to someone who may only comment", async () => {
    const { article } = renderViewer({ canSuggest: false });
    expect(screen.queryByRole("button", { name: "Propose change" })).toBeNull();
    await select(article, "Holdback");
    const toolbar = screen.getByRole("toolbar", { name: "Selection actions" });
    expect(within(toolbar).queryByRole("button", { name: "Propose change" })).toBeNull();
    expect(within(toolbar).getByRole("button", { name: "Add markup" })).toBeTruthy();
  });
});
