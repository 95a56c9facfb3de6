import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { Eye, EyeOff, FilePenLine, MessageSquarePlus, TextCursorInput, X } from "lucide-react";
import clsx from "clsx";
import type { DocumentBlock, DocumentChange, Markup } from "@clausewise/shared";
import { truncate } from "../../lib/apply-preview";
import { BLOCK_ATTR, blockIndexAt, currentSelection, segmentBlock, type DocSelection } from "../../lib/document-selection";
import { sectionLabel } from "../analysis/labels";
import { RiskBadge } from "../analysis/RiskBadge";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Switch } from "../ui/switch";
import { Tooltip } from "../ui/tooltip";
import { AnnotatedBlock, FINDING_ATTR, HIGHLIGHT_ATTR, ROW_ATTR } from "./AnnotatedBlock";
import { DOCUMENT_TEXT_CLASS } from "./block-style";
import { FINDING_SWATCH_STYLES, FINDING_TONE_LABELS, FINDING_TONES, findingTone, type DocumentFinding } from "./findings";
import { buildAnnotations, type ViewerHighlight } from "./highlights";
import { targetFromSelection, type ReviewTarget } from "./review-target";

export type ReviewAction = "markup" | "change";

interface DocumentViewerProps {
  blocks: DocumentBlock[];
  plainText: string;
  markups: readonly Markup[];
  changes: readonly DocumentChange[];
  /** What the open markup or change panel is about, shown highlighted. */
  target: ReviewTarget | null;
  canComment: boolean;
  canSuggest: boolean;
  onAction: (action: ReviewAction, target: ReviewTarget) => void;
  /** The live selection in the document (null when there is none), for the open panel. */
  onSelectionChange?: (selection: DocSelection | null) => void;
  /** Scroll to and briefly emphasise this range; a new `key` asks again. */
  reveal: { start: number; end: number; key: number } | null;
  /** The analysis's risks and advantages, located in this text: highlighted while `showFindings`. */
  findings?: readonly DocumentFinding[];
  /** "Show analysis highlights" (off by default, issue 17); without `onShowFindingsChange` the viewer keeps it. */
  showFindings?: boolean;
  onShowFindingsChange?: (show: boolean) => void;
}

const NO_FINDINGS: readonly DocumentFinding[] = [];

/** The findings card opened from a highlight: which findings, where, and what had focus before. */
interface FindingCard {
  ids: string[];
  top: number;
  left: number;
  from: HTMLElement;
}

const CARD_WIDTH = 320;

interface ToolbarPlace {
  top: number;
  left: number;
  below: boolean;
  caret: { top: number; left: number; height: number } | null;
}

type Granularity = "character" | "word" | "line" | "lineboundary";

function rectOf(range: Range): DOMRect | null {
  if (typeof range.getClientRects === "function") {
    const first = Array.from(range.getClientRects()).find((r) => r.height > 0) ?? range.getBoundingClientRect();
    if (first.height > 0 || first.width > 0) return first;
  }
  // A caret between elements has no box of its own (nor has any range where layout is not
  // available): use its element's.
  const node = range.startContainer;
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return element?.getBoundingClientRect() ?? null;
}

/**
 * The Document Viewer: the contract's blocks as text with markups and pending changes drawn on them.
 * Selecting text (mouse, or keyboard: focus a paragraph, then Shift+arrows) or placing a caret
 * offers "Add markup" and "Propose change"; with nothing selected, a markup is about the paragraph
 * that has focus. Positions are plain-text offsets (lib/document-selection).
 */
