import { defineConfig } from "vitest/config";

const reportDir = process.env.CI_REPORT_DIR;
const reportName = process.env.CI_REPORT_NAME ?? "vitest";

export default defineConfig({
  test: {
    include: ["{shared,api,realtime,web}/src/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/${reportName}.json` }]] : ["default"],
  },
});
