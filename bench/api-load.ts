/**
 * API throughput with autocannon at 50 connections: GET /api/contracts (100 contracts) and
 * GET /api/notifications/unread-count through the real app (session cookie, tenancy, database),
 * then a page of 50 out of 10,000 contracts (first page and a page deep in by cursor, by the
 * default order and by title), beside a bare Hono route in the same run as the ceiling of this machine.
 * Prints figures; asserts nothing. Run: npx -y pnpm@10 bench:api  (DATABASE_URL for PostgreSQL)
 * BENCH_SECONDS sets the duration of each run (default 10).
 */
import autocannon from "autocannon";
import { contracts, notifications } from "../api/src/db/schema";
import { createTestApp } from "../api/src/test/app";
import { startBareHono } from "../api/src/test/bare-hono";
import { createContract, createTeam } from "../api/src/test/factories";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const bare = await startBareHono();

const t = await createTestApp();
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

  console.log(`API load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, database: ${t.deps.database.kind}`);
  const rows = [
    await load("bare Hono route (ceiling)", bare.url),
    await load("GET /api/contracts (100 contracts)", `${t.baseUrl}/api/contracts`, cookie),
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
  const pageUrl = (query: string) => `${t.baseUrl}/api/contracts?${query}`;
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
    await load("contracts: page 61 of 50 by title", `${t.baseUrl}${deep}`, bigCookie),
    await load("contracts: 1st page by -deadline", pageUrl("limit=50&sort=-deadline"), bigCookie),
    await load("contracts: page 50, status filter", pageUrl("limit=50&status=approved&sort=priority&offset=2450"), bigCookie),
  );
  console.log("route                                    req/s     p50 ms   p99 ms   errors  non-2xx");
  for (const r of rows) {
    console.log(`${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`);
  }
} finally {
  await t.close();
  bare.close();
}
