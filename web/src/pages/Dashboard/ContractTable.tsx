import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, FileSearch, RefreshCw, Search } from "lucide-react";
import clsx from "clsx";
import {
  CONTRACT_STATUSES,
  CONTRACT_STATUS_LABELS,
  openDeadline,
  type ContractSort,
  type ContractStatus,
  type ContractSummary,
} from "@clausewise/shared";
import { useContractPage } from "../../api/contracts";
import { errorText } from "../../api/client";
import { ContractStatusBadge } from "../../components/ContractStatusBadge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/spinner";
import { useDebouncedValue } from "../../lib/hooks";
import { absoluteTime, relativeTime } from "../../lib/relative-time";
import { RiskBadge } from "../../components/analysis/RiskBadge";
import { deadlineText, PRIORITY_TEXT } from "./format";

const ALL = "all";
const STATUS_OPTIONS = [
  { value: ALL, label: "All statuses" },
  ...CONTRACT_STATUSES.map((status) => ({ value: status, label: CONTRACT_STATUS_LABELS[status] })),
];
const SEARCH_DEBOUNCE_MS = 300;
/** The API refuses longer search text (contractListQuery). */
const SEARCH_MAX_LENGTH = 200;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

function isStatus(value: string): value is ContractStatus {
  return (CONTRACT_STATUSES as readonly string[]).includes(value);
}

const COLUMNS: { sort: ContractSort; label: string; className?: string }[] = [
  { sort: "title", label: "Title", className: "w-[30%]" },
  { sort: "client", label: "Client" },
  { sort: "status", label: "Status" },
  { sort: "priority", label: "Priority" },
  { sort: "deadline", label: "Deadline" },
  { sort: "risk", label: "Risk" },
  { sort: "updated", label: "Updated" },
];

/** Which way a column sorts first: newest, most urgent and riskiest on top; names A to Z. */
const FIRST_DIRECTION: Record<ContractSort, "asc" | "desc"> = {
  title: "asc",
  client: "asc",
  status: "asc",
  priority: "desc",
  deadline: "asc",
  risk: "desc",
  updated: "desc",
};

function SortHeader({
  column,
  sort,
  direction,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: ContractSort;
  direction: "asc" | "desc";
  onSort: (sort: ContractSort) => void;
}) {
  const active = column.sort === sort;
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={clsx("px-3 py-2 font-medium", column.className)}
    >
      <button
        type="button"
        onClick={() => onSort(column.sort)}
        className={clsx(
          "inline-flex items-center gap-1 rounded text-xs tracking-wide uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600",
          active ? "text-slate-900" : "text-slate-500",
        )}
      >
        {column.label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}

function ContractRow({ contract }: { contract: ContractSummary }) {
  const deadline = openDeadline(contract);
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-3 py-2.5">
        <Link
          to={`/contracts/${encodeURIComponent(contract.id)}`}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="line-clamp-2" title={contract.title}>
            {contract.title}
          </span>
        </Link>
        <span className="font-mono text-xs text-slate-500">v{contract.version}</span>
      </td>
      <td className="max-w-48 truncate px-3 py-2.5 text-slate-700" title={contract.client ?? undefined}>
        {contract.client || <span className="text-slate-500">No client specified</span>}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <ContractStatusBadge status={contract.status} />
      </td>
      <td className="px-3 py-2.5 text-slate-700">{PRIORITY_TEXT[contract.priority]}</td>
      <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">
        {deadline ? <time dateTime={deadline}>{deadlineText(deadline)}</time> : <span className="text-slate-500">—</span>}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {contract.risk ? <RiskBadge level={contract.risk} /> : <span className="text-slate-500">Not analyzed</span>}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-slate-600">
        <time dateTime={contract.updatedAt} title={absoluteTime(contract.updatedAt)}>
          {relativeTime(contract.updatedAt)}
        </time>
      </td>
    </tr>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading contracts" className="space-y-3 p-4">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-1/6" />
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-4 w-1/6" />
        </div>
      ))}
    </div>
  );
}

/**
 * Spec §2 "Active Contracts" as a full-width table (issue 17 item 5): server-side search, status
 * filter, sort and pages (limit + keyset cursor; the total from X-Total-Count). `empty` is shown
 * instead of the table when the company has no contracts at all.
 */
