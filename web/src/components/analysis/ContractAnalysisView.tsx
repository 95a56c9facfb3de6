import { useState } from "react";
import { AlertCircle, FileSearch, History, Hourglass, RotateCcw } from "lucide-react";
import { CLAUSE_LABELS, CONTRACT_TYPE_LABELS, type AnalysisFinding, type ContractAnalysis, type ContractDetail, type DetectedClause } from "@clausewise/shared";
import { isAiDisabledError, useContractAnalysis, useRunAnalysis } from "../../api/analysis";
import { errorText } from "../../api/client";
import { toast } from "../../stores/toast";
import { fullDateTime, timeAgo, toastFailure } from "../contract/format";
import { EmptyNote, PanelSubsection } from "../contract/PanelSection";
import { LoadError } from "../contract/QueryState";
import { ShowAllList } from "../contract/ShowAllList";
import { Button } from "../ui/button";
import { Skeleton, Spinner } from "../ui/spinner";
import { AiDisabledNote } from "./AiDisabledNote";
import { ContractReading } from "./ContractReading";
import { engineLabel, sectionLabel } from "./labels";
import { QuotedClause, type ShowInDocument } from "./QuotedClause";
import { RiskBadge } from "./RiskBadge";

type FindingGroup = "riskItems" | "advantages" | "recommendations";

const GROUPS: { key: FindingGroup; title: string }[] = [
  { key: "riskItems", title: "Risks" },
  { key: "advantages", title: "Advantages" },
  { key: "recommendations", title: "Recommendations" },
];

function findingKey(finding: AnalysisFinding, index: number): string {
  return `${index}:${finding.start}:${finding.title}`;
}

function FindingItem({ finding, onShow }: { finding: AnalysisFinding; onShow?: ShowInDocument }) {
  const where = sectionLabel(finding.section) || (finding.category !== "general" ? CLAUSE_LABELS[finding.category] : "");
  return (
    <article aria-label={finding.title} className="space-y-1.5 rounded-md border border-slate-200 p-2.5">
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <h4 className="min-w-0 flex-1 text-sm font-medium text-slate-900">{finding.title}</h4>
        <RiskBadge level={finding.riskLevel} />
      </div>
      {where && <p className="text-[0.7rem] font-medium tracking-wide text-slate-500 uppercase">{where}</p>}
      {finding.description && <p className="text-xs text-slate-700">{finding.description}</p>}
      <QuotedClause quote={finding} onShow={onShow} label={finding.title} />
    </article>
  );
}

function ClauseItem({ clause, onShow }: { clause: DetectedClause; onShow?: ShowInDocument }) {
  const label = CLAUSE_LABELS[clause.code] ?? clause.code;
  const where = sectionLabel(clause.section, clause.heading);
  return (
    <article aria-label={label} className="space-y-1 rounded-md border border-slate-200 p-2.5">
      <h4 className="text-sm font-medium text-slate-900">{label}</h4>
      {where && <p className="text-[0.7rem] font-medium tracking-wide text-slate-500 uppercase">{where}</p>}
      <QuotedClause quote={clause} onShow={onShow} label={label} />
    </article>
  );
}

