import { z } from "zod";
import { loadConfig, type Config } from "@clausewise/api/env";

const realtimeSchema = z.object({
  /** Port of the standalone realtime process (Procfile `realtime:`); the embedded start uses PORT. */
  REALTIME_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export interface RealtimeConfig {
  api: Config;
  port: number;
}

/** The only reader of process.env in this package; shared settings come from the API's env.ts. */
export function loadRealtimeConfig(): RealtimeConfig {
  const api = loadConfig();
  const own = realtimeSchema.parse(process.env);
  return { api, port: own.REALTIME_PORT ?? api.port };
}
