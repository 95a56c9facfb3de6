import { useState } from "react";
import { Inbox, LogIn } from "lucide-react";
import {
  SUPPORT_DESK_MESSAGES,
  SUPPORT_MESSAGES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  shortTicketId,
  type SupportTicket,
  type TicketStatus,
} from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useSupportTickets } from "../../api/support";
import { useReplyAsRequester, useTicketDetail } from "../../api/support-desk";
import { StatusPanel } from "../../components/StatusPanel";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadingState } from "../../components/ui/spinner";
import { absoluteTime } from "../../lib/relative-time";
import { Conversation, ReplyForm } from "./Conversation";

export const STATUS_TONES: Record<TicketStatus, BadgeTone> = { open: "info", in_progress: "warning", resolved: "success", closed: "neutral" };
export const PRIORITY_TONES: Record<SupportTicket["priority"], BadgeTone> = { low: "neutral", medium: "brand", high: "warning", urgent: "danger" };

/** The conversation under an open ticket card: replies, and a reply box unless the ticket is closed. */
function TicketThread({ ticket }: { ticket: SupportTicket }) {
  const detail = useTicketDetail(ticket.id);
  const reply = useReplyAsRequester(ticket.id);
  if (detail.isPending) return <LoadingState label="Loading the conversation..." />;
  if (detail.isError) return <p className="text-sm text-red-600">{errorText(detail.error, "The conversation could not be loaded.")}</p>;
  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4">
      <p className="text-sm whitespace-pre-line text-slate-700">{detail.data.description}</p>
      <Conversation replies={detail.data.replies} mine="requester" />
      {detail.data.status === "closed" ? (
        <p className="text-sm text-slate-500">{SUPPORT_DESK_MESSAGES.closed}</p>
      ) : (
        <ReplyForm label="Reply to support" send={(body) => reply.mutateAsync(body)} pending={reply.isPending} />
      )}
    </div>
  );
}

function TicketCard({ ticket, open, onToggle }: { ticket: SupportTicket; open: boolean; onToggle: () => void }) {
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">{ticket.subject}</h3>
            <p className="mt-0.5 text-xs text-slate-500">
              <span className="font-mono" title={ticket.id}>
                #{shortTicketId(ticket.id)}
              </span>
              {" · "}
              {TICKET_CATEGORY_LABELS[ticket.category]}
              {" · "}
              Created {absoluteTime(ticket.createdAt)}
              {ticket.resolvedAt ? ` · Resolved ${absoluteTime(ticket.resolvedAt)}` : null}
            </p>
          </div>
          <div className="flex gap-1.5">
            <Badge tone={PRIORITY_TONES[ticket.priority]}>{TICKET_PRIORITY_LABELS[ticket.priority]}</Badge>
            <Badge tone={STATUS_TONES[ticket.status]}>{TICKET_STATUS_LABELS[ticket.status]}</Badge>
          </div>
        </div>
        {!open && <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line text-slate-700">{ticket.description}</p>}
        <Button variant="ghost" size="sm" className="mt-2 -ml-3" aria-expanded={open} onClick={onToggle}>
          {open ? "Hide conversation" : "View conversation"}
        </Button>
        {open && <TicketThread ticket={ticket} />}
      </Card>
    </li>
  );
}

/** Billing spec §2 "My Tickets": only when logged in; otherwise a prompt to log in. */
export function TicketList({ signedIn, onLoginRequired, initialTicket = null }: { signedIn: boolean; onLoginRequired: () => void; initialTicket?: string | null }) {
  const tickets = useSupportTickets(signedIn);
  // Opened from a mailed link (/support?ticket=…), or by the card's button.
  const [openId, setOpenId] = useState<string | null>(initialTicket);
  if (!signedIn) {
    return (
      <Card>
        <StatusPanel icon={LogIn} title="Log in to see your tickets">
          <p>{SUPPORT_MESSAGES.loginRequired}</p>
          <Button className="mt-4" onClick={onLoginRequired}>
            Log In
          </Button>
        </StatusPanel>
      </Card>
    );
  }
  if (tickets.isPending) return <LoadingState label="Loading tickets..." />;
  if (tickets.isError) {
    return (
      <p className="text-sm text-red-600" role="alert">
        Your tickets could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => void tickets.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  if (tickets.data.length === 0) {
    return (
      <Card>
        <StatusPanel icon={Inbox} title="No tickets yet">
          {SUPPORT_MESSAGES.noTickets}
        </StatusPanel>
      </Card>
    );
  }
  return (
    <ul className="space-y-3" aria-label="My support tickets">
      {tickets.data.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} open={openId === ticket.id} onToggle={() => setOpenId(openId === ticket.id ? null : ticket.id)} />
      ))}
    </ul>
  );
}
