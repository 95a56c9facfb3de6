import { useId, useState, type FormEvent } from "react";
import { Brain, FileSearch, Sparkles } from "lucide-react";
import { askQuestionRequest, QUESTION_MAX_LENGTH, type ContractDetail } from "@clausewise/shared";
import { useAskQuestion, useContractAnalysis, useQuestions, type AnalysisFinding, type ContractAnalysis } from "../../api/questions";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Label } from "../ui/field";
import { Skeleton, Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { toastFailure } from "./format";
import { LoadError, QueryList } from "./QueryState";
import { EmptyNote, PanelSection, PanelSubsection } from "./PanelSection";
import { QuestionList } from "./QuestionList";
import { FIRST_ITEMS } from "./ShowAllList";

function findingText(finding: AnalysisFinding): string {
  return finding.title?.trim() || finding.description?.trim() || "";
}

const GROUPS: { key: keyof ContractAnalysis; title: string }[] = [
  { key: "riskItems", title: "Risks" },
  { key: "advantages", title: "Advantages" },
  { key: "recommendations", title: "Recommendations" },
];

/** The analysis as the API gives it: the first 3 risks, advantages and recommendations (spec §9). */
function AnalysisSummary({ analysis }: { analysis: ContractAnalysis }) {
  const groups = GROUPS.map((group) => {
    const items = Array.isArray(analysis[group.key]) ? (analysis[group.key] ?? []) : [];
    return { ...group, items: items.map(findingText).filter(Boolean) };
  }).filter((group) => group.items.length > 0);
  if (groups.length === 0) return <EmptyNote>The analysis found nothing to report.</EmptyNote>;
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <PanelSubsection key={group.key} title={group.title} count={group.items.length}>
          <ul className="list-disc space-y-1 pl-5 text-xs text-slate-700">
            {group.items.slice(0, FIRST_ITEMS).map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </PanelSubsection>
      ))}
    </div>
  );
}

function AnalysisStatus({ contractId }: { contractId: string }) {
  const analysis = useContractAnalysis(contractId);
  if (analysis.isPending) {
    return (
      <div role="status" aria-label="Loading the analysis" className="space-y-1.5">
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="h-3 w-3/4" />
      </div>
    );
  }
  if (analysis.isError) return <LoadError what="The analysis" error={analysis.error} onRetry={() => void analysis.refetch()} />;
  if (!analysis.data) {
    return (
      <div className="flex items-start gap-2.5 rounded-md bg-slate-50 p-3 text-slate-600">
        <FileSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <div>
          <p className="text-sm font-medium text-slate-800">Analysis pending</p>
          <p className="mt-0.5 text-xs">Risks, advantages and recommendations will appear here once this contract has been analyzed.</p>
        </div>
      </div>
    );
  }
  return <AnalysisSummary analysis={analysis.data} />;
}

/** Spec §5: the ask-question box rejects blank input (the button is disabled; forced, it says so). */
function AskQuestion({ contractId }: { contractId: string }) {
  const ask = useAskQuestion(contractId);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();
  const blank = text.trim() === "";

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (ask.isPending) return;
    const parsed = askQuestionRequest.safeParse({ question: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Please enter a question");
      return;
    }
    setProblem(null);
    try {
      await ask.mutateAsync(parsed.data.question);
      setText("");
      toast({ title: "Question submitted", description: "AI is processing your question..." });
    } catch (error) {
      // The question stays in the box so nothing typed is lost.
      toastFailure("Error", error, "Failed to submit question. Please try again.");
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate>
      <Label htmlFor={fieldId}>Ask a question about this contract</Label>
      <Textarea
        id={fieldId}
        value={text}
        maxLength={QUESTION_MAX_LENGTH}
        rows={3}
        placeholder="e.g. What is the cap on liquidated damages?"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit(e);
        }}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-xs font-medium text-red-600">
          {problem}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-[0.7rem] text-slate-400">Ctrl+Enter to send</span>
        <Button type="submit" size="sm" disabled={blank || ask.isPending}>
          {ask.isPending ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden="true" />}
          Ask AI
        </Button>
      </div>
    </form>
  );
}

/** Right panel 'AI Contract Analysis': where the analysis stands, the ask-a-question box, the questions so far. */
export function QuestionsPanel({ contract }: { contract: ContractDetail }) {
  const questions = useQuestions(contract.id);
  return (
    <PanelSection title="AI Contract Analysis" icon={Brain}>
      <AnalysisStatus contractId={contract.id} />
      {contract.abilities.analyze ? (
        <AskQuestion contractId={contract.id} />
      ) : (
        <p className="text-xs text-slate-500">You have read-only access to this contract, so you cannot ask questions about it.</p>
      )}
      <PanelSubsection title="Questions" count={questions.data?.length}>
        <QueryList query={questions} what="Questions" empty="No questions yet.">
          {(items) => <QuestionList questions={items} label="Questions about this contract" />}
        </QueryList>
      </PanelSubsection>
    </PanelSection>
  );
}
