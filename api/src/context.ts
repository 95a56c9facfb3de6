import type { Config } from "./env";
import type { Database, Db } from "./db/client";
import type { EventBus } from "./events/bus";
import type { Mailer } from "./email/mailer";
import type { Logger } from "./logger";
import type { AuthState } from "./auth/sessions";
import type { AnswerCache } from "./http/answer-cache";

/** Everything a request or a job needs from the outside world; built once per process (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  bus: EventBus;
  /** The clock; tests replace it to move time. */
  now: () => Date;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    logger: Logger;
    /** The signed-in caller, once the route accepts them (an API key only on routes that declare keys). */
    auth: AuthState | null;
    /** A valid API key presented with the request, held back until the route declares it takes keys. */
    apiKey: AuthState | null;
    /** The request's session cookie named a session that timed out (see requireAuth). */
    sessionExpired: boolean;
    /** Recent answers of company-wide lists (http/answer-cache.ts); unset outside the API. */
    answerCache: AnswerCache | undefined;
    /** The answer came whole and encoded from the answer cache: nothing after it touches it. */
    cachedAnswer: boolean | undefined;
  };
};
