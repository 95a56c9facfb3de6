import { useId, useState, type FormEvent } from "react";
import { Brain, MessageCircleQuestion, Sparkles } from "lucide-react";
import { askQuestionRequest, QUESTION_MAX_LENGTH, type ContractDetail } from "@clausewise/shared";
import { useAskQuestion, useQuestions } from "../../api/questions";
import { ContractAnalysisView } from "../analysis/ContractAnalysisView";
import type { ShowInDocument } from "../analysis/QuotedClause";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Label } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { toastFailure } from "./format";
import { QueryList } from "./QueryState";
import { PanelSection, PanelSubsection } from "./PanelSection";
import { QuestionList } from "./QuestionList";

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
      const asked = await ask.mutateAsync(parsed.data.question);
      setText("");
      // With AI review off the server answers at once with the reason: nothing is processing.
      if (asked.answer !== null) toast({ title: "Question not sent to AI", description: asked.answer });
      else toast({ title: "Question submitted", description: "AI is processing your question..." });
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
        <span className="text-[0.7rem] text-slate-500">Ctrl+Enter to send</span>
        <Button type="submit" size="sm" disabled={blank || ask.isPending}>
          {ask.isPending ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden="true" />}
          Ask AI
        </Button>
      </div>
    </form>
  );
}

/**
 * 'AI Contract Analysis' (the workspace's Analysis tab): where the analysis stands and its findings,
 * each of which the page can show in the Document Viewer.
 */
export function AnalysisPanel({ contract, onShowInDocument }: { contract: ContractDetail; onShowInDocument?: ShowInDocument }) {
  return (
    <PanelSection title="AI Contract Analysis" icon={Brain}>
      <ContractAnalysisView contract={contract} onShowInDocument={onShowInDocument} />
    </PanelSection>
  );
}

/** The workspace's Questions tab: the ask-a-question box (spec §2, §5) and the questions so far. */
export function QuestionsPanel({ contract, onShowInDocument }: { contract: ContractDetail; onShowInDocument?: ShowInDocument }) {
  const questions = useQuestions(contract.id);
  return (
    <PanelSection title="Questions about this contract" icon={MessageCircleQuestion}>
      {contract.abilities.analyze ? (
        <AskQuestion contractId={contract.id} />
      ) : (
        <p className="text-xs text-slate-500">You have read-only access to this contract, so you cannot ask questions about it.</p>
      )}
      <PanelSubsection title="Questions" count={questions.data?.length}>
        <QueryList query={questions} what="Questions" empty="No questions yet.">
          {(items) => <QuestionList questions={items} label="Questions about this contract" onShow={onShowInDocument} />}
        </QueryList>
      </PanelSubsection>
    </PanelSection>
  );
}
