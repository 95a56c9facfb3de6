import { useState, type FormEvent } from "react";
import clsx from "clsx";
import { SUPPORT_DESK_MESSAGES, TICKET_REPLY_MAX_LENGTH, ticketReplyRequest, type TicketReply } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { absoluteTime } from "../../lib/relative-time";
import { toast } from "../../stores/toast";

/** The replies on a ticket, oldest first; the viewer's own side on the right. */
export function Conversation({ replies, mine }: { replies: TicketReply[]; mine: TicketReply["side"] }) {
  if (replies.length === 0) return <p className="text-sm text-slate-500">No replies yet.</p>;
  return (
    <ol className="space-y-3" aria-label="Conversation">
      {replies.map((reply) => (
        <li key={reply.id} className={clsx("max-w-[85%] rounded-lg border px-3 py-2", reply.side === mine ? "ml-auto border-brand-200 bg-brand-50" : "border-slate-200 bg-slate-50")}>
          <p className="text-xs text-slate-500">
            <span className="font-medium text-slate-700">{reply.authorName}</span> · {absoluteTime(reply.createdAt)}
          </p>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{reply.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** A reply box: checked with the server's schema, cleared once sent, the server's message on failure. */
export function ReplyForm({ label, send, pending }: { label: string; send: (body: string) => Promise<unknown>; pending: boolean }) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketReplyRequest.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SUPPORT_DESK_MESSAGES.replyEmpty);
    setError(null);
    try {
      await send(parsed.data.body);
      setBody("");
      toast({ title: SUPPORT_DESK_MESSAGES.replySent });
    } catch (failure) {
      toast({ title: SUPPORT_DESK_MESSAGES.replyFailed, description: errorText(failure, "Your reply could not be sent. Please try again."), variant: "destructive" });
    }
  };
  return (
    <form className="space-y-2" onSubmit={(e) => void submit(e)} noValidate>
      <label className="block text-sm font-medium text-slate-800">
        {label}
        <Textarea className="mt-1.5" value={body} maxLength={TICKET_REPLY_MAX_LENGTH} onChange={(e) => setBody(e.target.value)} aria-invalid={error ? true : undefined} />
      </label>
      {error && <p className="text-xs font-medium text-red-600">{error}</p>}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending..." : "Send Reply"}
        </Button>
      </div>
    </form>
  );
}
