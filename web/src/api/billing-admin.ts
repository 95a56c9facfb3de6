import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminCompany,
  AdminCompanyDetail,
  ProcessOverdueResponse,
  ReactivateCompanyRequest,
  RecordPaymentRequest,
  SuspendCompanyRequest,
} from "@clausewise/shared";
import { api } from "./client";

export const adminCompaniesKey = ["admin", "companies"] as const;
export const adminCompanyKey = (id: string) => ["admin", "companies", id] as const;

const companyPath = (id: string) => `/api/admin/companies/${encodeURIComponent(id)}`;

/** GET /api/admin/companies: every company for a platform operator, the own one for a company admin. */
export function useAdminCompanies(enabled = true) {
  return useQuery({ queryKey: adminCompaniesKey, queryFn: ({ signal }) => api.get<AdminCompany[]>("/api/admin/companies", { signal }), enabled });
}

/** GET /api/admin/companies/{id}: company, admin user and billing events. */
export function useAdminCompany(id: string | null) {
  return useQuery({
    queryKey: adminCompanyKey(id ?? ""),
    queryFn: ({ signal }) => api.get<AdminCompanyDetail>(companyPath(id ?? ""), { signal }),
    enabled: id !== null,
  });
}

/** Spec §4: suspend, reactivate and record-payment each refresh the company list and the selected company. */
function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey });
}

export function useSuspendCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ id, ...body }: SuspendCompanyRequest & { id: string }) => api.post<AdminCompanyDetail>(`${companyPath(id)}/suspend`, body),
    onSuccess: refresh,
  });
}

export function useReactivateCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ id, ...body }: ReactivateCompanyRequest & { id: string }) => api.post<AdminCompanyDetail>(`${companyPath(id)}/reactivate`, body),
    onSuccess: refresh,
  });
}

export function useRecordPayment() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ id, ...body }: RecordPaymentRequest & { id: string }) => api.post<AdminCompanyDetail>(`${companyPath(id)}/record-payment`, body),
    onSuccess: refresh,
  });
}

/** POST /api/admin/process-overdue: acts on all companies. */
export function useProcessOverdue() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: () => api.post<ProcessOverdueResponse>("/api/admin/process-overdue"),
    onSuccess: refresh,
  });
}
