import { useCallback, useMemo, useState } from "react";
import { format } from "date-fns";
import clsx from "clsx";
import { FileWarning, MessageSquareText, PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen, RefreshCw } from "lucide-react";
import { isTextLocked, type ContractDetail, type DocumentBlock, type DocumentChange } from "@clausewise/shared";
import { useContractAnalysis } from "../../api/analysis";
import { useCurrentUser } from "../../api/auth";
import { useChanges } from "../../api/changes";
import { errorText } from "../../api/client";
import { useDocumentText } from "../../api/document-text";
import { useMarkups } from "../../api/markups";
import { AiReviewTools } from "../../components/analysis/AiReviewTools";
import type { Quote } from "../../components/analysis/QuotedClause";
import type { SelectedText } from "../../components/analysis/TextAnalysisTools";
import { ExhibitTracker } from "../../components/contract/ExhibitTracker";
import { QuestionsPanel } from "../../components/contract/QuestionsPanel";
import { ReviewTools } from "../../components/contract/ReviewTools";
import { TeamCollaboration } from "../../components/contract/TeamCollaboration";
import { ContractStatusBadge } from "../../components/ContractStatusBadge";
import { ChangesPanel } from "../../components/document/ChangesPanel";
import { DocumentViewer, type ReviewAction } from "../../components/document/DocumentViewer";
import { locateFindings, locateQuote } from "../../components/document/findings";
import { MarkupSheet } from "../../components/document/MarkupSheet";
import { MarkupsSheet } from "../../components/document/MarkupsSheet";
import { ProposeChangeSheet } from "../../components/document/ProposeChangeSheet";
import { ReadOnlyBlocks } from "../../components/document/ReadOnlyBlocks";
import { targetFromSelection, type ReviewTarget } from "../../components/document/review-target";
import { VersionsStrip } from "../../components/document/VersionsStrip";
import { Breadcrumb } from "../../components/PageHeader";
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
import { ContractTitle } from "./ContractTitle";
import { ImportRedlineButton } from "./ImportRedline";
import { ApproveContractButton, DeleteContractButton, DownloadMenu } from "./HeaderActions";
import { useAnalysisHighlights, usePanels, type PanelState } from "./useStoredState";
import { useReviewSheet } from "./useReviewSheet";
import { VersionLabel } from "./VersionLabel";

type Tab = "viewer" | "changes" | "editor";
const NO_BLOCKS: DocumentBlock[] = [];
const NO_CHANGES: DocumentChange[] = [];

function formatModified(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy 'at' h:mm a");
}

/**
 * Where the panels go. Wide screens (2xl): review tools | document | insights. Between xl and 2xl
 * the document keeps its width and both panels share one column beside it. Narrower: one column,
 * the document first. A collapsed panel gives its room back to the document.
 */
function panelLayout({ left, right }: PanelState) {
  if (left && right) {
    return {
      container: "xl:grid-cols-[minmax(0,1fr)_20rem] xl:grid-rows-[auto_1fr] 2xl:grid-cols-[18rem_minmax(0,1fr)_20rem] 2xl:grid-rows-none",
      main: "xl:col-start-1 xl:row-span-2 xl:row-start-1 2xl:col-start-2 2xl:row-span-1",
      left: "xl:col-start-2 xl:row-start-1 2xl:col-start-1",
      right: "xl:col-start-2 xl:row-start-2 2xl:col-start-3 2xl:row-start-1",
    };
  }
  if (left) {
    return {
      container: "xl:grid-cols-[minmax(0,1fr)_20rem] 2xl:grid-cols-[18rem_minmax(0,1fr)]",
      main: "xl:col-start-1 xl:row-start-1 2xl:col-start-2",
      left: "xl:col-start-2 xl:row-start-1 2xl:col-start-1",
      right: "",
    };
  }
  if (right) {
    return { container: "xl:grid-cols-[minmax(0,1fr)_20rem]", main: "xl:col-start-1 xl:row-start-1", left: "", right: "xl:col-start-2 xl:row-start-1" };
  }
  return { container: "", main: "", left: "", right: "" };
}

