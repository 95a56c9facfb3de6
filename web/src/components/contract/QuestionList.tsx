import { LoaderCircle, LocateFixed, MessageCircleQuestion } from "lucide-react";
import type { Question } from "@clausewise/shared";
import { sectionLabel } from "../analysis/labels";
import type { ShowInDocument } from "../analysis/QuotedClause";
import { Button } from "../ui/button";
import { fullDateTime, timeAgo } from "./format";
import { ShowAllList } from "./ShowAllList";

/** The answer arrives later from the analysis engine (spec §7 'AI answers later'). */
export const PROCESSING_TEXT = "AI is processing your question...";

/** Newest first, whatever order the list arrives in. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

function QuestionItem({ question, compact, onShow }: { question: Question; compact: boolean; onShow?: ShowInDocument }) {
  return (
    <article className="rounded-md border border-slate-200 bg-white p-2.5">
      <p className="flex gap-1.5 text-sm font-medium break-words text-slate-900">
        <MessageCircleQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span className={compact ? "line-clamp-2" : undefined}>{question.question}</span>
      </p>
      {question.answer === null ? (
        <p className="mt-1.5 flex items-center gap-1.5 pl-5.5 text-xs text-slate-500" role="status">
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin text-brand-600" />
          {PROCESSING_TEXT}
        </p>
      ) : (
        <p className={`mt-1.5 pl-5.5 text-xs whitespace-pre-line break-words text-slate-700 ${compact ? "line-clamp-3" : ""}`}>{question.answer}</p>
      )}
      {!compact && onShow && question.citations.length > 0 && (
        <ul aria-label="Clauses quoted in the answer" className="mt-1 flex flex-wrap gap-1 pl-5.5">
          {question.citations.map((citation, index) => (
            <li key={`${citation.start}:${index}`}>
              <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-brand-700" onClick={() => onShow(citation)}>
                <LocateFixed aria-hidden="true" />
                {sectionLabel(citation.section) || `Quote ${index + 1}`}
                <span className="sr-only">: show the quoted clause in the document</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 pl-5.5 text-[0.7rem] text-slate-500">
        <time dateTime={question.createdAt} title={fullDateTime(question.createdAt)}>
          Asked {timeAgo(question.createdAt)}
        </time>
      </p>
    </article>
  );
}

/** The first 3 questions (spec §9) with their answers or the processing text, then 'Show all (N)'; each quoted clause can be shown in the document. */
export function QuestionList({ questions, compact = false, label = "Questions", onShow }: { questions: readonly Question[]; compact?: boolean; label?: string; onShow?: ShowInDocument }) {
  return (
    <ShowAllList
      label={label}
      items={newestFirst(questions)}
      getKey={(q) => q.id}
      renderItem={(q) => <QuestionItem question={q} compact={compact} onShow={onShow} />}
    />
  );
}
