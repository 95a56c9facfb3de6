import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { createApp } from "./app";
import type { AppDeps, AppEnv } from "./context";
import { openDatabase } from "./db/client";
import { createMailer } from "./email/mailer";
import type { Config } from "./env";
import { openEventBus } from "./events/open";
import { createLogger } from "./logger";
import { seedDemoIfEmpty } from "./seed/demo";
import { seedKnowledgeBase } from "./support/articles";
import { closeExtractionPool } from "./documents";
import { closeCpuPool } from "./workers/cpu";
import { createAnalysisRunner } from "./analysis/jobs";
import { startNotificationJobs } from "./notifications/jobs";
import { startRetentionJobs } from "./commands/contracts/retention";
import { startBillingJobs } from "./billing/jobs";

export interface Runtime {
  deps: AppDeps;
  app: Hono<AppEnv>;
  close(): Promise<void>;
}

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface RuntimeOptions {
  /** Run the durable jobs (analysis, answers) in this process; the realtime-only process does not. */
  jobs?: boolean;
}

/** Opens the database, applies migrations, seeds demo data when asked, builds the app and starts the job runner. */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, pgliteSharedBuffers: config.pgliteSharedBuffers, pgliteThread: config.pgliteThread });
  await database.migrate();
  await seedKnowledgeBase(database.db);
  const deps: AppDeps = {
    config: { ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST },
    database,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger, logBodies: config.nodeEnv === "development" }),
    bus: await openEventBus(config, logger),
    now: () => new Date(),
  };
  if (config.seedDemo) await seedDemoIfEmpty(deps);
  const runner = options.jobs === false ? null : createAnalysisRunner(deps);
  runner?.start();
  const notificationRunner = options.jobs === false ? null : await startNotificationJobs(deps);
  const retentionRunner = options.jobs === false ? null : await startRetentionJobs(deps);
  const billingRunner = options.jobs === false ? null : await startBillingJobs(deps);
  return {
    deps,
    app: createApp(deps),
    async close() {
      await runner?.stop();
      await notificationRunner?.stop();
      await retentionRunner?.stop();
      await billingRunner?.stop();
      await closeExtractionPool();
      await closeCpuPool();
      deps.mailer.close();
      await deps.bus.close();
      await database.close();
    },
  };
}
