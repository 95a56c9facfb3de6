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
import { closeExtractionPool } from "./documents";

export interface Runtime {
  deps: AppDeps;
  app: Hono<AppEnv>;
  close(): Promise<void>;
}

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** Opens the database, applies migrations, seeds demo data when asked, and builds the app. */
export async function createRuntime(config: Config): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const deps: AppDeps = {
    config: { ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST },
    database,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    bus: await openEventBus(config, logger),
    now: () => new Date(),
  };
  if (config.seedDemo) await seedDemoIfEmpty(deps);
  return {
    deps,
    app: createApp(deps),
    async close() {
      await closeExtractionPool();
      deps.mailer.close();
      await deps.bus.close();
      await database.close();
    },
  };
}
