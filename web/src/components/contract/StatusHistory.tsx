import { History } from "lucide-react";
import type { StatusHistoryEntry } from "@clausewise/shared";
import { useStatusHistory } from "../../api/workflow";
import { fullDateTime, timeAgo } from "./format";
import { PanelSection } from "./PanelSection";
import { ListSkeleton, LoadError } from "./QueryState";

function Entry({ entry }: { entry: StatusHistoryEntry }) {
  return (
    <li className="border-l-2 border-slate-200 pl-3">
      <p className="text-sm font-medium text-slate-900">
        {entry.label}
        {entry.version !== null && <span className="ml-1.5 font-mono text-xs font-normal text-slate-500">v{entry.version}</span>}
      </p>
      <p className="text-xs text-slate-600">
        {entry.by ?? "Someone"}
        {" · "}
        <time dateTime={entry.at} title={fullDateTime(entry.at)}>
          {timeAgo(entry.at)}
        </time>
      </p>
      {entry.comment && <p className="mt-1 text-xs whitespace-pre-line text-slate-600 italic">{entry.comment}</p>}
    </li>
  );
}

/** Who changed the contract's status, when and why (issue 14: a reopening's reason is visible here), newest first. */
export function StatusHistory({ contractId }: { contractId: string }) {
  const history = useStatusHistory(contractId);
  return (
    <PanelSection title="Status History" icon={History}>
      {history.isPending ? (
        <ListSkeleton label="Loading the status history" />
      ) : history.isError ? (
        <LoadError what="The status history" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-xs text-slate-500">No status changes yet.</p>
      ) : (
        <ol aria-label="Status history, newest first" className="space-y-3">
          {history.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </PanelSection>
  );
}
