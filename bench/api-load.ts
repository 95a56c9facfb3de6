/**
 * API throughput with autocannon at 50 connections: GET /api/contracts (100 contracts) and
 * GET /api/notifications/unread-count through the real app (session cookie, tenancy, database),
 * beside a bare Hono route in the same run as the ceiling of this machine.
 * Prints figures; asserts nothing. Run: npx -y pnpm@10 bench:api  (DATABASE_URL for PostgreSQL)
 * BENCH_SECONDS sets the duration of each run (default 10).
 */
import autocannon from "autocannon";
import { notifications } from "../api/src/db/schema";
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
  console.log("route                                    req/s     p50 ms   p99 ms   errors  non-2xx");
  for (const r of rows) {
    console.log(`${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`);
  }
} finally {
  await t.close();
  bare.close();
}
