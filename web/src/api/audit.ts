import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditFilterQuery, AuditPage } from "@clausewise/shared";
import { api } from "./client";
import { downloadFrom } from "./download";

/** Where a log is read: the caller's own company, or (platform operators) one company from Billing Administration. */
export function auditLogPath(companyId?: string): string {
  return companyId ? `/api/admin/companies/${encodeURIComponent(companyId)}/audit-events` : "/api/audit-events";
}

const query = (filters: AuditFilterQuery) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;

/** The log newest first, a page at a time ("Load more" follows nextCursor). */
export function useAuditLog(path: string, filters: AuditFilterQuery) {
  return useInfiniteQuery({
    queryKey: ["audit", path, filters],
    queryFn: ({ pageParam, signal }) => api.get<AuditPage>(path, { query: { ...query(filters), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every event matching the filters as CSV, from the server (not only the pages loaded). */
export function downloadAuditCsv(path: string, filters: AuditFilterQuery): Promise<void> {
  const params = new URLSearchParams(query(filters)).toString();
  return downloadFrom(`${path}/export${params ? `?${params}` : ""}`, "audit-log.csv");
}