/** The contract page once the contract is loaded: header, side panels, versions and the three views. */
export function ContractWorkspace({ contract }: { contract: ContractDetail }) {
  const { abilities } = contract;
  // Approval locks the text (issue 14): no proposals or decisions on changes until it is reopened.
  const locked = isTextLocked(contract.status);
  const currentUser = useCurrentUser();
  const [panels, setPanels] = usePanels();
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
  const [showFindings, setShowFindings] = useAnalysisHighlights();
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

  const layout = panelLayout(panels);
  // The same elements while the contract is the same: selecting text re-renders this page, not the panels.
  const reviewTools = useMemo(
    () => <ReviewTools contract={contract} aiTools={<AiReviewTools contract={contract} selection={selected} onShowInDocument={showQuote} />} />,
    [contract, selected, showQuote],
  );
  const insights = useMemo(
    () => (
      <>
        <QuestionsPanel contract={contract} onShowInDocument={showQuote} />
        <TeamCollaboration contract={contract} />
        <ExhibitTracker contract={contract} />
      </>
    ),
    [contract, showQuote],
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
    <div className="flex flex-1 flex-col">
      <header className="border-b border-slate-200 bg-white px-4 py-5 sm:px-8">
        <Breadcrumb items={[{ label: contract.title }]} />
        <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-[1_1_20rem]">
            <ContractTitle contract={contract} />
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600">
              {contract.client && <span>{contract.client}</span>}
              <VersionLabel contract={contract} />
              <span>
                Modified <time dateTime={contract.updatedAt}>{formatModified(contract.updatedAt)}</time>
              </span>
              <ContractStatusBadge status={contract.status} />
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => open({ kind: "markups" })}
                className="inline-flex items-center gap-1 rounded px-1 text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <MessageSquareText aria-hidden="true" className="size-4" />
                {markupCount === undefined ? "Comments" : `${markupCount} ${markupCount === 1 ? "comment" : "comments"}`}
              </button>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <DownloadMenu contractId={contract.id} />
            <ImportRedlineButton contract={contract} />
            <ApproveContractButton contract={contract} />
            <DeleteContractButton contract={contract} />
          </div>
        </div>
      </header>

      <div className={clsx("grid flex-1 grid-cols-1 items-start gap-6 px-4 py-6 sm:px-8", layout.container)}>
        <aside id="review-tools-panel" aria-label="Review tools" hidden={!panels.left} className={clsx("min-w-0 space-y-4", layout.left)}>
          {reviewTools}
        </aside>

        <div className={clsx("order-first min-w-0 space-y-4 xl:order-none", layout.main)}>
          <VersionsStrip contract={contract} />

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
              <div className="flex gap-1 pb-1">
                <Tooltip content={panels.left ? "Hide review tools" : "Show review tools"}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Review tools panel"
                    aria-expanded={panels.left}
                    aria-controls="review-tools-panel"
                    onClick={() => setPanels((p) => ({ ...p, left: !p.left }))}
                  >
                    {panels.left ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
                  </Button>
                </Tooltip>
                <Tooltip content={panels.right ? "Hide questions, team and exhibits" : "Show questions, team and exhibits"}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Questions, team and exhibits panel"
                    aria-expanded={panels.right}
                    aria-controls="contract-side-panel"
                    onClick={() => setPanels((p) => ({ ...p, right: !p.right }))}
                  >
                    {panels.right ? <PanelRightClose aria-hidden="true" /> : <PanelRightOpen aria-hidden="true" />}
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
                <ChangesPanel contractId={contract.id} canDecide={abilities.decideChanges && !locked} onShow={showChange} />
              </Card>
            </TabsContent>

            <TabsContent value="editor" className="pt-4">
              <Card>{currentUser.data ? <LazyCollaborativeEditor contract={contract} user={currentUser.data} /> : null}</Card>
            </TabsContent>
          </Tabs>
        </div>

        <aside id="contract-side-panel" aria-label="Questions, team and exhibits" hidden={!panels.right} className={clsx("min-w-0 space-y-4", layout.right)}>
          {insights}
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