/** The finished analysis: overall risk, type, engine, summary, parties and law, then the first 3 of each list (spec §9). */
function AnalysisResult({ contract, analysis, onShow }: { contract: ContractDetail; analysis: ContractAnalysis; onShow?: ShowInDocument }) {
  const groups = GROUPS.map((group) => ({ ...group, items: analysis[group.key] })).filter((group) => group.items.length > 0);
  const engine = engineLabel(analysis.engine, analysis.model);
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {analysis.overallRisk && (
            <span className="flex items-center gap-1.5 text-xs text-slate-500">
              Overall
              <RiskBadge level={analysis.overallRisk} />
            </span>
          )}
          {analysis.contractType && <span className="text-xs font-medium text-slate-700">{CONTRACT_TYPE_LABELS[analysis.contractType]} contract</span>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-slate-600">
          {engine && (
            <>
              <dt className="text-slate-500">Engine</dt>
              <dd>{engine}</dd>
            </>
          )}
          {analysis.completedAt && (
            <>
              <dt className="text-slate-500">Analysed</dt>
              <dd>
                <time dateTime={analysis.completedAt} title={fullDateTime(analysis.completedAt)}>
                  {timeAgo(analysis.completedAt)}
                </time>
              </dd>
            </>
          )}
        </dl>
        {analysis.summary && <p className="text-sm text-slate-700">{analysis.summary}</p>}
      </div>
      <ContractReading contract={contract} analysis={analysis} onShow={onShow} />
      {groups.length === 0 ? (
        <EmptyNote>The analysis found nothing to report.</EmptyNote>
      ) : (
        groups.map((group) => (
          <PanelSubsection key={group.key} title={group.title} count={group.items.length}>
            <ShowAllList
              items={group.items.map((finding, index) => ({ finding, key: findingKey(finding, index) }))}
              getKey={(item) => item.key}
              label={group.title}
              renderItem={(item) => <FindingItem finding={item.finding} onShow={onShow} />}
            />
          </PanelSubsection>
        ))
      )}
      {analysis.clauses.length > 0 && (
        <PanelSubsection title="Detected clauses" count={analysis.clauses.length}>
          <ShowAllList
            items={analysis.clauses.map((clause, index) => ({ clause, key: `${index}:${clause.code}:${clause.start}` }))}
            getKey={(item) => item.key}
            label="Detected clauses"
            renderItem={(item) => <ClauseItem clause={item.clause} onShow={onShow} />}
          />
        </PanelSubsection>
      )}
    </div>
  );
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.min(Math.max(Math.round(value), 0), 100);
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped} className="h-2 overflow-hidden rounded-full bg-slate-200">
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${clamped}%` }} />
    </div>
  );
}

function RunningAnalysis({ analysis }: { analysis: ContractAnalysis }) {
  const queued = analysis.status === "queued";
  return (
    <div role="status" className="space-y-2 rounded-md bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {queued ? <Hourglass aria-hidden="true" className="size-4 text-slate-500" /> : <Spinner className="size-4" />}
        {queued ? "Queued for analysis…" : `Analysing… ${analysis.progress}%`}
      </p>
      <ProgressBar value={analysis.progress} label="Analysis progress" />
      <p className="text-xs text-slate-600">Risks, advantages and recommendations appear here when the analysis is done.</p>
    </div>
  );
}

/** "Run analysis again" (POST /analysis) for users with the analyze ability; the 403 ai_disabled stays on screen. */
function RunAgain({ contractId, label }: { contractId: string; label: string }) {
  const run = useRunAnalysis(contractId);
  const [disabledMessage, setDisabledMessage] = useState<string | null>(null);
  const start = async () => {
    try {
      await run.mutateAsync();
      setDisabledMessage(null);
      toast({ title: "Analysis Queued", description: "The contract is being analysed again." });
    } catch (error) {
      if (isAiDisabledError(error)) setDisabledMessage(errorText(error, ""));
      toastFailure("Analysis Failed", error, "Failed to start the analysis. Please try again.");
    }
  };
  return (
    <div className="space-y-2">
      {disabledMessage && <AiDisabledNote message={disabledMessage} />}
      <Button variant="secondary" size="sm" disabled={run.isPending} onClick={() => void start()}>
        {run.isPending ? <Spinner className="size-4 text-current" /> : <RotateCcw aria-hidden="true" />}
        {label}
      </Button>
    </div>
  );
}

/**
 * The text changed after the analysis (issue 13): say so, offer to analyse again now, and say when
 * the automatic re-analysis starts once edits have settled.
 */
function StaleNotice({ analysis, canRun }: { analysis: ContractAnalysis; canRun: boolean }) {
  const at = analysis.refreshAt ? new Date(analysis.refreshAt) : null;
  return (
    <div role="status" aria-label="Analysis of an earlier text" className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950">
      <p className="flex items-start gap-2 text-sm font-medium">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        This analysis is of an earlier version of the text.
      </p>
      <p className="text-xs text-amber-900">
        The contract has changed since it was analysed: highlights show only where the quoted words still stand.
        {at && !Number.isNaN(at.getTime()) ? ` A new analysis starts by itself at ${at.toLocaleTimeString("en-CA", { hour: "numeric", minute: "2-digit" })}, once edits settle.` : ""}
      </p>
      {canRun && <RunAgain contractId={analysis.contractId} label="Re-analyse now" />}
    </div>
  );
}

/** Where the contract's analysis stands (GET /analysis), and its result once done. */
export function ContractAnalysisView({ contract, onShowInDocument }: { contract: ContractDetail; onShowInDocument?: ShowInDocument }) {
  const analysis = useContractAnalysis(contract.id);
  const canRun = contract.abilities.analyze;
  if (analysis.isPending) {
    return (
      <div role="status" aria-label="Loading the analysis" className="space-y-1.5">
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="h-3 w-3/4" />
      </div>
    );
  }
  // Spec (Settings › Security): the company can switch AI analysis off; the server says where to turn it on.
  if (analysis.isError && isAiDisabledError(analysis.error)) return <AiDisabledNote message={errorText(analysis.error, "AI contract analysis is turned off for your company.")} />;
  if (analysis.isError) return <LoadError what="The analysis" error={analysis.error} onRetry={() => void analysis.refetch()} />;
  const data = analysis.data;
  if (!data) {
    return (
      <div className="space-y-2 rounded-md bg-slate-50 p-3 text-slate-600">
        <div className="flex items-start gap-2.5">
          <FileSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <div>
            <p className="text-sm font-medium text-slate-800">Analysis pending</p>
            <p className="mt-0.5 text-xs">Risks, advantages and recommendations will appear here once this contract has been analyzed.</p>
          </div>
        </div>
        {canRun && <RunAgain contractId={contract.id} label="Run analysis" />}
      </div>
    );
  }
  if (data.status === "queued" || data.status === "analysing") return <RunningAnalysis analysis={data} />;
  if (data.status === "failed") {
    return (
      <div className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
        <div role="alert" className="flex items-start gap-2 text-red-900">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="text-sm font-medium">Analysis failed</p>
            <p className="mt-0.5 text-xs text-red-800">{data.error || "The analysis could not be completed."}</p>
          </div>
        </div>
        {canRun && <RunAgain contractId={contract.id} label="Retry analysis" />}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {data.stale && <StaleNotice analysis={data} canRun={canRun} />}
      <AnalysisResult contract={contract} analysis={data} onShow={onShowInDocument} />
      {canRun && !data.stale && <RunAgain contractId={contract.id} label="Run analysis again" />}
    </div>
  );
}
