import { useState } from "react";
import { KeyRound, Users } from "lucide-react";
import type { ContractDetail, ContractReviewer, Markup, MarkupType } from "@clausewise/shared";
import { can, useCurrentUser } from "../../api/auth";
import { useMarkups } from "../../api/markups";
import { useQuestions } from "../../api/questions";
import { useReviewers } from "../../api/reviewers";
import { roleLabel } from "../../lib/user";
import { Avatar } from "../ui/avatar";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { fullDateTime, timeAgo } from "./format";
import { ManageAccessDialog } from "./ManageAccessDialog";
import { QueryList } from "./QueryState";
import { PanelSection, PanelSubsection } from "./PanelSection";
import { newestFirst, QuestionList } from "./QuestionList";
import { ShowAllList } from "./ShowAllList";
import { ViewingNow } from "./ViewingNow";

const MARKUP_TYPE_LABELS: Record<MarkupType, string> = { comment: "Comment", suggestion: "Suggestion", approval: "Approval", flag: "Flag" };
const MARKUP_TONES: Record<MarkupType, BadgeTone> = { comment: "info", suggestion: "brand", approval: "success", flag: "danger" };

function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

function ReviewerItem({ reviewer }: { reviewer: ContractReviewer }) {
  return (
    <div className="flex items-center gap-2.5">
      <Avatar initial={initialOf(reviewer.name)} className="size-8" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={reviewer.email}>
          {reviewer.name}
        </p>
        <p className="truncate text-xs text-slate-500">{roleLabel(reviewer.role)}</p>
      </div>
    </div>
  );
}

function MarkupItem({ markup }: { markup: Markup }) {
  const type = markup.type as MarkupType;
  return (
    <article className="rounded-md border border-slate-200 bg-white p-2.5">
      <div className="flex items-center justify-between gap-2">
        <Badge tone={MARKUP_TONES[type] ?? "neutral"}>{MARKUP_TYPE_LABELS[type] ?? markup.type}</Badge>
        <time dateTime={markup.createdAt} title={fullDateTime(markup.createdAt)} className="text-[0.7rem] text-slate-500">
          {timeAgo(markup.createdAt)}
        </time>
      </div>
      <p className="mt-1.5 line-clamp-3 text-xs break-words whitespace-pre-line text-slate-700">{markup.content}</p>
      <p className="mt-1 text-[0.7rem] text-slate-500">{markup.authorName}</p>
    </article>
  );
}

/** Right panel: the people on the contract, the first 3 recent markups and the first 3 questions (spec §2, §9). */
export function TeamCollaboration({ contract }: { contract: ContractDetail }) {
  const reviewers = useReviewers(contract.id);
  const markups = useMarkups(contract.id);
  const questions = useQuestions(contract.id);
  const user = useCurrentUser();
  const [managing, setManaging] = useState(false);
  // Both abilities come from the server: granting on this contract, and the grant routes' own rule
  // (admin and approver; a reviewer raised to `approve` on one contract holds the first only).
  const canManageAccess = contract.abilities.grantAccess && can(user.data, "access.grant");

  return (
    <PanelSection title="Team Collaboration" icon={Users}>
      <ViewingNow contractId={contract.id} />
      <PanelSubsection title="Reviewers" count={reviewers.data?.length}>
        <QueryList query={reviewers} what="Reviewers" rows={2} empty="No one else works on this contract yet.">
          {(people) => <ShowAllList label="Reviewers" items={people} getKey={(r) => r.id} renderItem={(r) => <ReviewerItem reviewer={r} />} />}
        </QueryList>
        {canManageAccess && (
          <Button variant="secondary" size="sm" className="w-full" aria-haspopup="dialog" onClick={() => setManaging(true)}>
            <KeyRound aria-hidden="true" />
            Manage Access
          </Button>
        )}
      </PanelSubsection>

      <PanelSubsection title="Recent Markups" count={markups.data?.length}>
        <QueryList query={markups} what="Markups" empty="No markups yet.">
          {(items) => <ShowAllList label="Recent markups" items={newestFirst(items)} getKey={(m) => m.id} renderItem={(m) => <MarkupItem markup={m} />} />}
        </QueryList>
      </PanelSubsection>

      <PanelSubsection title="Recent Questions" count={questions.data?.length}>
        <QueryList query={questions} what="Questions" empty="No questions yet.">
          {(items) => <QuestionList questions={items} compact label="Recent questions" />}
        </QueryList>
      </PanelSubsection>
      {canManageAccess && <ManageAccessDialog contract={contract} open={managing} onOpenChange={setManaging} />}
    </PanelSection>
  );
}
