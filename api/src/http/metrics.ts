import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppDeps, AppEnv } from "../context";
import type { Config } from "../env";
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

export interface MetricsCaller {
  /** The socket's peer address (never a forwarded one). */
  remoteAddress: string | undefined;
  authorization: string | undefined;
  /** The request came through a proxy (it carries forwarding headers). */
  forwarded: boolean;
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;
const sha = (value: string) => createHash("sha256").update(value).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (401 otherwise);
 * without one (the embedded default), only a scraper on this machine: a loopback peer whose request
 * did not come through a proxy, since a local reverse proxy would make every visitor look local.
 * Anyone else is told there is nothing here (404).
 */
export function metricsAccess(config: Pick<Config, "metricsToken">, caller: MetricsCaller): "allowed" | "unauthorized" | "hidden" {
  if (config.metricsToken) {
    const match = /^bearer\s+(.+)$/i.exec(caller.authorization?.trim() ?? "");
    return match && timingSafeEqual(sha(match[1]!.trim()), sha(config.metricsToken)) ? "allowed" : "unauthorized";
  }
  return !caller.forwarded && LOOPBACK.test(caller.remoteAddress ?? "") ? "allowed" : "hidden";
}

/** Headers a proxy adds: their presence means the socket's peer is not the caller. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

export const METRICS_REFUSALS = {
  unauthorized: { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' }, body: { error: "unauthorized", message: "Unauthorized: /metrics needs the metrics token." } },
  hidden: { status: 404, headers: {}, body: { error: "not_found", message: "Not found" } },
} as const;

/** GET /metrics: Prometheus text exposition of this process, for callers metricsAccess allows. */
export async function metricsResponse(config: Pick<Config, "metricsToken">, caller: MetricsCaller): Promise<Response> {
  const access = metricsAccess(config, caller);
  if (access !== "allowed") {
    const refusal = METRICS_REFUSALS[access];
    return Response.json(refusal.body, { status: refusal.status, headers: refusal.headers });
  }
  return new Response(await metrics.render(), { headers: { "content-type": METRICS_CONTENT_TYPE } });
}
