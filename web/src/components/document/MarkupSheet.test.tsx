// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { DocumentBlock } from "@clausewise/shared";
import { documentPlainText } from "../../lib/document-selection";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { canSaveMarkup, EMPTY_MARKUP_DRAFT, MarkupSheet, type MarkupDraft } from "./MarkupSheet";
import { changeProblem, EMPTY_CHANGE_DRAFT } from "./ProposeChangeSheet";
import type { ReviewTarget } from "./review-target";

const wait = { timeout: 5000 };
const blocks: DocumentBlock[] = [
  { kind: "heading", level: 2, text: "3. PAYMENT", start: 0 },
  { kind: "paragraph", text: "The Owner shall pay within twenty-eight (28) days.", start: 11 },
];
const plainText = documentPlainText(blocks);
const start = plainText.indexOf("twenty-eight (28) days");
const rangeTarget: ReviewTarget = { kind: "range", start, end: start + 22, text: "twenty-eight (28) days", block: 1 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function Harness({ target, onFinish = () => {} }: { target: ReviewTarget; onFinish?: () => void }) {
  const [draft, setDraft] = useState<MarkupDraft>(EMPTY_MARKUP_DRAFT);
  return (
    <MarkupSheet
      contractId="c-1"
      target={target}
      stale={false}
      live={null}
      blocks={blocks}
      plainText={plainText}
      draft={draft}
      onDraftChange={setDraft}
      onRetarget={() => {}}
      onClose={() => {}}
      onFinish={onFinish}
    />
  );
}

describe("canSaveMarkup", () => {
  it("needs text that is not blank", () => {
    expect(canSaveMarkup("")).toBe(false);
    expect(canSaveMarkup("   \n\t")).toBe(false);
    expect(canSaveMarkup(" ok ")).toBe(true);
  });
});

describe("MarkupSheet", () => {
  it("keeps Save disabled until the text is not blank, then saves it trimmed with the selected range", async () => {
    const onFinish = vi.fn();
    const { calls } = fakeApi({ "POST /api/contracts/c-1/markups": { status: 201, body: { id: "m-9" } } });
    renderWithProviders(<Harness target={rangeTarget} onFinish={onFinish} />);
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    const text = screen.getByLabelText("Markup text");
    expect(screen.getByText("“twenty-eight (28) days”")).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(text, { target: { value: "    " } });
    expect(save.disabled).toBe(true);
    fireEvent.change(text, { target: { value: "  Flow down 28 days.  " } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText("Your markup has been saved successfully.", undefined, wait)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ type: "comment", content: "Flow down 28 days.", position: { paragraph: 1, start, end: start + 22 } });
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
  });

  it("marks up the paragraph with focus when nothing is selected", async () => {
    const { calls } = fakeApi({ "POST /api/contracts/c-1/markups": { status: 201, body: { id: "m-9" } } });
    renderWithProviders(<Harness target={{ kind: "paragraph", block: 0 }} />);
    expect(screen.getByText("Paragraph 1")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Markup text"), { target: { value: "Heading numbering is off." } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Markup added", undefined, wait);
    expect(calls[0]?.body).toMatchObject({ position: { paragraph: 0 } });
  });

  it("keeps the text and says so when saving fails", async () => {
    fakeApi({ "POST /api/contracts/c-1/markups": { status: 500, body: { error: "internal", message: "boom" } } });
    renderWithProviders(<Harness target={rangeTarget} />);
    fireEvent.change(screen.getByLabelText("Markup text"), { target: { value: "Keep me" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to add markup. Please try again.", undefined, wait)).toBeTruthy();
    expect((screen.getByLabelText("Markup text") as HTMLTextAreaElement).value).toBe("Keep me");
  });
});

describe("changeProblem", () => {
  it("needs new text unless the change deletes", () => {
    expect(changeProblem(rangeTarget, EMPTY_CHANGE_DRAFT)).toBe("Enter the new text.");
    expect(changeProblem(rangeTarget, { ...EMPTY_CHANGE_DRAFT, newText: "  " })).toBe("Enter the new text.");
    expect(changeProblem(rangeTarget, { ...EMPTY_CHANGE_DRAFT, changeType: "delete" })).toBeNull();
    expect(changeProblem(rangeTarget, { ...EMPTY_CHANGE_DRAFT, newText: "21 days" })).toBeNull();
    expect(changeProblem(rangeTarget, { ...EMPTY_CHANGE_DRAFT, newText: "twenty-eight (28) days" })).toMatch(/same/);
    expect(changeProblem({ kind: "caret", start: 5, block: 0 }, EMPTY_CHANGE_DRAFT)).toBe("Enter the text to insert.");
  });
});
