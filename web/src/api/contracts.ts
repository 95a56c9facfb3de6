import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContractDetail, ContractSort, ContractStatus, ContractSummary, DashboardOverview } from "@clausewise/shared";
import { api, apiGetWithHeaders } from "./client";
import { contractKey, contractListKey, contractPageKey, dashboardOverviewKey } from "./keys";

export interface ContractFilters {
  search?: string;
  status?: ContractStatus;
}

export function useContracts(filters: ContractFilters, enabled = true) {
  return useQuery({
    queryKey: contractListKey(filters),
    queryFn: ({ signal }) =>
      api.get<ContractSummary[]>("/api/contracts", { query: { search: filters.search, status: filters.status }, signal }),
    enabled,
    // Keep the current list on screen while a new search runs instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useContract(id: string | undefined) {
  return useQuery({
    queryKey: contractKey(id ?? ""),
    queryFn: ({ signal }) => api.get<ContractDetail>(`/api/contracts/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id),
  });
}

export interface ContractPageParams extends ContractFilters {
  sort: ContractSort;
  direction: "asc" | "desc";
  limit: number;
  /** The key of the page (from the previous page's Link header); undefined: the first page. */
  cursor?: string | undefined;
}

export interface ContractPage {
  rows: ContractSummary[];
  /** Every contract matching the filters (X-Total-Count). */
  total: number;
  /** The cursor of the next page, read from the Link header; null on the last page. */
  nextCursor: string | null;
}

/** The `cursor` of a `Link: <…>; rel="next"` header. */
export function nextCursorOf(link: string | null): string | null {
  const target = link?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
  if (!target) return null;
  return new URL(target, "http://localhost").searchParams.get("cursor");
}

/** One page of the contract table: sorted and paged on the server, the previous page kept while the next loads. */
export function useContractPage(params: ContractPageParams) {
  const query = {
    search: params.search,
    status: params.status,
    sort: `${params.direction === "desc" ? "-" : ""}${params.sort}`,
    limit: String(params.limit),
    cursor: params.cursor,
  };
  return useQuery({
    queryKey: contractPageKey(query),
    queryFn: async ({ signal }): Promise<ContractPage> => {
      const { data, headers } = await apiGetWithHeaders<ContractSummary[]>("/api/contracts", { query, signal });
      const total = Number(headers.get("x-total-count"));
      return { rows: data, total: Number.isFinite(total) && headers.has("x-total-count") ? total : data.length, nextCursor: nextCursorOf(headers.get("link")) };
    },
    placeholderData: keepPreviousData,
  });
}

/** "My work" on the dashboard (GET /api/dashboard/overview). */
export function useDashboardOverview() {
  return useQuery({
    queryKey: dashboardOverviewKey,
    queryFn: ({ signal }) => api.get<DashboardOverview>("/api/dashboard/overview", { signal }),
  });
}
