import type { AnalysisFinding, ContractAnalysis, DetectedClause, RiskLevel } from "@clausewise/shared";

/** Test support for the analysis components (imported by *.test.tsx only). */

export function finding(title: string, overrides: Partial<AnalysisFinding> = {}): AnalysisFinding {
  return { title, description: `${title}: why it matters.`, category: "general", riskLevel: "medium" satisfies RiskLevel, section: null, excerpt: "", start: 0, end: 0, ...overrides };
}

export function clause(code: DetectedClause["code"], overrides: Partial<DetectedClause> = {}): DetectedClause {
  return { code, section: null, heading: null, excerpt: `${code} text`, start: 0, end: 10, ...overrides };
}

/** GET /api/contracts/{id}/analysis for contract c-1: done with nothing found unless overridden. */
export function makeAnalysis(overrides: Partial<ContractAnalysis> = {}): ContractAnalysis {
  return {
    contractId: "c-1",
    status: "done",
    progress: 100,
    error: null,
    engine: "local",
    model: null,
    createdAt: "2026-11-20T15:00:00.000Z",
    completedAt: "2026-11-20T15:01:00.000Z",
    contractType: "construction",
    overallRisk: "high",
    summary: "An EPC agreement weighted towards the owner.",
    riskItems: [],
    advantages: [],
    recommendations: [],
    clauses: [],
    stale: false,
    refreshAt: null,
    ...overrides,
  };
}
