import { useState } from "react";
import clsx from "clsx";
import {
  SUPPORT_DESK_MESSAGES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  shortTicketId,
  type InboxQuery,
  type InboxTicket,
  type TicketStatus,
} from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useInbox, useInboxTicket, useReplyAsSupport, useSetTicketStatus } from "../../api/support-desk";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { absoluteTime } from "../../lib/relative-time";
import { toast } from "../../stores/toast";
import { Conversation, ReplyForm } from "./Conversation";
import { PRIORITY_TONES, STATUS_TONES } from "./TicketList";

const FILTERS: { value: InboxQuery["status"]; label: string }[] = [
  { value: "active", label: "Open and in progress" },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
];

function TicketRow({ ticket, selected, onSelect }: { ticket: InboxTicket; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        aria-current={selected || undefined}
        onClick={onSelect}
        className={clsx("w-full px-4 py-3 text-left hover:bg-slate-50", selected && "bg-brand-50")}
      >
        <p className="truncate text-sm font-medium text-slate-900">{ticket.subject}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          <span className="font-mono">#{shortTicketId(ticket.id)}</span> · {ticket.companyName} · {ticket.requester.name}
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          <Badge tone={PRIORITY_TONES[ticket.priority]}>{TICKET_PRIORITY_LABELS[ticket.priority]}</Badge>
          <Badge tone={STATUS_TONES[ticket.status]}>{TICKET_STATUS_LABELS[ticket.status]}</Badge>
          {ticket.awaiting === "support" && ticket.status !== "closed" && <Badge tone="danger">Awaiting reply</Badge>}
        </p>
      </button>
    </li>
  );
}

function TicketPanel({ id }: { id: string }) {
  const detail = useInboxTicket(id);
  const reply = useReplyAsSupport(id);
  const setStatus = useSetTicketStatus(id);
  if (detail.isPending) return <LoadingState label="Loading the ticket..." />;
  if (detail.isError) return <p className="text-sm text-red-600">{errorText(detail.error, "The ticket could not be loaded.")}</p>;
  const ticket = detail.data;
  const onStatus = (status: TicketStatus) =>
    setStatus.mutate(status, {
      onSuccess: () => toast({ title: SUPPORT_DESK_MESSAGES.statusUpdated, description: `#${shortTicketId(ticket.id)} is now ${TICKET_STATUS_LABELS[status].toLowerCase()}.` }),
      onError: (error) => toast({ title: SUPPORT_DESK_MESSAGES.statusFailed, description: errorText(error, "The status could not be changed."), variant: "destructive" }),
    });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">{ticket.subject}</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            <span className="font-mono">#{shortTicketId(ticket.id)}</span> · {TICKET_CATEGORY_LABELS[ticket.category]} · {TICKET_PRIORITY_LABELS[ticket.priority]} priority · Created {absoluteTime(ticket.createdAt)}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {ticket.requester.name} &lt;{ticket.requester.email}&gt; · {ticket.companyName}
          </p>
        </div>
        <Field label="Status" className="w-40">
          {({ id }) => (
            <NativeSelect id={id} value={ticket.status} disabled={setStatus.isPending} onChange={(e) => onStatus(e.target.value as TicketStatus)}>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TICKET_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-700">{ticket.description}</p>
      <Conversation replies={ticket.replies} mine="support" />
      {ticket.status === "closed" ? (
        <p className="text-sm text-slate-500">{SUPPORT_DESK_MESSAGES.closed}</p>
      ) : (
        <ReplyForm label="Reply to the requester (sent by e-mail)" send={(body) => reply.mutateAsync(body)} pending={reply.isPending} />
      )}
    </div>
  );
}

/** Support's inbox (platform operators): every company's tickets, a conversation with each requester. */
export function Inbox({ initialTicket = null }: { initialTicket?: string | null }) {
  const [status, setStatus] = useState<InboxQuery["status"]>("active");
  const [selected, setSelected] = useState<string | null>(initialTicket);
  const inbox = useInbox(status);
  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 p-3">
          <Field label="Show">
            {({ id }) => (
              <NativeSelect id={id} value={status} onChange={(e) => setStatus(e.target.value as InboxQuery["status"])}>
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        {inbox.isPending ? (
          <LoadingState label="Loading tickets..." />
        ) : inbox.isError ? (
          <p className="p-4 text-sm text-red-600">{errorText(inbox.error, "The inbox could not be loaded.")}</p>
        ) : inbox.data.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">{SUPPORT_DESK_MESSAGES.noInbox}</p>
        ) : (
          <ul aria-label="Support inbox" className="max-h-[36rem] divide-y divide-slate-100 overflow-y-auto">
            {inbox.data.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} selected={ticket.id === selected} onSelect={() => setSelected(ticket.id)} />
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-5">{selected ? <TicketPanel key={selected} id={selected} /> : <p className="text-sm text-slate-600">Select a ticket to read and answer it.</p>}</Card>
    </div>
  );
}
