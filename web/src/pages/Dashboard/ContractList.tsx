import { useState } from "react";
import { Link } from "react-router-dom";
import { FileSearch, RefreshCw, Search } from "lucide-react";
import clsx from "clsx";
import { CONTRACT_STATUSES, CONTRACT_STATUS_LABELS, type ContractStatus, type ContractSummary } from "@clausewise/shared";
import { useContracts } from "../../api/contracts";
import { errorText } from "../../api/client";
import { ContractStatusBadge } from "../../components/ContractStatusBadge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/spinner";
import { useDebouncedValue } from "../../lib/hooks";
import { absoluteTime, relativeTime } from "../../lib/relative-time";

const ALL = "all";
const STATUS_OPTIONS = [
  { value: ALL, label: "All statuses" },
  ...CONTRACT_STATUSES.map((status) => ({ value: status, label: CONTRACT_STATUS_LABELS[status] })),
];
const SEARCH_DEBOUNCE_MS = 300;
/** The API refuses longer search text (contractListQuery). */
const SEARCH_MAX_LENGTH = 200;

function isStatus(value: string): value is ContractStatus {
  return (CONTRACT_STATUSES as readonly string[]).includes(value);
}

function ContractListItem({ contract, selected }: { contract: ContractSummary; selected: boolean }) {
  return (
    <li>
      <Link
        to={`/contracts/${encodeURIComponent(contract.id)}`}
        aria-current={selected ? "page" : undefined}
        className={clsx(
          "block rounded-lg border px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          selected
            ? "border-brand-300 bg-brand-50 ring-1 ring-brand-300"
            : "border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50",
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <p className="line-clamp-2 min-w-0 text-sm font-medium text-slate-900" title={contract.title}>
            {contract.title}
          </p>
          <span className="shrink-0 font-mono text-xs text-slate-500">v{contract.version}</span>
        </div>
        <p className="mt-0.5 truncate text-xs text-slate-600">{contract.client || "No client specified"}</p>
        <div className="mt-2.5 flex items-center justify-between gap-2">
          <ContractStatusBadge status={contract.status} />
          <time dateTime={contract.updatedAt} title={absoluteTime(contract.updatedAt)} className="text-xs text-slate-500">
            {relativeTime(contract.updatedAt)}
          </time>
        </div>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading contracts" className="space-y-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="mt-2 h-3 w-1/2" />
          <div className="mt-3 flex justify-between">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Spec §2 "Active Contracts": server-side search and status filter, newest answers kept on screen. */
export function ContractList({ selectedId, className }: { selectedId?: string; className?: string }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<string>(ALL);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const contracts = useContracts({ search: debouncedSearch || undefined, status: isStatus(status) ? status : undefined });
  const list = contracts.data ?? [];
  const filtered = Boolean(debouncedSearch) || status !== ALL;

  return (
    <section aria-labelledby="active-contracts-heading" className={clsx("flex min-h-0 flex-col", className)}>
      <div className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex items-center justify-between">
          <h2 id="active-contracts-heading" className="text-base font-semibold text-slate-900">
            Active Contracts
          </h2>
          <span
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
            aria-label={contracts.isPending ? undefined : `${list.length} contract${list.length === 1 ? "" : "s"}`}
          >
            {contracts.isPending ? "–" : list.length}
          </span>
        </div>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            type="search"
            aria-label="Search contracts"
            placeholder="Search contracts..."
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <Select aria-label="Filter by status" value={status} onValueChange={setStatus} options={STATUS_OPTIONS} className="w-full" />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-busy={contracts.isFetching || undefined}>
        {contracts.isPending ? (
          <ListSkeleton />
        ) : contracts.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-medium">Contracts could not be loaded.</p>
            <p className="mt-1 text-red-800">{errorText(contracts.error, "Please try again.")}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void contracts.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <FileSearch aria-hidden="true" className="size-8 text-slate-500" />
            <p className="mt-3 text-sm font-medium text-slate-900">No contracts found</p>
            <p className="mt-1 text-xs text-slate-500">
              {filtered ? "Try a different search or status." : "Contracts your team uploads will appear here."}
            </p>
          </div>
        ) : (
          <ul className={clsx("space-y-2 transition-opacity", contracts.isPlaceholderData && "opacity-60")}>
            {list.map((contract) => (
              <ContractListItem key={contract.id} contract={contract} selected={contract.id === selectedId} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
