import { useId, useState } from "react";
import { MessageSquareQuote, Sparkles, Wand2 } from "lucide-react";
import { AI_PROMPT_MAX_LENGTH, textAnalysisRequest, type AnalysisType, type ContractDetail, type TextAnalysis } from "@clausewise/shared";
import { isAiDisabledError, useAnalyzeText, useTextAnalyses, type AnalyzeTextInput } from "../../api/analysis";
import { errorText } from "../../api/client";
import { truncate } from "../../lib/apply-preview";
import { toast } from "../../stores/toast";
import { timeAgo, toastFailure } from "../contract/format";
import { PanelSection, PanelSubsection } from "../contract/PanelSection";
import { QueryList } from "../contract/QueryState";
import { ShowAllList } from "../contract/ShowAllList";
import { Button } from "../ui/button";
import { Label } from "../ui/field";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { AiDisabledNote } from "./AiDisabledNote";
import { ANALYSIS_TYPE_LABELS, QUICK_ANALYSIS_TYPES, RISK_LABELS } from "./labels";
import { RiskBadge } from "./RiskBadge";

/** Text selected in the Document Viewer, by its plain-text offsets. */
export interface SelectedText {
  start: number;
  end: number;
  text: string;
}

const NO_TEXT = { title: "No Text Selected", description: "Please select text in the contract to analyze." } as const;
const NO_PROMPT = { title: "No Prompt Provided", description: "Please enter a prompt for the custom analysis." } as const;

function SelectionPreview({ selection }: { selection: SelectedText | null }) {
  return (
    <div className="flex items-start gap-2 rounded-md bg-slate-50 p-2.5 text-xs text-slate-600">
      <MessageSquareQuote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      {selection ? (
        <p>
          <span className="font-medium text-slate-800">Selected ({selection.text.length.toLocaleString("en-CA")} characters): </span>
          <q className="font-serif italic">{truncate(selection.text.replace(/\s+/g, " "), 160)}</q>
        </p>
      ) : (
        <p>Select text in the Document Viewer to analyze it.</p>
      )}
    </div>
  );
}

function PreviousAnalyses({ contractId, onOpen }: { contractId: string; onOpen: (analysis: TextAnalysis) => void }) {
  const previous = useTextAnalyses(contractId);
  return (
    <PanelSubsection title="Previous analyses" count={previous.data?.length}>
      <QueryList query={previous} what="Previous analyses" empty="No text has been analyzed yet.">
        {(items) => (
          <ShowAllList
            items={items}
            getKey={(item) => item.id}
            label="Previous analyses"
            renderItem={(item) => (
              <button
                type="button"
                onClick={() => onOpen(item)}
                className="w-full space-y-1 rounded-md border border-slate-200 p-2.5 text-left hover:border-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex flex-wrap items-center justify-between gap-1.5">
                  <span className="text-xs font-medium text-slate-800">{ANALYSIS_TYPE_LABELS[item.analysisType] ?? item.analysisType}</span>
                  <RiskBadge level={item.riskLevel} />
                </span>
                <span className="line-clamp-2 block text-xs text-slate-600">{item.analysis}</span>
                <span className="block text-[0.7rem] text-slate-500">{timeAgo(item.createdAt)}</span>
              </button>
            )}
          />
        )}
      </QueryList>
    </PanelSubsection>
  );
}

interface TextAnalysisToolsProps {
  contract: ContractDetail;
  selection: SelectedText | null;
  /** Shows a result (new or previous) in the result sheet. */
  onResult: (analysis: TextAnalysis) => void;
}

/**
 * Quick AI analysis and custom analysis (spec §2 "Left/review tools") of the text selected in the
 * Document Viewer, with spec §5's messages, and the analyses made so far.
 */
