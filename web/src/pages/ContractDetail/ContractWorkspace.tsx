import { useCallback, useMemo, useRef, useState } from "react";
import clsx from "clsx";
import { FileWarning, PanelRightClose, PanelRightOpen, RefreshCw } from "lucide-react";
import { isTextLocked, type ContractDetail, type DocumentBlock, type DocumentChange } from "@clausewise/shared";
import { useContractAnalysis } from "../../api/analysis";
import { useCurrentUser } from "../../api/auth";
import { useChanges } from "../../api/changes";
import { errorText } from "../../api/client";
import { useDocumentText } from "../../api/document-text";
import { useMarkups } from "../../api/markups";
import type { Quote } from "../../components/analysis/QuotedClause";
import type { SelectedText } from "../../components/analysis/TextAnalysisTools";
import { ChangesPanel } from "../../components/document/ChangesPanel";
import { DocumentViewer, type ReviewAction } from "../../components/document/DocumentViewer";
import { locateFindings, locateQuote } from "../../components/document/findings";
import { MarkupSheet } from "../../components/document/MarkupSheet";
import { MarkupsSheet } from "../../components/document/MarkupsSheet";
import { ProposeChangeSheet } from "../../components/document/ProposeChangeSheet";
import { ReadOnlyBlocks } from "../../components/document/ReadOnlyBlocks";
import { targetFromSelection, type ReviewTarget } from "../../components/document/review-target";
import { VersionsStrip } from "../../components/document/VersionsStrip";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { Tooltip } from "../../components/ui/tooltip";
import { parseChangeRange } from "../../lib/apply-preview";
import { toast } from "../../stores/toast";
import { documentPlainText, type DocSelection } from "../../lib/document-selection";
import { LazyCollaborativeEditor } from "../../editor/lazy";
import { htmlToTextBlocks } from "../../lib/html-text";
import { useRailTab, type RailTab } from "./rail-tabs";
import { useAnalysisHighlights, useRailOpen } from "./useStoredState";
import { useReviewSheet } from "./useReviewSheet";
import { WorkspaceHeader } from "./WorkspaceHeader";
import { RAIL_ID, WorkspaceRail } from "./WorkspaceRail";

type Tab = "viewer" | "changes" | "editor";
const NO_BLOCKS: DocumentBlock[] = [];
const NO_CHANGES: DocumentChange[] = [];

/**
 * The contract page once the contract is loaded, a workspace (issue 17): the header with the next
 * step, the document (versions and the three views) in the middle and the rail of panels beside
 * it. From xl (1280 px) the page fills the window and does not scroll; the document and the rail
 * scroll on their own. Narrower, one column: the document, then the rail.
 */
