/**
 * A CPU profile of the API while autocannon (its own process, 50 connections) loads one cached URL,
 * GET /api/contracts of 100 contracts unless QUERY says more (e.g. "?limit=50"). Prints req/s, the
 * server's CPU time per request and the functions with the most self time; writes the .cpuprofile
 * (PROFILE_OUT) for Chrome DevTools. PROFILE=0 measures without the profiler. Prints; asserts nothing.
 * Run: npx tsx bench/api-profile.ts   (BENCH_SECONDS per run, 8)
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createTestApp } from "../api/src/test/app";
import { createContract, createTeam } from "../api/src/test/factories";

const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const OUT = process.env.PROFILE_OUT ?? "api.cpuprofile";
const PROFILE = process.env.PROFILE !== "0";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Share of samples by function (self time), highest first. */
function selfTime(profile: { nodes: ProfileNode[]; samples: number[] }, top: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "")}:${lineNumber + 1}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => `${((100 * n) / profile.samples.length).toFixed(1).padStart(5)} %  ${name}`);
}

const t = await createTestApp({ sessionCacheMs: 3000, answerCacheMs: 3000 });
try {
  const team = await createTeam(t.deps.db);
  for (let i = 0; i < 100; i++) {
    await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id, title: `Bench EPC Agreement ${i + 1}`, client: `Client ${i % 7}` });
  }
  const url = `${t.baseUrl}/api/contracts${process.env.QUERY ?? ""}`;
  const args = [AUTOCANNON, "-j", "-c", "50", "-d", String(SECONDS), "-H", `cookie=cw_session=${team.admin.token}`, "-H", "accept-encoding=gzip, deflate, br", url];
  const run = () =>
    new Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number }>((resolve, reject) =>
      execFile(process.execPath, args, { maxBuffer: 1 << 24 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as never))),
    );
  await run(); // warm-up: JIT, caches
  const session = new Session();
  session.connect();
  if (PROFILE) {
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  console.log(
    `${url}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; ` +
      `server CPU per request: user ${(used.user / result.requests.total).toFixed(1)} µs, system ${(used.system / result.requests.total).toFixed(1)} µs`,
  );
  if (PROFILE) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(OUT, JSON.stringify(profile));
    console.log(`self time (${OUT}; "writev" includes waiting for a CPU on a shared machine):\n${selfTime(profile as never, 25).join("\n")}`);
  }
  session.disconnect();
} finally {
  await t.close();
}
