import type { AppDeps } from "../context";
import { ANALYSIS_JOB } from "../commands/contracts/upload";
import { ANSWER_QUESTION_JOB, type AnswerQuestionPayload } from "../commands/questions/ask";
import { createJobRunner, type JobHandler, type JobRunner } from "../jobs/queue";
import { createAnalyst, type Analyst } from "./analyst";
import { REANALYSIS_JOB, type ReanalysisPayload } from "./refresh";
import { answerStoredQuestion, refreshContractAnalysis, runContractAnalysis } from "./service";

export type AnalysisJobPayload = { contractId: string };

/** The durable jobs of contract intelligence: analysing a contract (again once edits settle), answering a question. */
export function analysisJobHandlers(deps: AppDeps, analyst: Analyst = createAnalyst(deps)): Record<string, JobHandler> {
  return {
    [ANALYSIS_JOB]: (job) => runContractAnalysis(deps, (job.payload as AnalysisJobPayload).contractId, analyst),
    [ANSWER_QUESTION_JOB]: (job) => answerStoredQuestion(deps, (job.payload as AnswerQuestionPayload).questionId, analyst),
    [REANALYSIS_JOB]: (job) => refreshContractAnalysis(deps, (job.payload as ReanalysisPayload).contractId, analyst),
  };
}

/** The job runner of an API process (several processes share the queue: claims skip locked rows). */
export function createAnalysisRunner(deps: AppDeps, options: { pollMs?: number; lockTimeoutMs?: number; analyst?: Analyst } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    // Analyses and mail start as soon as they are committed, not at the next poll.
    database: deps.database,
    logger: deps.logger.child({ component: "jobs" }),
    handlers: analysisJobHandlers(deps, options.analyst),
    now: deps.now,
    pollMs: options.pollMs,
    lockTimeoutMs: options.lockTimeoutMs,
  });
}
