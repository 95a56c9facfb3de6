// `pnpm seed`: migrates the configured database and creates the demo company if it holds no company.
import { openDatabase } from "../db/client";
import { loadConfig } from "../env";
import { createLogger } from "../logger";
import { seedDemoIfEmpty } from "./demo";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });

try {
  await database.migrate();
  const result = await seedDemoIfEmpty({ db: database.db, logger, now: () => new Date() });
  logger.info(
    { database: database.kind, ...result },
    result.seeded ? "Demo company created: sign in as admin@demo.test, approver@demo.test or reviewer@demo.test" : "The database already has a company; nothing seeded",
  );
} catch (error) {
  logger.error({ err: error }, "seeding failed");
  process.exitCode = 1;
} finally {
  await database.close();
}
