import { useId, useState } from "react";
import { formatDistanceToNow } from "date-fns";
import { CHANGE_THREAD_COMMENT_MAX_LENGTH, type DocumentChange } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useAddChangeComment, useChangeComments } from "../../api/changes";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Label } from "../ui/field";
import { Skeleton } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

/** The label of the button that opens a change's thread: "Comments", "1 comment", "3 comments". */
export function threadLabel(count: number | undefined): string {
  if (!count) return "Comments";
  return count === 1 ? "1 comment" : `${count} comments`;
}

interface ChangeThreadProps {
  change: Pick<DocumentChange, "id" | "contractId">;
  canComment: boolean;
}

/** The comment thread of one suggestion (issue 14): who said what, oldest first, and a reply box for those who may comment. */
export function ChangeThread({ change, canComment }: ChangeThreadProps) {
  const comments = useChangeComments(change.contractId, change.id, true);
  const add = useAddChangeComment(change.contractId, change.id);
  const [draft, setDraft] = useState("");
  const inputId = useId();

  const submit = () => {
    const content = draft.trim();
    if (content === "") {
      toast({ title: "Comment Not Added", description: "Write a comment first.", variant: "destructive" });
      return;
    }
    add.mutate(content, {
      onSuccess: () => setDraft(""),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast({ title: "Comment Not Added", description: errorText(error, "The comment could not be added. Please try again."), variant: "destructive" });
      },
    });
  };

  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      {comments.isPending ? (
        <div role="status" aria-label="Loading comments" className="space-y-1.5">
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(comments.error, "The comments could not be loaded.")}
        </p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-slate-600">No comments yet.</p>
      ) : (
        <ol aria-label="Comments on this change" className="space-y-2">
          {comments.data.map((comment) => (
            <li key={comment.id} className="text-sm">
              <p className="text-xs text-slate-500">
                <span className="font-medium text-slate-800">{comment.authorName}</span>
                {" · "}
                <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString("en-CA", { dateStyle: "medium", timeStyle: "short" })}>
                  {formatDistanceToNow(new Date(comment.createdAt), { addSuffix: true })}
                </time>
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-800">{comment.content}</p>
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <form
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={inputId} className="sr-only">
            Reply to this change
          </Label>
          <Textarea
            id={inputId}
            rows={2}
            maxLength={CHANGE_THREAD_COMMENT_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Reply to this change"
          />
          <div className="flex justify-end">
            <Button size="sm" type="submit" disabled={add.isPending}>
              {add.isPending ? "Commenting..." : "Comment"}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
