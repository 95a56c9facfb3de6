import { useMutation, useQuery } from "@tanstack/react-query";
import type { Jurisdiction, JurisdictionAnalysisRequest, JurisdictionAnalysisResult } from "@clausewise/shared";
import { api } from "./client";

export const jurisdictionsKey = ["jurisdictions"] as const;

/** GET /api/jurisdictions: the provinces, territories and federal law, with names. */
export function useJurisdictions() {
  return useQuery({
    queryKey: jurisdictionsKey,
    queryFn: ({ signal }) => api.get<Jurisdiction[]>("/api/jurisdictions", { signal }),
  });
}

/** POST /api/analyze-jurisdiction: stateless, so nothing to invalidate afterwards. */
export function useAnalyzeJurisdiction() {
  return useMutation({
    mutationFn: (request: JurisdictionAnalysisRequest) => api.post<JurisdictionAnalysisResult>("/api/analyze-jurisdiction", request),
  });
}