export function ContractWorkspace({ contract }: { contract: ContractDetail }) {
  const { abilities } = contract;
  // Approval locks the text (issue 14): no proposals or decisions on changes until it is reopened.
  const locked = isTextLocked(contract.status);
  const currentUser = useCurrentUser();
  const [railOpen, setRailOpen] = useRailOpen();
  const [railTab, setRailTab] = useRailTab();
  const railRef = useRef<HTMLElement>(null);
  const [tab, setTab] = useState<Tab>("viewer");
  const [live, setLive] = useState<DocSelection | null>(null);
  // The AI tools analyse the last text selected: pressing their button may collapse the live selection.
  const [selected, setSelected] = useState<SelectedText | null>(null);
  const [reveal, setReveal] = useState<{ start: number; end: number; key: number } | null>(null);
  const text = useDocumentText(contract.id);
  const markups = useMarkups(contract.id);
  const changes = useChanges(contract.id);
  // The same query as the AI Contract Analysis panel: its risks and advantages stay highlighted.
  const analysis = useContractAnalysis(contract.id);
  const [showFindings, setShowFindings] = useAnalysisHighlights(currentUser.data?.id ?? "anonymous");
  const blocks = text.data?.blocks ?? NO_BLOCKS;
  const plainText = useMemo(() => documentPlainText(blocks), [blocks]);
  const findings = useMemo(() => locateFindings(analysis.data, plainText), [analysis.data, plainText]);
  const fallbackBlocks = useMemo(() => (text.isSuccess ? [] : htmlToTextBlocks(contract.content)), [text.isSuccess, contract.content]);
  const review = useReviewSheet(contract.id, blocks, plainText);
  const { sheet, located } = review;
  const pendingCount = (changes.data ?? NO_CHANGES).filter((c) => c.status === "pending").length;
  const markupCount = markups.data?.length;
  const liveTarget = live ? targetFromSelection(live, live.startBlock) : null;

  const show = useCallback((range: { start: number; end: number }) => {
    setTab("viewer");
    setReveal({ ...range, key: Date.now() });
  }, []);

  // A quote of the analysis, an answer or a clause: shown where its words stand now (the text may
  // have changed since it was analysed), never at offsets that moved.
  const showQuote = useCallback(
    (quote: Quote) => {
      const range = locateQuote(quote, plainText);
      if (range) show(range);
      else toast({ title: "Not in the Current Text", description: "The quoted words are no longer in the contract: it changed after the analysis." });
    },
    [plainText, show],
  );

  const showChange = useCallback(
    (change: DocumentChange) => {
      const range = parseChangeRange(change.position);
      if (range) show(range);
    },
    [show],
  );

  const followSelection = useCallback((selection: DocSelection | null) => {
    setLive((current) => (current === selection || (current && selection && current.start === selection.start && current.end === selection.end) ? current : selection));
    if (selection && !selection.collapsed && selection.text.trim()) {
      const { start, end, text: selectedText } = selection;
      setSelected((current) => (current && current.start === start && current.end === end && current.text === selectedText ? current : { start, end, text: selectedText }));
    }
  }, []);

  const { open } = review;
  const onAction = useCallback(
    (action: ReviewAction, target: ReviewTarget) => {
      if (action === "markup") open({ kind: "markup", target });
      else if (target.kind !== "paragraph") open({ kind: "change", target });
    },
    [open],
  );

  const openMarkups = useCallback(() => open({ kind: "markups" }), [open]);
  const openTrackChanges = useCallback(() => setTab("changes"), []);
  // The header's next step opens its tab and takes the reader there (below the document on a phone).
  const goToTab = useCallback(
    (next: RailTab) => {
      setRailOpen(true);
      setRailTab(next);
      requestAnimationFrame(() => {
        const rail = railRef.current;
        rail?.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]')?.focus({ preventScroll: true });
        rail?.scrollIntoView?.({ block: "nearest" });
      });
    },
    [setRailOpen, setRailTab],
  );
  const sheetTarget = sheet && sheet.kind !== "markups" ? (located ?? null) : null;

  const viewer = text.isSuccess ? (
    <DocumentViewer
      blocks={blocks}
      plainText={plainText}
      markups={markups.data ?? []}
      changes={changes.data ?? NO_CHANGES}
      target={sheetTarget}
      canComment={abilities.comment}
      canSuggest={abilities.suggest && !locked}
      onAction={onAction}
      onSelectionChange={followSelection}
      reveal={reveal}
      findings={findings}
      showFindings={showFindings}
      onShowFindingsChange={setShowFindings}
    />
  ) : (
    // Until the text map arrives (or when it cannot be had) the stored HTML is shown read as text,
    // never injected; the markup and change tools need the map's offsets.
    <div>
      {text.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm text-amber-900">
          <FileWarning aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">Markup and change tools are unavailable: {errorText(text.error, "the document's text could not be loaded.")}</span>
          <Button variant="secondary" size="sm" onClick={() => void text.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 border-b border-slate-200 px-6 py-2 text-xs text-slate-500">
          <Spinner className="size-3.5" />
          Preparing the markup tools...
        </p>
      )}
      <ReadOnlyBlocks blocks={fallbackBlocks} label="Contract text" className="px-6 py-8 sm:px-12 sm:py-10" />
    </div>
  );

  return (
    // `relative` everywhere a pane scrolls: absolutely placed pieces (screen-reader text, toolbars)
    // are then held by their pane instead of stretching the page below the window.
    <div className="relative flex flex-1 flex-col xl:h-screen xl:max-h-screen xl:overflow-hidden">
      <WorkspaceHeader contract={contract} markupCount={markupCount} onOpenMarkups={openMarkups} onGoToTab={goToTab} />

      <div className={clsx("grid min-h-0 flex-1 grid-cols-1 xl:grid-rows-[minmax(0,1fr)]", railOpen && "xl:grid-cols-[minmax(0,1fr)_24rem]")}>
        {/* No top padding on the pane itself: the viewer's sticky toolbar would stop that far below its edge, with text showing above it. */}
        <div data-document-pane="" className="relative min-w-0 space-y-4 px-4 pb-4 sm:px-6 xl:overflow-y-auto xl:overscroll-contain">
          <div className="pt-4">
            <VersionsStrip contract={contract} />
          </div>

          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
              <TabsList label="Contract views" className="min-w-0 flex-1 flex-wrap">
                <TabsTrigger value="viewer">
                  <span className="whitespace-nowrap">Document Viewer</span>
                </TabsTrigger>
                <TabsTrigger value="changes">
                  <span className="whitespace-nowrap">Track Changes</span>
                  {pendingCount > 0 && (
                    <Badge tone="warning">
                      {pendingCount}
                      <span className="sr-only"> pending</span>
                    </Badge>
                  )}
                </TabsTrigger>
                <TabsTrigger value="editor">
                  <span className="whitespace-nowrap">Word Editor</span>
                </TabsTrigger>
              </TabsList>
              <div className="hidden gap-1 pb-1 xl:flex">
                <Tooltip content={railOpen ? "Hide the side panel" : "Show the side panel"}>
                  <Button variant="ghost" size="icon" aria-label="Side panel" aria-expanded={railOpen} aria-controls={RAIL_ID} onClick={() => setRailOpen((v) => !v)}>
                    {railOpen ? <PanelRightClose aria-hidden="true" /> : <PanelRightOpen aria-hidden="true" />}
                  </Button>
                </Tooltip>
              </div>
            </div>

            <TabsContent value="viewer" className="pt-4">
              {markups.isError && (
                <p role="alert" className="mb-3 flex items-center gap-2 text-sm text-red-700">
                  The markups could not be loaded.
                  <button type="button" className="font-medium underline" onClick={() => void markups.refetch()}>
                    Try again
                  </button>
                </p>
              )}
              <Card>{viewer}</Card>
            </TabsContent>

            <TabsContent value="changes" className="pt-4">
              <Card>
                <ChangesPanel contractId={contract.id} canDecide={abilities.decideChanges && !locked} onShow={showChange} canComment={abilities.comment} />
              </Card>
            </TabsContent>

            <TabsContent value="editor" className="pt-4">
              <Card>{currentUser.data ? <LazyCollaborativeEditor contract={contract} user={currentUser.data} /> : null}</Card>
            </TabsContent>
          </Tabs>
        </div>

        <aside
          ref={railRef}
          id={RAIL_ID}
          aria-label="Contract panels"
          className={clsx("relative min-w-0 flex-col border-t border-slate-200 bg-slate-50/80 xl:min-h-0 xl:border-t-0 xl:border-l", railOpen ? "flex" : "flex xl:hidden")}
        >
          <WorkspaceRail
            contract={contract}
            tab={railTab}
            onTabChange={setRailTab}
            selection={selected}
            onShowInDocument={showQuote}
            markupCount={markupCount}
            pendingCount={pendingCount}
            onOpenMarkups={openMarkups}
            onOpenTrackChanges={openTrackChanges}
          />
        </aside>
      </div>

      {sheet?.kind === "markup" && (
        <MarkupSheet
          contractId={contract.id}
          target={located ?? sheet.target}
          stale={!located}
          live={liveTarget}
          blocks={blocks}
          plainText={plainText}
          draft={review.markupDraft}
          onDraftChange={review.setMarkupDraft}
          onRetarget={review.retarget}
          onClose={review.close}
          onFinish={review.finish}
          onCloseAutoFocus={review.restoreFocus}
        />
      )}
      {sheet?.kind === "change" && (
        <ProposeChangeSheet
          contractId={contract.id}
          target={located && located.kind !== "paragraph" ? located : sheet.target}
          stale={!located}
          live={liveTarget}
          blocks={blocks}
          plainText={plainText}
          draft={review.changeDraft}
          onDraftChange={review.setChangeDraft}
          onRetarget={review.retarget}
          onClose={review.close}
          onFinish={review.finish}
          onCloseAutoFocus={review.restoreFocus}
        />
      )}
      {sheet?.kind === "markups" && (
        <MarkupsSheet markups={markups.data ?? []} blocks={blocks} plainText={plainText} onShow={show} onClose={review.close} onCloseAutoFocus={review.restoreFocus} />
      )}
    </div>
  );
}
