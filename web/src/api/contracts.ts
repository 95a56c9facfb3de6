import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContractDetail, ContractStatus, ContractSummary } from "@clausewise/shared";
import { api } from "./client";
import { contractKey, contractListKey } from "./keys";

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
