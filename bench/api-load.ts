/**
 * API throughput at 50 connections, at 100 and at 10,000 contracts, beside a bare Hono route measured
 * in the same run as the ceiling of this machine:
 * - GET /api/contracts (the full list of 100) and GET /api/notifications/unread-count through the
 *   real app (session cookie, tenancy, database);
 * - a page of 50 out of 10,000 contracts (first page, a page deep in by cursor, by title, by
 *   -deadline, an offset page with a status filter).
 * Each runs with the production defaults (sessions and company-wide list answers kept a few seconds,
 * SESSION_CACHE_MS / ANSWER_CACHE_MS) and the two lists again with both caches off (every request
 * reads the database: the cost of a miss).
 * The load client (autocannon) runs in its own process, so it never shares the server's event loop;
 * the server's event-loop delay (max, p99) and the servers' CPU time per request are printed per run
 * (the CPU figure moves less than req/s when other work shares the machine). Prints figures; asserts nothing.
 * Run: npx -y pnpm@10 bench:api  (DATABASE_URL for PostgreSQL). BENCH_SECONDS: seconds per run (10).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { contracts, notifications } from "../api/src/db/schema";
import { createTestApp } from "../api/src/test/app";
import { startBareHono } from "../api/src/test/bare-hono";
import { createContract, createTeam } from "../api/src/test/factories";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
/** The production defaults of SESSION_CACHE_MS and ANSWER_CACHE_MS (api/src/env.ts). */
const CACHE_MS = 3000;

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  loopMax: number;
  loopP99: number;
  /** CPU time of this process (the servers) per answered request: steadier than req/s on a shared machine. */
  cpuUs: number;
}

/** autocannon in a child process (its own event loop and CPU time, as a real client's). */
function autocannon(url: string, headers: Record<string, string>): Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number }> {
  const args = [AUTOCANNON, "-j", "-c", String(CONNECTIONS), "-d", String(SECONDS)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as never);
    });
  });
}

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

async function load(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Every answer as a browser asks for it (gzip accepted).
  loop.reset();
  const cpu = process.cpuUsage();
  const result = await autocannon(url, { "accept-encoding": "gzip, deflate, br", ...headers });
  const used = process.cpuUsage(cpu);
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    loopMax: loop.max / 1e6,
    loopP99: loop.percentile(99) / 1e6,
    cpuUs: (used.user + used.system) / Math.max(1, result.requests.total),
  };
}

const load1 = () => loadavg()[0]!.toFixed(2);
const bare = await startBareHono();
// The app as deployed (caches on), and a second instance on the same database with both caches off.
const t = await createTestApp({ sessionCacheMs: CACHE_MS, answerCacheMs: CACHE_MS });
const cold = await createTestApp({ sessionCacheMs: 0, answerCacheMs: 0 }, { database: t.deps.database });
const startLoad = load1();
try {
  const team = await createTeam(t.deps.db);
  for (let i = 0; i < 100; i++) {
    await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id, title: `Bench EPC Agreement ${i + 1}`, client: `Client ${i % 7}` });
  }
  await t.deps.db.insert(notifications).values(
    Array.from({ length: 40 }, (_, i) => ({ companyId: team.company.id, userId: team.admin.user.id, type: "other", title: `Notice ${i}`, message: "Bench notice", read: i % 2 === 0 })),
  );
  const cookie = { cookie: `cw_session=${team.admin.token}` };
  const check = await fetch(`${t.baseUrl}/api/contracts`, { headers: cookie });
  const listed = (await check.json()) as unknown[];
  if (check.status !== 200 || listed.length !== 100) throw new Error(`GET /api/contracts answered ${check.status} with ${listed.length} contracts`);

  console.log(`API load: autocannon (own process), ${CONNECTIONS} connections, ${SECONDS} s per run, database: ${t.deps.database.kind}, caches ${CACHE_MS} ms`);
  const rows = [
    await load("bare Hono route (ceiling)", bare.url),
    await load("GET /api/contracts (100 contracts)", `${t.baseUrl}/api/contracts`, cookie),
    await load("  same, caches off", `${cold.baseUrl}/api/contracts`, cookie),
    await load("GET /api/notifications/unread-count", `${t.baseUrl}/api/notifications/unread-count`, cookie),
  ];

  // 10,000 contracts in a second company (inserted in batches; the first 100 stay in the first).
  const big = await createTeam(t.deps.db);
  const bigCookie = { cookie: `cw_session=${big.admin.token}` };
  const statuses = ["under_review", "pending_approval", "approved", "rejected"];
  const priorities = ["low", "medium", "high", "urgent"];
  for (let start = 0; start < 10_000; start += 500) {
    await t.deps.db.insert(contracts).values(
      Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        return {
          companyId: big.company.id,
          title: `Bench EPC Agreement ${String(i).padStart(5, "0")}`,
          client: `Client ${i % 97}`,
          status: statuses[i % 4]!,
          priority: priorities[i % 4]!,
          content: "<p>1. Scope of Work.</p>",
          plainText: "1. Scope of Work.",
          reviewDeadline: i % 3 === 0 ? `2026-12-${String(1 + (i % 28)).padStart(2, "0")}` : null,
          updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        };
      }),
    );
  }
  await t.deps.db.execute("analyze contracts");
  const pageUrl = (query: string, base = t.baseUrl) => `${base}/api/contracts?${query}`;
  const first = await fetch(pageUrl("limit=50"), { headers: bigCookie });
  const firstRows = (await first.json()) as unknown[];
  if (first.status !== 200 || firstRows.length !== 50 || first.headers.get("x-total-count") !== "10000") {
    throw new Error(`GET /api/contracts?limit=50 answered ${first.status} with ${firstRows.length} rows, total ${first.headers.get("x-total-count")}`);
  }
  // A page deep in: follow the Link headers 60 pages (3,000 rows) in.
  let deep = "/api/contracts?sort=title&limit=50";
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${t.baseUrl}${deep}`, { headers: bigCookie });
    const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "");
    if (!link) throw new Error("no next page");
    deep = link[1]!;
  }
  rows.push(
    await load("contracts: 1st page of 50 / 10,000", pageUrl("limit=50"), bigCookie),
    await load("  same, caches off", pageUrl("limit=50", cold.baseUrl), bigCookie),
    await load("contracts: page 61 of 50 by title", `${t.baseUrl}${deep}`, bigCookie),
    await load("contracts: 1st page by -deadline", pageUrl("limit=50&sort=-deadline"), bigCookie),
    await load("contracts: page 50, status filter", pageUrl("limit=50&status=approved&sort=priority&offset=2450"), bigCookie),
    await load("bare Hono route (again, at the end)", bare.url),
  );
  const ceiling = Math.max(rows[0]!.rps, rows.at(-1)!.rps);
  console.log("route                                    req/s  % bare   p50 ms   p99 ms  errors non-2xx  loop max/p99 ms  CPU µs/req");
  for (const r of rows) {
    const share = `${((100 * r.rps) / ceiling).toFixed(1)}%`;
    console.log(
      `${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} ${share.padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(7)}  ${r.loopMax.toFixed(0).padStart(6)} / ${r.loopP99.toFixed(0).padEnd(4)} ${r.cpuUs.toFixed(0).padStart(9)}`,
    );
  }
  console.log(`load average (1 min, ${availableParallelism()} cores): ${startLoad} at start, ${load1()} at end`);
} finally {
  loop.disable();
  await cold.close();
  await t.close();
  bare.close();
}
