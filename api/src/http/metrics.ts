import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppDeps, AppEnv } from "../context";
import { jobs } from "../db/schema";
import { httpRequestDuration, metrics, METRICS_CONTENT_TYPE } from "../metrics";

/** Observes every API request's latency, labelled by the route pattern (never the raw path: ids would explode the series). */
export function observeRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Middleware and the catch-all 404 are registered for ALL methods; the handler that answered is not.
    const route = matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? "unmatched";
    httpRequestDuration.observe({ method: c.req.method, route, status: String(c.res.status) }, (performance.now() - started) / 1000);
  };
}

/** Registers the gauges read from the database (job queue depth by type) for this app's database. */
export function registerDatabaseGauges(deps: Pick<AppDeps, "db">): void {
  metrics.gauge("clausewise_jobs_queue_depth", "Durable jobs waiting to run (queued), by type.", async () => {
    const rows = await deps.db
      .select({ type: jobs.type, count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.status} = 'queued'`)
      .groupBy(jobs.type);
    return rows.map((r) => ({ labels: { type: r.type }, value: Number(r.count) }));
  });
}

/** GET /metrics: Prometheus text exposition of this process. */
export async function metricsResponse(): Promise<Response> {
  return new Response(await metrics.render(), { headers: { "content-type": METRICS_CONTENT_TYPE } });
}
