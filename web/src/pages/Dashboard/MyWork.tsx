import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { CalendarClock, ClipboardCheck, FileClock, History } from "lucide-react";
import { openDeadline, type ContractSummary } from "@clausewise/shared";
import { useDashboardOverview } from "../../api/contracts";
import { ContractStatusBadge } from "../../components/ContractStatusBadge";
import { Skeleton } from "../../components/ui/spinner";
import { absoluteTime, relativeTime } from "../../lib/relative-time";
import { deadlineText, isOverdue } from "./format";

function DeadlineNote({ contract }: { contract: ContractSummary }) {
  const deadline = openDeadline(contract);
  if (!deadline) return null;
  const overdue = isOverdue(deadline);
  return (
    <time dateTime={deadline} className={overdue ? "font-medium text-red-700" : "text-slate-600"}>
      {overdue ? `Overdue since ${deadlineText(deadline)}` : `Due ${deadlineText(deadline)}`}
    </time>
  );
}

function UpdatedNote({ contract }: { contract: ContractSummary }) {
  return (
    <time dateTime={contract.updatedAt} title={absoluteTime(contract.updatedAt)} className="text-slate-600">
      Updated {relativeTime(contract.updatedAt)}
    </time>
  );
}

function WorkList({
  title,
  icon,
  rows,
  loading,
  emptyText,
  note,
}: {
  title: string;
  icon: ReactNode;
  rows: ContractSummary[];
  loading: boolean;
  emptyText: string;
  note: (contract: ContractSummary) => ReactNode;
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
        {title}
      </h3>
      {loading ? (
        <div className="mt-3 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="mt-3 space-y-2.5">
          {rows.map((contract) => (
            <li key={contract.id} className="min-w-0 text-sm">
              <Link to={`/contracts/${encodeURIComponent(contract.id)}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline" title={contract.title}>
                {contract.title}
              </Link>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                <ContractStatusBadge status={contract.status} />
                {note(contract)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "My work" (issue 17 item 5): what waits for the signed-in member, and what changed lately. */
export function MyWork() {
  const overview = useDashboardOverview();
  const data = overview.data;
  const loading = overview.isPending;
  if (overview.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        Your work could not be loaded. The contract list below is still up to date.
      </p>
    );
  }
  return (
    <section aria-labelledby="my-work-heading">
      <h2 id="my-work-heading" className="mb-3 text-base font-semibold text-slate-900">
        My work
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <WorkList
          title="Reviews waiting for me"
          icon={<FileClock className="size-4" />}
          rows={data?.reviews ?? []}
          loading={loading}
          emptyText="No reviews are assigned to you."
          note={(c) => <DeadlineNote contract={c} />}
        />
        <WorkList
          title="Approvals waiting for me"
          icon={<ClipboardCheck className="size-4" />}
          rows={data?.approvals ?? []}
          loading={loading}
          emptyText="Nothing is waiting for your approval."
          note={(c) => <DeadlineNote contract={c} />}
        />
        <WorkList
          title="Deadlines this week"
          icon={<CalendarClock className="size-4" />}
          rows={data?.deadlines ?? []}
          loading={loading}
          emptyText="No deadlines in the next 7 days."
          note={(c) => <DeadlineNote contract={c} />}
        />
        <WorkList
          title="Recent activity"
          icon={<History className="size-4" />}
          rows={data?.recent ?? []}
          loading={loading}
          emptyText="No activity yet."
          note={(c) => <UpdatedNote contract={c} />}
        />
      </div>
    </section>
  );
}