export function ContractTable({ empty }: { empty: ReactNode }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<string>(ALL);
  const [sort, setSort] = useState<ContractSort>("updated");
  const [direction, setDirection] = useState<"asc" | "desc">("desc");
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  /** The cursors of the pages before this one and this one's (undefined: the first page). */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const statusFilter = isStatus(status) ? status : undefined;

  // A new filter, sort or page size starts again from the first page.
  const [pagedFor, setPagedFor] = useState("");
  const pagingKey = JSON.stringify([debouncedSearch, statusFilter, sort, direction, pageSize]);
  if (pagedFor !== pagingKey) {
    setPagedFor(pagingKey);
    if (cursors.length > 1) setCursors([undefined]);
  }
  const pageIndex = cursors.length - 1;
  const page = useContractPage({
    search: debouncedSearch || undefined,
    status: statusFilter,
    sort,
    direction,
    limit: pageSize,
    cursor: cursors[pageIndex],
  });
  const rows = page.data?.rows ?? [];
  const total = page.data?.total ?? 0;
  const filtered = Boolean(debouncedSearch) || statusFilter !== undefined;
  const first = pageIndex * pageSize + 1;

  const onSort = (next: ContractSort) => {
    if (next === sort) {
      setDirection(direction === "asc" ? "desc" : "asc");
    } else {
      setSort(next);
      setDirection(FIRST_DIRECTION[next]);
    }
  };

  if (page.isSuccess && !page.isPlaceholderData && total === 0 && !filtered) return <>{empty}</>;

  return (
    <section aria-labelledby="active-contracts-heading" className="rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        <div className="flex items-center gap-2">
          <h2 id="active-contracts-heading" className="text-base font-semibold text-slate-900">
            Active Contracts
          </h2>
          <span
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
            aria-label={page.isPending ? undefined : `${total} contract${total === 1 ? "" : "s"}`}
          >
            {page.isPending ? "–" : total.toLocaleString("en-CA")}
          </span>
        </div>
        <div className="ml-auto flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <div className="relative min-w-56 flex-1">
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
          <Select aria-label="Filter by status" value={status} onValueChange={setStatus} options={STATUS_OPTIONS} className="w-48" />
        </div>
      </div>

      <div aria-busy={page.isFetching || undefined}>
        {page.isPending ? (
          <TableSkeleton />
        ) : page.isError ? (
          <div role="alert" className="m-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-medium">Contracts could not be loaded.</p>
            <p className="mt-1 text-red-800">{errorText(page.error, "Please try again.")}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void page.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <FileSearch aria-hidden="true" className="size-8 text-slate-500" />
            <p className="mt-3 text-sm font-medium text-slate-900">No contracts found</p>
            <p className="mt-1 text-xs text-slate-500">{filtered ? "Try a different search or status." : "Contracts your team uploads will appear here."}</p>
          </div>
        ) : (
          <div className={clsx("overflow-x-auto transition-opacity", page.isPlaceholderData && "opacity-60")}>
            <table aria-label="Contracts" className="w-full min-w-[56rem] text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  {COLUMNS.map((column) => (
                    <SortHeader key={column.sort} column={column} sort={sort} direction={direction} onSort={onSort} />
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((contract) => (
                  <ContractRow key={contract.id} contract={contract} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {!page.isPending && !page.isError && total > 0 && (
        <nav aria-label="Contract pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
          <p aria-live="polite">
            {page.isPlaceholderData
              ? "Loading…"
              : rows.length > 0
                ? `${first.toLocaleString("en-CA")}–${(first + rows.length - 1).toLocaleString("en-CA")} of ${total.toLocaleString("en-CA")}`
                : `0 of ${total.toLocaleString("en-CA")}`}
          </p>
          <div className="flex items-center gap-2">
            <label className="flex items-center gap-2">
              Rows per page
              <select
                value={pageSize}
                onChange={(e) => setPageSize(Number(e.target.value))}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" size="sm" disabled={pageIndex === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!page.data?.nextCursor || page.isPlaceholderData}
              onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
