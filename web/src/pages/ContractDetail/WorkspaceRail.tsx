import { memo } from "react";
import { GitPullRequestArrow, ListChecks, MessageSquareText } from "lucide-react";
import type { ContractDetail } from "@clausewise/shared";
import { AiReviewTools } from "../../components/analysis/AiReviewTools";
import type { ShowInDocument } from "../../components/analysis/QuotedClause";
import type { SelectedText } from "../../components/analysis/TextAnalysisTools";
import { ExhibitTracker } from "../../components/contract/ExhibitTracker";
import { PanelSection } from "../../components/contract/PanelSection";
import { AnalysisPanel, QuestionsPanel } from "../../components/contract/QuestionsPanel";
import { ApprovalPipeline, ReviewActions } from "../../components/contract/ReviewTools";
import { StatusHistory } from "../../components/contract/StatusHistory";
import { TeamCollaboration } from "../../components/contract/TeamCollaboration";
import { useApprovalSteps } from "../../api/workflow";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { RAIL_TAB_LABELS, RAIL_TABS, type RailTab } from "./rail-tabs";

export const RAIL_ID = "contract-rail";

/** The rail's Markups & Changes: how many there are, and the way to each list (the sheet, Track Changes). */
function MarkupsAndChanges({ markupCount, pendingCount, onOpenMarkups, onOpenTrackChanges }: Pick<WorkspaceRailProps, "markupCount" | "pendingCount" | "onOpenMarkups" | "onOpenTrackChanges">) {
  return (
    <PanelSection title="Markups & Changes" icon={ListChecks}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {markupCount === undefined ? "Markups" : `${markupCount} ${markupCount === 1 ? "markup" : "markups"}`}
        </p>
        <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={onOpenMarkups}>
          <MessageSquareText aria-hidden="true" />
          View all markups
        </Button>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Proposed changes
          {pendingCount > 0 && <Badge tone="warning">{pendingCount} pending</Badge>}
        </p>
        <Button variant="secondary" size="sm" onClick={onOpenTrackChanges}>
          <GitPullRequestArrow aria-hidden="true" />
          Open Track Changes
        </Button>
      </div>
    </PanelSection>
  );
}

function ApprovalTab({ contract }: { contract: ContractDetail }) {
  const steps = useApprovalSteps(contract.id);
  return (
    <>
      <ReviewActions contract={contract} steps={steps.data} />
      <ApprovalPipeline contract={contract} />
    </>
  );
}

interface WorkspaceRailProps {
  contract: ContractDetail;
  tab: RailTab;
  onTabChange: (tab: RailTab) => void;
  /** The last text selected in the Document Viewer, for the AI text analysis. */
  selection: SelectedText | null;
  onShowInDocument: ShowInDocument;
  markupCount: number | undefined;
  pendingCount: number;
  onOpenMarkups: () => void;
  onOpenTrackChanges: () => void;
}

/**
 * The workspace's right rail (issue 17): the panels that were stacked beside the document, one tab
 * each, scrolling on their own. Every tab stays mounted (hidden when not shown), so a question being
 * typed or an exhibit dialog survives a look at another tab, and pushes keep every panel current.
 */
export const WorkspaceRail = memo(function WorkspaceRail(props: WorkspaceRailProps) {
  const { contract, tab, onTabChange, selection, onShowInDocument } = props;
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as RailTab)} className="flex min-h-0 flex-1 flex-col">
      <TabsList label="Contract panels" className="shrink-0 flex-wrap gap-x-0 bg-white px-2 pt-1">
        {RAIL_TABS.map((value) => (
          <TabsTrigger key={value} value={value} className="px-2.5 py-2 text-[0.8rem] whitespace-nowrap">
            {RAIL_TAB_LABELS[value]}
            {value === "markups" && props.pendingCount > 0 && (
              <Badge tone="warning">
                {props.pendingCount}
                <span className="sr-only"> pending</span>
              </Badge>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      <div data-rail-scroll="" className="relative min-h-0 flex-1 p-4 xl:overflow-y-auto xl:overscroll-contain">
        <TabsContent value="analysis" keepMounted className="space-y-4">
          <AnalysisPanel contract={contract} onShowInDocument={onShowInDocument} />
          <AiReviewTools contract={contract} selection={selection} onShowInDocument={onShowInDocument} />
        </TabsContent>
        <TabsContent value="markups" keepMounted className="space-y-4">
          <MarkupsAndChanges {...props} />
          <TeamCollaboration contract={contract} />
        </TabsContent>
        <TabsContent value="questions" keepMounted className="space-y-4">
          <QuestionsPanel contract={contract} onShowInDocument={onShowInDocument} />
        </TabsContent>
        <TabsContent value="exhibits" keepMounted className="space-y-4">
          <ExhibitTracker contract={contract} />
        </TabsContent>
        <TabsContent value="approval" keepMounted className="space-y-4">
          <ApprovalTab contract={contract} />
        </TabsContent>
        <TabsContent value="activity" keepMounted className="space-y-4">
          <StatusHistory contractId={contract.id} />
        </TabsContent>
      </div>
    </Tabs>
  );
});
