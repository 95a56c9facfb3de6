/**
 * Soak: minutes of mixed load through the real API (edits to the live document through REST,
 * uploads, markups, notification reads) from several concurrent users, then the error count,
 * per-operation latency and the process's memory before and after.
 * Prints figures; asserts nothing. Run: npx -y pnpm@10 bench:soak
 * (node --expose-gc, so the heap is measured after a full collection.)
 * SOAK_SECONDS (default 600) and SOAK_WORKERS (default 8); DATABASE_URL for PostgreSQL.
 */
import { createTestApp, type TestClient } from "../api/src/test/app";
import { createContract, createTeam } from "../api/src/test/factories";
import { makePdf } from "../api/src/test/fixtures";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8);

interface OpStats {
  ok: number;
  errors: number;
  ms: number[];
  lastError?: string;
}

const stats = new Map<string, OpStats>();
function record(op: string, ms: number, error?: string) {
  const s = stats.get(op) ?? { ok: 0, errors: 0, ms: [] };
  if (error) {
    s.errors++;
    s.lastError = error;
  } else s.ok++;
  s.ms.push(ms);
  stats.set(op, s);
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const t = await createTestApp();
try {
  const team = await createTeam(t.deps.db);
  // Unlimited contracts, so uploads measure the product and not the plan's monthly limit.
  await t.deps.db.execute(`update companies set subscription_plan = 'enterprise' where id = '${team.company.id}'`);
  const contracts = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) =>
      createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id, title: `Soak EPC ${i}`, content: `<p>1. Scope of Work. Soak contract ${i}.</p>` }),
    ),
  );
  const pdf = await makePdf(["1. Scope of Work. The Contractor shall perform the Work.", "2. Payment. Net 30 days."]);
  const clientFor = (token: string): TestClient => {
    const c = t.client();
    c.useSession(token);
    return c;
  };
  const admin = clientFor(team.admin.token);
  const users = [admin, clientFor(team.approver.token), clientFor(team.reviewer.token)];

  async function timed(op: string, run: () => Promise<{ status: number; text: string }>, expected: number[]) {
    const started = performance.now();
    try {
      const res = await run();
      record(op, performance.now() - started, expected.includes(res.status) ? undefined : `${res.status} ${res.text.slice(0, 120)}`);
    } catch (error) {
      record(op, performance.now() - started, String(error));
    }
  }

  async function worker(index: number, until: number) {
    const contract = contracts[index]!;
    const user = users[index % users.length]!;
    let step = 0;
    let content = `<p>1. Scope of Work. Soak contract ${index}.</p>`;
    while (Date.now() < until) {
      step++;
      switch (step % 5) {
        case 0:
          content += `<p>${step}. Added clause ${step} by worker ${index}.</p>`;
          await timed("edit (PUT /api/contracts/{id})", () => admin.request("PUT", `/api/contracts/${contract.id}`, { content }), [200]);
          break;
        case 1:
          await timed("markup (POST)", () => user.post(`/api/contracts/${contract.id}/markups`, { type: "comment", content: `Check clause ${step}.` }), [201]);
          break;
        case 2:
          await timed("notifications (GET)", () => user.get("/api/notifications"), [200]);
          await timed("unread-count (GET)", () => user.get("/api/notifications/unread-count"), [200]);
          break;
        case 3:
          if (step % 25 === 3) {
            await timed("upload (POST /api/contracts)", () => {
              const form = new FormData();
              form.set("file", new Blob([new Uint8Array(pdf)]), `soak-${index}-${step}.pdf`);
              form.set("title", `Soak upload ${index}-${step}`);
              form.set("processingConsent", "true");
              form.set("storageConsent", "false");
              return admin.request("POST", "/api/contracts", form);
            }, [201]);
          } else {
            await timed("contract list (GET)", () => user.get("/api/contracts"), [200]);
          }
          break;
        case 4:
          await timed("mark all read (POST)", () => user.post("/api/notifications/mark-all-read"), [200]);
          break;
      }
    }
  }

  global.gc?.();
  const before = process.memoryUsage();
  console.log(`soak: ${SECONDS} s, ${WORKERS} workers, database: ${t.deps.database.kind}; RSS before ${mb(before.rss)}, heap ${mb(before.heapUsed)}`);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i, until)));
  global.gc?.();
  const after = process.memoryUsage();

  let total = 0;
  let errors = 0;
  console.log("operation                          ok   errors   p50 ms   p99 ms");
  for (const [op, s] of stats) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    total += s.ok + s.errors;
    errors += s.errors;
    console.log(`${op.padEnd(32)} ${String(s.ok).padStart(5)} ${String(s.errors).padStart(8)} ${pct(sorted, 50).toFixed(0).padStart(8)} ${pct(sorted, 99).toFixed(0).padStart(8)}${s.lastError ? `   last error: ${s.lastError}` : ""}`);
  }
  // RSS also counts the extraction worker threads and, on PGlite, its WebAssembly memory (which
  // grows and never shrinks); the heap after a full GC is the figure that shows a leak.
  console.log(`total ${total} operations, ${errors} errors; RSS after ${mb(after.rss)} (${after.rss >= before.rss ? "+" : ""}${mb(after.rss - before.rss)}), heap ${mb(after.heapUsed)}`);
} finally {
  await t.close();
}
