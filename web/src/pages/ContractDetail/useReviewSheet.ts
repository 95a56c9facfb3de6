import { useCallback, useMemo, useRef, useState } from "react";
import { MARKUP_TYPES, type DocumentBlock } from "@clausewise/shared";
import { EMPTY_CHANGE_DRAFT, type ChangeDraft } from "../../components/document/ProposeChangeSheet";
import { EMPTY_MARKUP_DRAFT, type MarkupDraft } from "../../components/document/MarkupSheet";
import { relocateTarget, type ReviewTarget } from "../../components/document/review-target";
import { BLOCK_ATTR } from "../../lib/document-selection";
import { useStoredState } from "./useStoredState";

export type Sheet = { kind: "markup"; target: ReviewTarget } | { kind: "change"; target: Extract<ReviewTarget, { kind: "range" | "caret" }> } | { kind: "markups" };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isMarkupDraft = (value: unknown): value is MarkupDraft =>
  isObject(value) && typeof value.content === "string" && (MARKUP_TYPES as readonly unknown[]).includes(value.type);
const isChangeDraft = (value: unknown): value is ChangeDraft =>
  isObject(value) && (value.changeType === "replace" || value.changeType === "delete") && typeof value.newText === "string" && typeof value.comment === "string";

/**
 * The side sheet of the contract page (add markup, propose change, all markups) and the drafts
 * typed into it. Drafts outlive the sheet: closing it (×, Escape), switching between the two forms
 * or reloading the tab keeps them; only Save/Submit or a confirmed Cancel clears one. The target is
 * followed through document changes (relocateTarget) and marked stale when its text is gone.
 */
export function useReviewSheet(contractId: string, blocks: readonly DocumentBlock[], plainText: string) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [markupDraft, setMarkupDraft] = useStoredState("session", `clausewise.draft.${contractId}.markup`, EMPTY_MARKUP_DRAFT, isMarkupDraft);
  const [changeDraft, setChangeDraft] = useStoredState("session", `clausewise.draft.${contractId}.change`, EMPTY_CHANGE_DRAFT, isChangeDraft);
  const returnFocus = useRef<{ element: HTMLElement | null; block: number | null }>({ element: null, block: null });

  const located = useMemo(() => (sheet && sheet.kind !== "markups" ? relocateTarget(sheet.target, plainText, blocks) : null), [sheet, plainText, blocks]);

  const open = useCallback((next: Sheet) => {
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    returnFocus.current = { element: active, block: next.kind === "markups" ? null : next.target.block };
    setSheet(next);
  }, []);

  const retarget = useCallback((target: ReviewTarget) => {
    setSheet((current) => {
      if (!current || current.kind === "markups") return current;
      if (current.kind === "change") return target.kind === "paragraph" ? current : { kind: "change", target };
      return { kind: "markup", target };
    });
  }, []);

  const close = useCallback(() => setSheet(null), []);
  const finish = useCallback(() => {
    if (sheet?.kind === "markup") setMarkupDraft(EMPTY_MARKUP_DRAFT);
    if (sheet?.kind === "change") setChangeDraft(EMPTY_CHANGE_DRAFT);
    setSheet(null);
  }, [sheet, setMarkupDraft, setChangeDraft]);

  /**
   * Focus goes back to where it was when the sheet opened, or, when that is gone (the selection
   * toolbar), to the paragraph the markup or change is about.
   */
  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    const { element, block } = returnFocus.current;
    const fallback = block === null ? null : document.querySelector<HTMLElement>(`[${BLOCK_ATTR}="${block}"]`);
    const target = element?.isConnected ? element : fallback;
    target?.focus({ preventScroll: true });
  }, []);

  return { sheet, located, open, retarget, close, finish, restoreFocus, markupDraft, setMarkupDraft, changeDraft, setChangeDraft };
}