export function TextAnalysisTools({ contract, selection, onResult }: TextAnalysisToolsProps) {
  const analyze = useAnalyzeText(contract.id);
  const [analysisType, setAnalysisType] = useState<Exclude<AnalysisType, "custom">>("risk");
  const [prompt, setPrompt] = useState("");
  const [aiDisabled, setAiDisabled] = useState<string | null>(null);
  const typeId = useId();
  const promptId = useId();
  const canAnalyze = contract.abilities.analyze;

  const run = async (kind: "quick" | "custom") => {
    if (analyze.isPending) return;
    const text = selection?.text ?? "";
    if (!text.trim()) {
      toast({ ...NO_TEXT, variant: "destructive" });
      return;
    }
    if (kind === "custom" && !prompt.trim()) {
      toast({ ...NO_PROMPT, variant: "destructive" });
      return;
    }
    // The server's own rules (length limits) before the call, in its words.
    const parsed = textAnalysisRequest.safeParse({ text, analysisType: kind === "custom" ? "custom" : analysisType, prompt: kind === "custom" ? prompt : undefined });
    if (!parsed.success) {
      toast({ title: "Analysis Failed", description: parsed.error.issues[0]?.message ?? "Failed to analyze text", variant: "destructive" });
      return;
    }
    const input: AnalyzeTextInput = {
      text: parsed.data.text,
      analysisType: parsed.data.analysisType,
      ...(parsed.data.prompt ? { prompt: parsed.data.prompt } : {}),
      ...(selection ? { start: selection.start, end: selection.end } : {}),
    };
    try {
      const result = await analyze.mutateAsync(input);
      setAiDisabled(null);
      toast({ title: "AI Analysis Complete", description: `${RISK_LABELS[result.riskLevel]}: the result is open beside the document.` });
      onResult(result);
    } catch (error) {
      if (isAiDisabledError(error)) setAiDisabled(errorText(error, ""));
      toastFailure("Analysis Failed", error, "Failed to analyze text");
    }
  };

  const busy = (kind: "quick" | "custom") => analyze.isPending && (analyze.variables?.analysisType === "custom") === (kind === "custom");

  return (
    <PanelSection title="AI Analysis" icon={Sparkles}>
      <SelectionPreview selection={selection} />
      {aiDisabled && <AiDisabledNote message={aiDisabled} />}
      {canAnalyze ? (
        <>
          <div role="group" aria-labelledby={`${typeId}-title`} className="space-y-2">
            <h3 id={`${typeId}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Quick AI analysis
            </h3>
            <Label htmlFor={typeId} className="sr-only">
              Analysis type
            </Label>
            <NativeSelect id={typeId} value={analysisType} onChange={(e) => setAnalysisType(e.target.value as typeof analysisType)}>
              {QUICK_ANALYSIS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ANALYSIS_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
            <Button size="sm" className="w-full" disabled={analyze.isPending} onClick={() => void run("quick")}>
              {busy("quick") ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden="true" />}
              Analyze selection
            </Button>
          </div>
          <div role="group" aria-labelledby={`${promptId}-title`} className="space-y-2">
            <h3 id={`${promptId}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Custom analysis
            </h3>
            <Label htmlFor={promptId} className="sr-only">
              Prompt
            </Label>
            <Textarea
              id={promptId}
              rows={3}
              value={prompt}
              maxLength={AI_PROMPT_MAX_LENGTH}
              placeholder="e.g. Does this clause shift site-condition risk to the contractor?"
              onChange={(e) => setPrompt(e.target.value)}
            />
            <Button variant="secondary" size="sm" className="w-full" disabled={analyze.isPending} onClick={() => void run("custom")}>
              {busy("custom") ? <Spinner className="size-4 text-current" /> : <Wand2 aria-hidden="true" />}
              Run custom analysis
            </Button>
          </div>
        </>
      ) : (
        <p className="text-xs text-slate-500">You have read-only access to this contract, so you cannot run AI analyses on it.</p>
      )}
      <PreviousAnalyses contractId={contract.id} onOpen={onResult} />
    </PanelSection>
  );
}