export function DocumentViewer({
  blocks,
  plainText,
  markups,
  changes,
  target,
  canComment,
  canSuggest,
  onAction,
  onSelectionChange,
  reveal,
  findings = NO_FINDINGS,
  showFindings: showFindingsProp,
  onShowFindingsChange,
}: DocumentViewerProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const [activeBlock, setActiveBlock] = useState(0);
  const [selection, setSelection] = useState<DocSelection | null>(null);
  const [place, setPlace] = useState<ToolbarPlace | null>(null);
  const [showChanges, setShowChanges] = useState(true);
  const [flash, setFlash] = useState<{ start: number; end: number } | null>(null);
  const [ownShowFindings, setOwnShowFindings] = useState(false);
  const showFindings = showFindingsProp ?? ownShowFindings;
  const setShowFindings = onShowFindingsChange ?? setOwnShowFindings;
  const [card, setCard] = useState<FindingCard | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const cardTitleId = useId();
  const findingsSwitchId = useId();
  const keysHintId = useId();
  const onSelectionChangeRef = useRef(onSelectionChange);
  useEffect(() => {
    onSelectionChangeRef.current = onSelectionChange;
  }, [onSelectionChange]);

  const focusedBlock = Math.min(activeBlock, Math.max(blocks.length - 1, 0));

  const { highlights, paragraphNotes } = useMemo(
    () =>
      buildAnnotations({
        markups,
        changes,
        textLength: plainText.length,
        blockCount: blocks.length,
        showChanges,
        target,
        flash,
        findings: showFindings ? findings : NO_FINDINGS,
      }),
    [markups, changes, plainText.length, blocks.length, showChanges, target, flash, showFindings, findings],
  );
  const byId = useMemo(() => new Map(highlights.map((h) => [h.id, h] as const)), [highlights]);
  const segmentsByBlock = useMemo(() => {
    const buckets = blocks.map(() => [] as ViewerHighlight[]);
    for (const h of highlights) {
      const first = blockIndexAt(blocks, h.start);
      const last = blockIndexAt(blocks, Math.max(h.end - 1, h.start));
      for (let i = Math.max(first, 0); i <= last; i++) buckets[i]?.push(h);
    }
    return blocks.map((block, i) => segmentBlock(block, buckets[i] ?? []));
  }, [blocks, highlights]);

  const hideToolbar = useCallback(() => {
    setSelection(null);
    setPlace(null);
    onSelectionChangeRef.current?.(null);
  }, []);

  // Follow the browser's selection: a drag is read once the button is released.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      const root = rootRef.current;
      const wrapper = wrapperRef.current;
      if (!root || !wrapper || dragging.current) return;
      const sel = currentSelection(root, blocks, plainText);
      if (!sel) {
        if (!toolbarRef.current?.contains(document.activeElement)) hideToolbar();
        return;
      }
      setSelection((current) => (current && current.start === sel.start && current.end === sel.end ? current : sel));
      if (!sel.collapsed) setCard(null);
      onSelectionChangeRef.current?.(sel);
      const domRange = document.getSelection()?.getRangeAt(0);
      const rect = domRange ? rectOf(domRange) : null;
      const box = wrapper.getBoundingClientRect();
      if (!rect) {
        setPlace(null);
        return;
      }
      const below = rect.top - box.top < 56;
      setPlace({
        top: below ? rect.bottom - box.top + 8 : rect.top - box.top - 8,
        left: Math.min(Math.max(rect.left + rect.width / 2 - box.left, 110), Math.max(box.width - 110, 110)),
        below,
        caret: sel.collapsed ? { top: rect.top - box.top, left: rect.left - box.left, height: rect.height || 20 } : null,
      });
      // Keyboard selection can run into the next paragraph: focus follows it.
      const focusNode = document.getSelection()?.focusNode;
      const focusElement = focusNode?.nodeType === Node.ELEMENT_NODE ? (focusNode as Element) : focusNode?.parentElement;
      const block = focusElement?.closest(`[${BLOCK_ATTR}]`);
      if (block instanceof HTMLElement && root.contains(document.activeElement) && !block.contains(document.activeElement)) {
        block.focus({ preventScroll: true });
      }
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    const release = () => {
      if (!dragging.current) return;
      dragging.current = false;
      schedule();
    };
    // New blocks (a refetch) move offsets: read the selection again against them.
    schedule();
    document.addEventListener("selectionchange", schedule);
    document.addEventListener("pointerup", release);
    document.addEventListener("pointercancel", release);
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", schedule);
      document.removeEventListener("pointerup", release);
      document.removeEventListener("pointercancel", release);
      window.removeEventListener("resize", schedule);
    };
  }, [blocks, plainText, hideToolbar]);

  // "Show in document": scroll to the range, focus its paragraph and emphasise it for a moment.
  useEffect(() => {
    if (!reveal) return;
    setFlash({ start: reveal.start, end: reveal.end });
    const index = blockIndexAt(blocks, reveal.start);
    setActiveBlock(Math.max(index, 0));
    const element = rootRef.current?.querySelector<HTMLElement>(`[${BLOCK_ATTR}="${index}"]`);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: "center", behavior: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    const timer = setTimeout(() => setFlash(null), 2500);
    return () => clearTimeout(timer);
    // Only a new request (key) reveals again, not a refetch of the blocks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.key]);

  // The findings of the open card, as highlighted now (none once highlights are off or the analysis changed).
  const cardFindings = useMemo(
    () => (card?.ids ?? []).flatMap((id) => {
      const h = byId.get(id);
      return h?.kind === "finding" ? [h.finding] : [];
    }),
    [card, byId],
  );
  const cardOpen = card !== null && cardFindings.length > 0;

  /** Opens the card of the findings quoted at `mark` (a highlighted piece); false when it quotes none. */
  const openFindings = (mark: HTMLElement): boolean => {
    const ids = (mark.getAttribute(HIGHLIGHT_ATTR) ?? "").split(" ").filter((id) => byId.get(id)?.kind === "finding");
    const wrapper = wrapperRef.current;
    if (ids.length === 0 || !wrapper) return false;
    const rect = mark.getBoundingClientRect();
    const box = wrapper.getBoundingClientRect();
    setCard({
      ids,
      top: rect.bottom - box.top + 6,
      left: Math.max(Math.min(rect.left - box.left, box.width - CARD_WIDTH - 8), 8),
      from: mark,
    });
    return true;
  };

  const closeCard = (restoreFocus: boolean) => {
    const from = card?.from;
    setCard(null);
    if (restoreFocus) {
      if (from?.isConnected) from.focus();
      else focusBlock(focusedBlock);
    }
  };

  // The card takes focus when it opens (its title is read), and closes on a press anywhere else.
  useEffect(() => {
    if (!cardOpen) return;
    cardRef.current?.focus({ preventScroll: true });
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!cardRef.current?.contains(event.target as Node)) setCard(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [cardOpen, card]);

  // A click on a highlighted finding (not the end of a drag that selected text) opens its card.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const mark = (event.target as Element).closest<HTMLElement>(`[${FINDING_ATTR}]`);
    if (!mark || !rootRef.current?.contains(mark)) return;
    const sel = document.getSelection();
    if (sel && !sel.isCollapsed) return;
    openFindings(mark);
  };

  const onCardKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      closeCard(true);
    }
  };

  const act = (action: ReviewAction, from: ReviewTarget) => {
    // The panel keeps the target and shows it highlighted; the browser's selection has done its job.
    document.getSelection()?.removeAllRanges();
    hideToolbar();
    onAction(action, from);
  };

  const focusBlock = (index: number) => {
    const next = Math.min(Math.max(index, 0), blocks.length - 1);
    setActiveBlock(next);
    rootRef.current?.querySelector<HTMLElement>(`[${BLOCK_ATTR}="${next}"]`)?.focus();
  };

  /** Moves or extends the selection like a caret would (Selection.modify), starting in the focused paragraph. */
  const caret = (alter: "move" | "extend", direction: "forward" | "backward", granularity: Granularity, block: Element) => {
    const sel = document.getSelection();
    const root = rootRef.current;
    if (!sel || !root || typeof sel.modify !== "function") return;
    if (sel.rangeCount === 0 || !root.contains(sel.focusNode)) {
      const start = document.createRange();
      start.selectNodeContents(block);
      start.collapse(direction === "forward");
      sel.removeAllRanges();
      sel.addRange(start);
      if (alter === "move") return;
    }
    sel.modify(alter, direction, granularity);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const finding = (event.target as Element).closest<HTMLElement>(`[${FINDING_ATTR}]`);
    if (finding && (event.key === "Enter" || event.key === " ") && !event.shiftKey && openFindings(finding)) {
      event.preventDefault();
      return;
    }
    const row = (event.target as Element).closest(`[${ROW_ATTR}]`);
    const block = row?.querySelector(`[${BLOCK_ATTR}]`);
    if (!row || !block) return;
    const index = Number(row.getAttribute(ROW_ATTR));
    const alter = event.shiftKey ? "extend" : "move";
    const byWord = event.ctrlKey || event.altKey || event.metaKey;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        handled();
        if (event.shiftKey) caret("extend", event.key === "ArrowDown" ? "forward" : "backward", "line", block);
        else {
          if (selection) document.getSelection()?.removeAllRanges();
          focusBlock(index + (event.key === "ArrowDown" ? 1 : -1));
        }
        break;
      case "ArrowLeft":
      case "ArrowRight":
        handled();
        caret(alter, event.key === "ArrowRight" ? "forward" : "backward", byWord ? "word" : "character", block);
        break;
      case "Home":
      case "End":
        handled();
        if (event.ctrlKey && !event.shiftKey) focusBlock(event.key === "Home" ? 0 : blocks.length - 1);
        else caret(alter, event.key === "End" ? "forward" : "backward", "lineboundary", block);
        break;
      case "Escape":
        if (selection) {
          handled();
          document.getSelection()?.removeAllRanges();
          hideToolbar();
        }
        break;
      case "Enter":
        if (place && toolbarRef.current) {
          handled();
          toolbarRef.current.querySelector<HTMLElement>("button")?.focus();
        }
        break;
    }
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = (event.target as Element).closest(`[${ROW_ATTR}]`);
    if (row) setActiveBlock(Number(row.getAttribute(ROW_ATTR)));
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button === 0) dragging.current = true;
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(toolbarRef.current?.querySelectorAll<HTMLElement>("button") ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      hideToolbar();
      focusBlock(focusedBlock);
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  };

  const liveTarget = targetFromSelection(selection, focusedBlock);
  const selectionText = selection && !selection.collapsed ? selection.text : "";
  // A click on a finding leaves a caret there: its card, not "Insert here", is what was asked for.
  const showToolbar = place && selection && (selection.collapsed ? canSuggest && !cardOpen : canComment || canSuggest);
  const toneCounts = new Map(FINDING_TONES.map((tone) => [tone, findings.filter((f) => findingTone(f) === tone).length] as const));
  const announcement = selection
    ? selection.collapsed
      ? "Insertion point set."
      : `${selection.text.length} characters selected. Press Enter for markup and change actions.`
    : "";

  return (
    <div className="relative" ref={wrapperRef}>
      <div
        className="sticky top-0 z-10 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-t-lg border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:px-6"
        // Keep the document's selection when a button here is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {/* Above the actions, so that Shift+Tab from the text reaches "Add markup" first. */}
        {findings.length > 0 && (
          <div role="group" aria-label="Analysis highlights" className="flex w-full flex-wrap items-center gap-x-4 gap-y-1.5 border-b border-slate-100 pb-2 font-sans text-xs text-slate-600">
            <div className="flex items-center gap-2">
              <Switch id={findingsSwitchId} checked={showFindings} onCheckedChange={setShowFindings} className="scale-90" />
              <label htmlFor={findingsSwitchId} className="cursor-pointer font-medium text-slate-700">
                Show analysis highlights
              </label>
            </div>
            {showFindings && (
              <ul aria-label="Highlight colours" className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {FINDING_TONES.map((tone) => (
                  <li key={tone} className="flex items-center gap-1.5">
                    <span aria-hidden="true" className={clsx("inline-block h-3 w-[3px] rounded-full", FINDING_SWATCH_STYLES[tone])} />
                    {FINDING_TONE_LABELS[tone]} ({toneCounts.get(tone) ?? 0})
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p className="min-w-48 flex-1 truncate text-xs text-slate-500" aria-hidden="true">
          {selectionText
            ? `Selected: “${truncate(selectionText.replace(/\s+/g, " "), 80)}”`
            : selection
              ? `Insertion point in paragraph ${selection.startBlock + 1}`
              : canComment || canSuggest
                ? `Select text to mark it up or propose a change. Paragraph ${focusedBlock + 1} has focus.`
                : "You have read-only access to this contract."}
        </p>
        <div className="flex shrink-0 items-center gap-1.5">
          <Tooltip content={showChanges ? "Hide proposed changes in the text" : "Show proposed changes in the text"}>
            <Button variant="ghost" size="icon" className="size-8" aria-label="Show proposed changes" aria-pressed={showChanges} onClick={() => setShowChanges((v) => !v)}>
              {showChanges ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            </Button>
          </Tooltip>
          {canComment && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => act("markup", liveTarget)}
              disabled={blocks.length === 0}
              aria-label={liveTarget.kind === "range" ? undefined : `Add markup to paragraph ${liveTarget.block + 1}`}
            >
              <MessageSquarePlus aria-hidden="true" />
              Add markup
            </Button>
          )}
          {canSuggest && (
            <Button variant="secondary" size="sm" onClick={() => selection && act("change", liveTarget)} disabled={!selection}>
              <FilePenLine aria-hidden="true" />
              Propose change
            </Button>
          )}
        </div>
      </div>

      <article
        ref={rootRef}
        aria-label="Contract text"
        aria-describedby={keysHintId}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onPointerDown={onPointerDown}
        onClick={onClick}
        className={clsx("space-y-4 py-8 pr-6 pl-10 sm:py-10 sm:pr-12 sm:pl-12", DOCUMENT_TEXT_CLASS)}
      >
        {blocks.map((block, index) => (
          <AnnotatedBlock
            key={`${index}-${block.start}`}
            block={block}
            index={index}
            segments={segmentsByBlock[index] ?? []}
            byId={byId}
            notes={paragraphNotes.get(index)}
            active={index === focusedBlock}
          />
        ))}
      </article>
      <p id={keysHintId} className="sr-only">
        Up and Down arrows move between paragraphs. Shift with the arrow keys selects text; Left and Right place an insertion point.
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {cardOpen && (
        <div
          ref={cardRef}
          role="dialog"
          aria-labelledby={cardTitleId}
          tabIndex={-1}
          onKeyDown={onCardKeyDown}
          style={{ top: card.top, left: card.left, width: CARD_WIDTH }}
          className="absolute z-30 max-w-[calc(100%-1rem)] rounded-lg border border-slate-200 bg-white p-3 font-sans shadow-lg animate-fade-in focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id={cardTitleId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {cardFindings.length === 1 ? "Analysis finding" : `${cardFindings.length} analysis findings`}
            </h2>
            <Button variant="ghost" size="icon" className="size-7" aria-label="Close finding details" onClick={() => closeCard(true)}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-1 max-h-72 space-y-3 overflow-y-auto">
            {cardFindings.map((finding) => {
              const where = sectionLabel(finding.section);
              return (
                <li key={finding.id} className="space-y-1">
                  <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                    <h3 className="min-w-0 flex-1 text-sm font-medium text-slate-900">{finding.title}</h3>
                    {finding.kind === "advantage" ? <Badge tone="success">Advantage</Badge> : <RiskBadge level={finding.riskLevel} />}
                  </div>
                  {where && <p className="text-[0.7rem] font-medium tracking-wide text-slate-500 uppercase">{where}</p>}
                  {finding.description && <p className="text-xs text-slate-700">{finding.description}</p>}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {showToolbar && place.caret && (
        <span aria-hidden="true" className="pointer-events-none absolute w-0.5 animate-pulse bg-brand-600" style={{ top: place.caret.top, left: place.caret.left, height: place.caret.height }} />
      )}
      {showToolbar && (
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label="Selection actions"
          onKeyDown={onToolbarKeyDown}
          onMouseDown={(event) => event.preventDefault()}
          style={{ top: place.top, left: place.left }}
          className={clsx(
            "absolute z-20 flex -translate-x-1/2 gap-1 rounded-lg border border-slate-200 bg-white p-1 font-sans shadow-lg animate-fade-in",
            !place.below && "-translate-y-full",
          )}
        >
          {!selection.collapsed && canComment && (
            <Button size="sm" variant="ghost" onClick={() => act("markup", liveTarget)}>
              <MessageSquarePlus aria-hidden="true" />
              Add markup
            </Button>
          )}
          {canSuggest && (
            <Button size="sm" variant="ghost" onClick={() => act("change", liveTarget)}>
              {selection.collapsed ? <TextCursorInput aria-hidden="true" /> : <FilePenLine aria-hidden="true" />}
              {selection.collapsed ? "Insert here" : "Propose change"}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
