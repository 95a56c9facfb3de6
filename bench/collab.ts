/**
 * Live documents (/collab) under load, measured on the server as a process of its own (issue 4, "Done
 * when"): for each scenario, edit-to-peer latency p50/p95/p99, the offered and achieved update rate, and
 * the server's resident memory (VmRSS from /proc) and V8 heap.
 *
 *   1. one document × BENCH_EDITORS (50) editors, each typing 20 updates/s in its own paragraph: 1,000
 *      updates/s in, each relayed to the 49 others;
 *   2. BENCH_DOCUMENTS (200) documents × 5 clients: one editor typing ~1/s and BENCH_WATCHERS (4) watchers;
 *   3. BENCH_IDLE (2,000) idle connections over BENCH_IDLE_DOCUMENTS (200) documents: server memory on a
 *      fresh server, with the documents loaded (one client each), and with every connection open after
 *      BENCH_IDLE_SECONDS (30) of idling → KB per idle connection; a few probe edits meanwhile;
 *   5. (many) BENCH_MANY_DOCUMENTS (100) documents × BENCH_MANY_CLIENTS (10) editors, BENCH_MANY_RATE (4)
 *      edits/s per document (400 updates/s in), the editors of a document typing in turn, each edit
 *      relayed to the 9 others, for BENCH_MANY_SECONDS (60: the 15 s refresh of derived content falls
 *      inside the window) — issue 15's many-document scenario;
 *   4. (extra) editor → editor latency one edit at a time, and the reviewers' suggestion-only check on a
 *      long contract (BENCH_SAMPLES 300, BENCH_PARAGRAPHS 600).
 * Targets are printed beside the figures (p99 ≤ 25 ms at 1,000 updates/s in; ≤ 25 KB RSS per idle
 * connection); nothing is asserted. Run: `npx -y pnpm@10 bench:collab` (it makes the server build
 * first; then `node --expose-gc --import tsx bench/collab.ts` reruns on that build).
 *
 * The server: every scenario gets a freshly started embedded server (the server build of
 * realtime/src/embedded.ts, `pnpm start`'s process, scripts/run-server.mjs) as a child, on a throwaway database (a PGlite directory, or a new database on
 * DATABASE_URL's server), so its figures are its own and not the load generator's or an earlier
 * scenario's. Its heap is read through a small probe injected with NODE_OPTIONS (the /metrics of the
 * app exposes no process gauges): on SIGUSR2 it runs a full gc and writes process.memoryUsage(); the
 * memory figures are therefore after a forced gc, except "peak under load" (VmRSS sampled twice a second).
 * The side-by-side "fresh RSS" of every server is read at least 15 s after it started (settledFresh).
 * BENCH_TOPOLOGY=nginx runs the same scenarios through the scaled deployment instead (2 web + 2 realtime
 * processes behind deploy/nginx.conf, a fresh topology per scenario; needs DATABASE_URL, REDIS_URL and
 * nginx); "the server" is then the two realtime processes, whose memory and CPU are summed.
 *
 * The clients: the server speaks the stock y-websocket protocol; to keep the load generator light, the
 * clients of scenarios 1–3 are bare y-protocols clients over ws (sync handshake, awareness announced and
 * renewed every 15 s like the stock client). Editors hold a Y.Doc synced from the server and send the
 * updates of their own typing; they do not apply what others type (a browser would), they only look for
 * the tokens in it. Each edit inserts a unique token (~T<n>~); latency is from just before the local
 * change to the arrival of the relayed update carrying that token at each other client of the document,
 * every delivery counted (all clocks are this process's). The extra figures use the stock WebsocketProvider.
 *
 * Sizes (env): BENCH_SCALE (1; 0.1 shrinks every count for a quick run), BENCH_EDITORS, BENCH_EDITOR_RATE
 * (20 updates/s per editor), BENCH_SECONDS (10, load window of 1 and 2), BENCH_DOCUMENTS, BENCH_WATCHERS,
 * BENCH_TYPING_RATE (1 update/s per document in 2), BENCH_IDLE, BENCH_IDLE_DOCUMENTS, BENCH_IDLE_SECONDS,
 * BENCH_IDLE_STEPS (4 readings while the idle connections open; the cost per connection is their median step),
 * BENCH_DOC_PARAGRAPHS (100, size of the documents of 2 and 3), BENCH_CONNECT_BATCH (50 connections opened
 * at a time), BENCH_SCENARIOS (editors,documents,idle,extra).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type * as YModule from "../realtime/node_modules/yjs/dist/src/index.js";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import type { LoadMode, LoadResult, LoadSpec } from "./collab-load";
import { createSession } from "../api/src/auth/sessions";
import { loadConfig } from "../api/src/env";
import { openDatabase, type Db } from "../api/src/db/client";
import { createCompany, createContract, createUser } from "../api/src/test/factories";
import { decodeMessage, encodeSyncStep1, encodeSyncStep2, encodeUpdate } from "../realtime/src/collab/protocol";
import { SUGGESTION_MARKS } from "../realtime/src/collab/suggestions";
import { freePort, startEmbeddedChild, type ChildServer } from "../realtime/src/test/child";
import { connectPeer, collabUrl, documentBytes, firstText, sessionHeaders, sleep, socketWithHeaders, type Peer } from "../realtime/src/test/collab";
import { openLocation, throwawayDatabase, type ThrowawayDatabase } from "../realtime/src/test/database";
import { metricValue, spreadOverInstances, startTopology, topologyPrerequisites, type TopologyPrerequisites } from "../realtime/src/test/topology";

// yjs is a dependency of realtime/, not of the repository root: load the very module realtime's code
// uses (one Yjs per process; a second copy would break its constructor checks).
const yjsPackage = createRequire(new URL("../realtime/package.json", import.meta.url)).resolve("yjs/package.json");
const Y = (await import(pathToFileURL(path.join(path.dirname(yjsPackage), "dist/yjs.mjs")).href)) as typeof YModule;
type Doc = Peer["doc"];

const CLAUSE = "The Contractor shall perform the Work in accordance with the Contract Documents and Good Industry Practice.";
const TARGET_P99_MS = 25;
const TARGET_KB_PER_IDLE = 25;

// ---------------------------------------------------------------------------------------------- knobs

const knob = (name: string, fallback: number) => {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : Number(value);
};
const SCALE = knob("BENCH_SCALE", 1);
/** A count that BENCH_SCALE shrinks, unless given itself. */
const count = (name: string, full: number, min = 1) => Math.max(min, Math.round(knob(name, full * SCALE)));
const EDITORS = count("BENCH_EDITORS", 50, 2);
const EDITOR_RATE = knob("BENCH_EDITOR_RATE", 20);
const SECONDS = knob("BENCH_SECONDS", 10);
const DOCUMENTS = count("BENCH_DOCUMENTS", 200);
const WATCHERS = knob("BENCH_WATCHERS", 4);
const TYPING_RATE = knob("BENCH_TYPING_RATE", 1);
const IDLE = count("BENCH_IDLE", 2000, 2);
const IDLE_DOCUMENTS = Math.min(IDLE, count("BENCH_IDLE_DOCUMENTS", 200));
const IDLE_SECONDS = knob("BENCH_IDLE_SECONDS", 30);
const IDLE_STEPS = Math.max(1, Math.round(knob("BENCH_IDLE_STEPS", 4)));
const DOC_PARAGRAPHS = knob("BENCH_DOC_PARAGRAPHS", 100);
const SAMPLES = count("BENCH_SAMPLES", 300);
const PARAGRAPHS = count("BENCH_PARAGRAPHS", 600);
const CONNECT_BATCH = knob("BENCH_CONNECT_BATCH", 50);
const MANY_DOCUMENTS = count("BENCH_MANY_DOCUMENTS", 100);
const MANY_CLIENTS = knob("BENCH_MANY_CLIENTS", 10);
const MANY_RATE = knob("BENCH_MANY_RATE", 4);
const MANY_SECONDS = knob("BENCH_MANY_SECONDS", 60);
const PEERS_DOCUMENTS = count("BENCH_PEERS_DOCUMENTS", 100);
const PEERS_CLIENTS = knob("BENCH_PEERS_CLIENTS", 10);
/** Edits per second in, over all documents: one window per rate. */
const PEERS_RATES = (process.env.BENCH_PEERS_RATES ?? "400,1000").split(",").map(Number);
const PEERS_SECONDS = knob("BENCH_PEERS_SECONDS", 60);
const PEERS_ROUNDS = knob("BENCH_PEERS_ROUNDS", 3);
const PEER_SERVERS = (process.env.BENCH_PEERS ?? "clausewise,hocuspocus,ywebsocket").split(",").map((s) => s.trim()) as LoadMode[];
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? "editors,documents,many,peers,idle,extra").split(",").map((s) => s.trim()));
const NGINX = process.env.BENCH_TOPOLOGY === "nginx";

process.setMaxListeners(0); // each stock y-websocket client listens for process exit

// ------------------------------------------------------------------------------------------- printing

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
function latencyLine(samples: number[]): string {
  if (samples.length === 0) return "no samples";
  const sorted = Float64Array.from(samples).sort();
  return `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1)!)}  (n=${int(sorted.length)})`;
}

// ------------------------------------------------------------------------------ the server's figures

/**
 * Injected into the server processes with NODE_OPTIONS (plain JS as a data: URL, so it needs no tsx):
 * on SIGUSR2, a full gc, then process.memoryUsage() written to BENCH_PROBE_DIR/<pid>.json, with the
 * server's event-loop delay and garbage-collection pauses since the previous reading (the forced gc
 * itself left out): where a latency tail comes from, the server's own stalls or the network. With
 * BENCH_SERVER_PROFILE=<dir>, each server process also writes a JS profile of its life there on exit.
 */
const PROBE = `
import { renameSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread } from "node:worker_threads";
const dir = process.env.BENCH_PROBE_DIR;
if (dir && isMainThread) {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let pauses = { count: 0, totalMs: 0, maxMs: 0 };
  let forced = [0, 0];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime >= forced[0] && e.startTime <= forced[1]) continue;
      pauses.count++;
      pauses.totalMs += e.duration;
      pauses.maxMs = Math.max(pauses.maxMs, e.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGUSR2", () => {
    const stalls = { loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, gc: pauses };
    loop.reset();
    pauses = { count: 0, totalMs: 0, maxMs: 0 };
    const start = performance.now();
    gc();
    forced = [start, performance.now()];
    const file = dir + "/" + process.pid + ".json";
    writeFileSync(file + ".tmp", JSON.stringify({ ...process.memoryUsage(), stalls }));
    renameSync(file + ".tmp", file);
  });
  const profileDir = process.env.BENCH_SERVER_PROFILE;
  if (profileDir) {
    // A JS profile of the whole life of the server process, written when it exits (an in-thread
    // inspector session answers synchronously, so the exit handler can stop and write it).
    const { Session } = await import("node:inspector");
    const session = new Session();
    session.connect();
    session.post("Profiler.enable");
    session.post("Profiler.setSamplingInterval", { interval: 200 });
    session.post("Profiler.start");
    session.post("HeapProfiler.enable");
    session.post("HeapProfiler.startSampling", { samplingInterval: 65536, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    process.on("exit", () => {
      session.post("Profiler.stop", (err, result) => {
        if (!err) writeFileSync(profileDir + "/server-" + process.pid + ".cpuprofile", JSON.stringify(result.profile));
      });
      session.post("HeapProfiler.stopSampling", (err, result) => {
        if (!err) writeFileSync(profileDir + "/server-" + process.pid + ".heapprofile", JSON.stringify(result.profile));
      });
    });
  }
}`;
const probeDir = mkdtempSync(path.join(tmpdir(), "cw-bench-collab-"));
// Children inherit this process's environment (child.ts and topology.ts spread it).
process.env.BENCH_PROBE_DIR = probeDir;
const loadClientNodeOptions = process.env.NODE_OPTIONS ?? "";
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --import data:text/javascript,${encodeURIComponent(PROBE)}`.trim();

function procStatus(pid: number, field: "VmRSS" | "VmHWM"): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) * 1024;
}
/** User + system CPU seconds of a process so far (/proc/<pid>/stat fields 14 and 15, at 100 ticks/s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Seconds since a process started (/proc/<pid>/stat field 22, clock ticks since boot, at 100 ticks/s). */
function ageSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  return uptime - Number(fields[19]) / 100;
}

/**
 * A fresh server's resident size is read once start-up has settled: V8 grows its young generation to
 * the maximum (2 × 16 MB) while the modules load and gives it back only in its memory reducer's gc,
 * some 8–10 s after start-up's last major gc (about 30 MB of ClauseWise's RSS 3 s after start). So
 * every server, peers alike, is read at least this long after its processes started, and quiet.
 */
const SETTLE_SECONDS = 15;
async function settledFresh(server: Pick<Server, "pids">): Promise<Memory> {
  const youngest = Math.min(...server.pids.map(ageSeconds));
  if (youngest < SETTLE_SECONDS) await sleep((SETTLE_SECONDS - youngest) * 1000);
  await quiet(server, 20);
  return settledMemory(server);
}

interface Memory {
  rss: number;
  heapUsed: number | null;
  heapTotal: number | null;
  /** Since the previous reading: the worst server's event-loop delay, and all servers' gc pauses. */
  stalls: Stalls | null;
}

interface Stalls {
  loopP99Ms: number;
  loopMaxMs: number;
  gc: { count: number; totalMs: number; maxMs: number };
}

const stallsText = (m: Memory) =>
  m.stalls === null
    ? "n/a (probe did not answer)"
    : `event-loop delay p99 ${ms(m.stalls.loopP99Ms)}, max ${ms(m.stalls.loopMaxMs)}; gc pauses ${int(m.stalls.gc.count)}, ${ms(m.stalls.gc.totalMs)} in all, longest ${ms(m.stalls.gc.maxMs)}`;

/** After a full gc in each server process: VmRSS (from /proc) and V8 heap (from the probe), summed. */
async function serverMemory(server: Pick<Server, "pids">): Promise<Memory> {
  const out: Memory = { rss: 0, heapUsed: 0, heapTotal: 0, stalls: { loopP99Ms: 0, loopMaxMs: 0, gc: { count: 0, totalMs: 0, maxMs: 0 } } };
  for (const pid of server.pids) {
    const file = path.join(probeDir, `${pid}.json`);
    rmSync(file, { force: true });
    process.kill(pid, "SIGUSR2");
    let usage: (NodeJS.MemoryUsage & { stalls: Stalls }) | null = null;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && !usage; await sleep(20)) {
      try {
        usage = JSON.parse(readFileSync(file, "utf8")) as NodeJS.MemoryUsage & { stalls: Stalls };
      } catch {
        // not written yet
      }
    }
    out.rss += procStatus(pid, "VmRSS");
    if (usage && out.heapUsed !== null && out.heapTotal !== null) {
      out.heapUsed += usage.heapUsed;
      out.heapTotal += usage.heapTotal;
    } else {
      out.heapUsed = out.heapTotal = null;
    }
    if (usage && out.stalls) {
      const { stalls } = usage;
      out.stalls.loopP99Ms = Math.max(out.stalls.loopP99Ms, stalls.loopP99Ms);
      out.stalls.loopMaxMs = Math.max(out.stalls.loopMaxMs, stalls.loopMaxMs);
      out.stalls.gc.count += stalls.gc.count;
      out.stalls.gc.totalMs += stalls.gc.totalMs;
      out.stalls.gc.maxMs = Math.max(out.stalls.gc.maxMs, stalls.gc.maxMs);
    } else {
      out.stalls = null;
    }
  }
  return out;
}
/** The median of three readings half a second apart (RSS after gc still moves by several MB, PGlite's most of all). */
async function settledMemory(server: Pick<Server, "pids">): Promise<Memory> {
  const readings: Memory[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await sleep(500);
    readings.push(await serverMemory(server));
  }
  return readings.sort((a, b) => a.rss - b.rss)[1]!;
}
/**
 * Waits until the server has been quiet (under 10% of one core) for a second, at most `maxSeconds`:
 * memory read during the loading work (seeding, derived content) or a session re-check round is a
 * transient. Returns the seconds waited.
 */
async function quiet(server: Pick<Server, "pids">, maxSeconds = 30): Promise<number> {
  const started = performance.now();
  const cpu = () => server.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  while ((performance.now() - started) / 1000 < maxSeconds) {
    const before = cpu();
    await sleep(1000);
    if (cpu() - before < 0.1) break;
  }
  return (performance.now() - started) / 1000;
}
const heapText = (m: Memory) => (m.heapUsed === null ? "heap n/a (probe did not answer)" : `heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal!)}`);

/** Peak VmRSS (summed over the server processes), server CPU and this process's event-loop delay over a window. */
function watchWindow(server: Server) {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, server.pids.reduce((sum, pid) => sum + procStatus(pid, "VmRSS"), 0)));
  sample();
  const timer = setInterval(sample, 500);
  const cpu0 = server.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const own0 = process.cpuUsage();
  const started = performance.now();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return () => {
    clearInterval(timer);
    sample();
    delay.disable();
    const seconds = (performance.now() - started) / 1000;
    const own = process.cpuUsage(own0);
    return {
      peakRss: peak,
      serverCpu: (server.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpu0) / seconds,
      ownCpu: (own.user + own.system) / 1e6 / seconds,
      loopP99: delay.percentile(99) / 1e6,
    };
  };
}

// ----------------------------------------------------------------------------------------- servers

interface Server {
  baseUrl: string;
  /** The processes whose memory and CPU are "the server". */
  pids: number[];
  children: ChildServer[];
  /** Two stock peers on one document; through nginx, on two different realtime instances. */
  pair(contractId: string, tokens: [string, string]): Promise<[Peer, Peer]>;
}

const prerequisites: TopologyPrerequisites | null = NGINX ? topologyPrerequisites(loadConfig()) : null;
if (prerequisites && "skip" in prerequisites) throw new Error(`BENCH_TOPOLOGY=nginx: ${prerequisites.skip}`);
const databaseUrl = loadConfig().databaseUrl;
/** The throwaway database of the child servers, made on first use and dropped at the end. */
const throwaways: ThrowawayDatabase[] = [];
let migrated = false;

/** Everything a scenario opened, closed before its server stops (stock clients would reconnect). */
const opened: { close(): void }[] = [];
function closeClients(): void {
  for (const client of opened.splice(0)) client.close();
}
function stockPeer(baseUrl: string, contractId: string, token: string): Peer {
  const peer = connectPeer(baseUrl, contractId, sessionHeaders(token));
  opened.push({ close: () => peer.destroy() });
  return peer;
}

/** A fresh server for one scenario, with the scenario's rows created first; stopped afterwards. */
async function withServer<T>(setup: (db: Db) => Promise<T>, run: (server: Server, fixtures: T) => Promise<void>): Promise<void> {
  if (prerequisites && !("skip" in prerequisites)) {
    const topology = await startTopology({ ...prerequisites, seedDemo: false, compiled: true });
    const database = await openDatabase({ url: topology.databaseUrl, maxConnections: 5 });
    try {
      const fixtures = await setup(database.db);
      const server: Server = {
        baseUrl: topology.url,
        pids: topology.realtimes.map((r) => r.process.pid!),
        children: topology.realtimes,
        async pair(contractId, tokens) {
          let next = 0;
          const { items } = await spreadOverInstances(
            topology.realtimes,
            "clausewise_collab_connections_open",
            async () => {
              const p = stockPeer(topology.url, contractId, tokens[next++ % 2]!);
              await p.synced();
              return p;
            },
            (p) => p.destroy(),
          );
          return items as [Peer, Peer];
        },
      };
      await run(server, fixtures);
    } finally {
      closeClients();
      await database.close();
      await topology.close();
    }
    return;
  }
  if (throwaways.length === 0) throwaways.push(await throwawayDatabase(databaseUrl, "bench_collab"));
  const throwaway = throwaways[0]!;
  // PGlite is single-process: the rows are written before the server opens the directory.
  const setupDb = await openLocation(throwaway.location);
  let fixtures: T;
  try {
    if (!migrated) await setupDb.migrate();
    migrated = true;
    fixtures = await setup(setupDb.db);
  } finally {
    await setupDb.close();
  }
  const child = await startEmbeddedChild(throwaway.location, { compiled: true });
  try {
    await sleep(1000); // start-up work (migration check, job scheduler) out of the way
    const server: Server = {
      baseUrl: child.baseUrl,
      pids: [child.process.pid!],
      children: [child],
      async pair(contractId, [a, b]) {
        const pair: [Peer, Peer] = [stockPeer(child.baseUrl, contractId, a), stockPeer(child.baseUrl, contractId, b)];
        await Promise.all(pair.map((p) => p.synced()));
        return pair;
      },
    };
    await run(server, fixtures);
  } finally {
    closeClients();
    await child.stop();
  }
}

const serverLabel = () =>
  NGINX
    ? "through nginx (deploy/nginx.conf): 2 web + 2 realtime processes, PostgreSQL, Redis; server figures = the 2 realtime processes summed"
    : `embedded server (realtime/src/embedded.ts) as a child process, database: ${databaseUrl ? "PostgreSQL (throwaway database)" : "PGlite (throwaway directory)"}`;

/** Batched INSERTs of the update log so far, over the server processes (their /metrics). */
async function logWrites(server: Server): Promise<number> {
  const counts = await Promise.all(server.children.map((c) => metricValue(c, "clausewise_collab_update_log_write_seconds_count")));
  return counts.reduce((a, b) => a + b, 0);
}

// -------------------------------------------------------------------------------------------- rows

interface Team {
  companyId: string;
  /** Sessions of users who may edit (admins and approvers), used in turn by the connections. */
  editors: string[];
  admin: string;
  reviewer: string;
}

async function createTeamOf(db: Db, users = 20): Promise<Team> {
  const company = await createCompany(db);
  const editors: string[] = [];
  for (let i = 0; i < users; i++) {
    const user = await createUser(db, { companyId: company.id, role: i % 2 === 0 ? "admin" : "approver" });
    editors.push(await createSession(db, user.id));
  }
  const reviewer = await createUser(db, { companyId: company.id, role: "reviewer" });
  return { companyId: company.id, editors, admin: editors[0]!, reviewer: await createSession(db, reviewer.id) };
}

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `<p>${i + 1}. ${CLAUSE}</p>`).join("");

async function createContracts(db: Db, companyId: string, count: number, content: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => createContract(db, { companyId, content })));
    ids.push(...batch.map((c) => c.id));
  }
  return ids;
}

// ------------------------------------------------------------------------------- bare y-protocols client

type Socket = InstanceType<ReturnType<typeof socketWithHeaders>>;
/** Sync step 1 and 2 of a client that holds nothing. */
const EMPTY_STEP1 = Uint8Array.of(0, 0, 1, 0);
const EMPTY_STEP2 = Uint8Array.of(0, 1, 2, 0, 0);
const FROM_SERVER = Symbol("server");

function writeVarUint(out: number[], n: number): void {
  while (n > 0x7f) {
    out.push(0x80 | n % 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}
/** An awareness message announcing one client's state (y-protocols/awareness encoding). */
function awarenessFrame(clientId: number, clock: number, state: object): Uint8Array {
  const json = Buffer.from(JSON.stringify(state));
  const body: number[] = [];
  writeVarUint(body, 1);
  writeVarUint(body, clientId);
  writeVarUint(body, clock);
  writeVarUint(body, json.length);
  body.push(...json);
  const frame: number[] = [1];
  writeVarUint(frame, body.length);
  frame.push(...body);
  return Uint8Array.from(frame);
}

interface Client {
  doc: Doc | null;
  synced: Promise<void>;
  close(): void;
}

let clientNumber = 0;

/**
 * A y-websocket client without the provider: the sync handshake, awareness announced on open and
 * renewed every 15 s (as the stock client does), updates after the sync handed to `onUpdate` unapplied.
 * With a `doc`, the server's state is applied to it once, and its local changes are sent.
 */
function openClient(baseUrl: string, contractId: string, token: string, options: { doc?: Doc; onUpdate?: (update: Uint8Array) => void } = {}): Client {
  const doc = options.doc ?? null;
  const Socket = socketWithHeaders(sessionHeaders(token));
  const socket: Socket = new Socket(`${collabUrl(baseUrl)}/${contractId}`);
  const clientId = doc?.clientID ?? Math.floor(Math.random() * 0x7fffffff);
  const n = ++clientNumber;
  let clock = 0;
  let isSynced = false;
  let renew: NodeJS.Timeout | undefined;
  const announce = () => socket.send(awarenessFrame(clientId, ++clock, { user: { name: `Bench ${n}`, color: "#30bced" } }));
  const synced = new Promise<void>((resolve, reject) => {
    socket.on("open", () => {
      socket.send(doc ? encodeSyncStep1(doc) : EMPTY_STEP1);
      announce();
      renew = setInterval(announce, 15_000 + Math.random() * 1000);
      renew.unref();
    });
    socket.on("error", (error) => reject(error));
    socket.on("close", (code, reason) => {
      clearInterval(renew);
      reject(new Error(`closed before sync: ${code} ${reason.toString()}`));
    });
    socket.on("message", (data) => {
      const bytes = data as Buffer;
      let message: ReturnType<typeof decodeMessage>;
      try {
        message = decodeMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      } catch {
        return;
      }
      if (message.kind === "sync-step1") socket.send(doc ? encodeSyncStep2(doc, message.stateVector) : EMPTY_STEP2);
      else if (message.kind === "sync-step2") {
        if (doc) Y.applyUpdate(doc, message.update, FROM_SERVER);
        isSynced = true;
        resolve();
      } else if (message.kind === "update" && isSynced) options.onUpdate?.(message.update);
    });
  });
  synced.catch(() => undefined);
  doc?.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== FROM_SERVER && socket.readyState === socket.OPEN) socket.send(encodeUpdate(update));
  });
  const client: Client = {
    doc,
    synced,
    close() {
      clearInterval(renew);
      socket.terminate();
      doc?.destroy();
    },
  };
  opened.push(client);
  return client;
}

/** Opens `count` clients `batch` at a time, each batch synced before the next starts. */
async function openInBatches(total: number, open: (i: number) => Client): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < total; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, total - i) }, (_, k) => open(i + k));
    await withTimeout(Promise.all(batch.map((c) => c.synced)), 60_000, `connections ${i + 1}–${i + batch.length} to sync`);
    clients.push(...batch);
  }
  return clients;
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The XmlText of a document's n-th block. */
function paragraphText(doc: Doc, index: number) {
  const block = doc.getXmlFragment(COLLAB_FRAGMENT).get(index);
  const text = block instanceof Y.XmlElement ? block.get(0) : null;
  if (!(text instanceof Y.XmlText)) throw new Error(`the document has no text in block ${index}`);
  return text;
}

// ---------------------------------------------------------------------------------------- latency

const TILDE = 0x7e;
const T = 0x54;

/**
 * Edits carry a unique token `~T<n base 36>~`; the send time of each is kept and every arrival of an
 * update carrying it at another client is one sample.
 */
class Deliveries {
  private readonly sentAt: number[] = [];
  /** The client that typed each token (-1: none that receives). */
  private readonly sentBy: number[] = [];
  readonly samples: number[] = [];
  /** A sender's own tokens relayed back to it (the server relays a batch of several senders to all). */
  echoes = 0;
  expected = 0;

  /** A new token, stamped now, that `recipients` clients other than client `from` should receive. */
  token(recipients: number, from = -1): string {
    this.expected += recipients;
    this.sentAt.push(performance.now());
    this.sentBy.push(from);
    return `~T${(this.sentAt.length - 1).toString(36)}~`;
  }

  /** The update handler of client `client`: its own tokens coming back are no deliveries. */
  receiveAt(client: number): (update: Uint8Array) => void {
    return (update) => this.scan(update, client);
  }

  readonly receive = (update: Uint8Array): void => this.scan(update, -1);

  private scan(update: Uint8Array, client: number): void {
    const now = performance.now();
    for (let i = update.indexOf(TILDE); i >= 0 && i < update.length - 2; i = update.indexOf(TILDE, i + 1)) {
      if (update[i + 1] !== T) continue;
      let n = 0;
      let j = i + 2;
      for (; j < update.length && update[j] !== TILDE; j++) {
        const c = update[j]!;
        const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x7a ? c - 0x61 + 10 : -1;
        if (digit < 0) break;
        n = n * 36 + digit;
      }
      if (j === i + 2 || update[j] !== TILDE) continue;
      const sent = this.sentAt[n];
      if (sent !== undefined) {
        if (client >= 0 && this.sentBy[n] === client) this.echoes++;
        else this.samples.push(now - sent);
      }
      i = j;
    }
  }

  /** Waits until every expected delivery arrived, or `timeoutMs`. */
  async drain(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.samples.length < this.expected && Date.now() < deadline) await sleep(50);
  }
}

/** Calls `edit(k)` for k = 0… at `rate` per second for `seconds`, catching up if the timer lags (open loop). */
async function drive(rate: number, seconds: number, edit: (k: number) => void): Promise<{ sent: number; elapsed: number }> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (sent < due) edit(sent++);
    await sleep(2);
  }
  return { sent, elapsed: (performance.now() - started) / 1000 };
}

async function reportLoad(server: Server, label: string, d: Deliveries, run: { sent: number; elapsed: number }, offered: number, window: ReturnType<ReturnType<typeof watchWindow>>, writes: number, connected: string) {
  const memory = await serverMemory(server);
  console.log(`  updates in: offered ${int(offered)}/s, achieved ${int(run.sent / run.elapsed)}/s (${int(run.sent)} in ${run.elapsed.toFixed(1)} s)`);
  const missing = d.expected - d.samples.length;
  console.log(`  updates out: ${int(d.samples.length)} of ${int(d.expected)} deliveries arrived (${int(d.samples.length / run.elapsed)}/s)${missing > 0 ? `, ${int(missing)} missing after the drain` : ""}${d.echoes > 0 ? `; ${int(d.echoes)} echoes of a sender's own edits (not counted)` : ""}`);
  console.log(`  ${label}: ${latencyLine(d.samples)}   [target: p99 ≤ ${TARGET_P99_MS} ms at 1,000 updates/s in]`);
  console.log(`  server: RSS ${mb(window.peakRss)} peak under load, ${mb(memory.rss)} after gc with ${connected}; ${heapText(memory)} after gc; CPU ${(window.serverCpu * 100).toFixed(0)}% of one core during the run`);
  console.log(`  server stalls during the run: ${stallsText(memory)}`);
  console.log(`  update log: ${int(run.sent)} updates stored with ${int(writes)} writes (group commits: one INSERT each for every document with updates; ${(run.sent / Math.max(1, writes)).toFixed(1)} updates per write)`);
  console.log(`  load generator (this process): CPU ${(window.ownCpu * 100).toFixed(0)}% of one core, event-loop delay p99 ${ms(window.loopP99)} (included in the latencies)`);
}

// -------------------------------------------------------------------------------------- scenarios

/** 1. One document, many editors, each typing in its own paragraph. */
async function editorsOnOneDocument(): Promise<void> {
  const rate = EDITORS * EDITOR_RATE;
  console.log(`\n1. one document × ${EDITORS} editors, each typing ${EDITOR_RATE} updates/s in its own paragraph (${int(rate)} updates/s in) for ${SECONDS} s`);
  await withServer(
    async (db) => {
      const team = await createTeamOf(db);
      const [contractId] = await createContracts(db, team.companyId, 1, paragraphs(EDITORS));
      return { team, contractId: contractId! };
    },
    async (server, { team, contractId }) => {
      const d = new Deliveries();
      const editors = await openInBatches(EDITORS, (i) => openClient(server.baseUrl, contractId, team.editors[i % team.editors.length]!, { doc: new Y.Doc(), onUpdate: d.receiveAt(i) }));
      await sleep(1000);
      const writes0 = await logWrites(server);
      await serverMemory(server); // starts the server's stall counters afresh
      const stop = watchWindow(server);
      const run = await drive(rate, SECONDS, (k) => {
        const i = k % EDITORS;
        const text = paragraphText(editors[i]!.doc!, i);
        text.insert(text.length, d.token(EDITORS - 1, i));
      });
      await d.drain();
      const window = stop();
      await reportLoad(server, "edit → peer latency", d, run, rate, window, (await logWrites(server)) - writes0, `the ${EDITORS} editors connected`);
    },
  );
}

/** 2. Many documents, each with one typist and a few watchers. */
async function manyDocuments(): Promise<void> {
  const rate = DOCUMENTS * TYPING_RATE;
  const clients = DOCUMENTS * (1 + WATCHERS);
  console.log(`\n2. ${int(DOCUMENTS)} documents × ${1 + WATCHERS} clients (${int(clients)} connections): one editor typing ${TYPING_RATE}/s and ${WATCHERS} watchers each (${int(rate)} updates/s in) for ${SECONDS} s; ${DOC_PARAGRAPHS} paragraphs each`);
  await withServer(
    async (db) => {
      const team = await createTeamOf(db);
      return { team, contractIds: await createContracts(db, team.companyId, DOCUMENTS, paragraphs(DOC_PARAGRAPHS)) };
    },
    async (server, { team, contractIds }) => {
      const d = new Deliveries();
      // Client i: document i % DOCUMENTS; the first round are the editors, so every document is loaded by its editor.
      const all = await openInBatches(clients, (i) =>
        openClient(server.baseUrl, contractIds[i % DOCUMENTS]!, team.editors[i % team.editors.length]!, i < DOCUMENTS ? { doc: new Y.Doc() } : { onUpdate: d.receive }),
      );
      await sleep(1000);
      const writes0 = await logWrites(server);
      await serverMemory(server); // starts the server's stall counters afresh
      const stop = watchWindow(server);
      const run = await drive(rate, SECONDS, (k) => {
        const text = paragraphText(all[k % DOCUMENTS]!.doc!, 0);
        text.insert(text.length, d.token(WATCHERS));
      });
      await d.drain();
      const window = stop();
      await reportLoad(server, "edit → watcher latency", d, run, rate, window, (await logWrites(server)) - writes0, `all ${int(clients)} clients connected`);
    },
  );
}

/** 5. Many documents, every client an editor, the editors of a document typing in turn. */
async function manyEditedDocuments(): Promise<void> {
  const rate = MANY_DOCUMENTS * MANY_RATE;
  const clients = MANY_DOCUMENTS * MANY_CLIENTS;
  console.log(`\n5. ${int(MANY_DOCUMENTS)} documents × ${MANY_CLIENTS} editors (${int(clients)} connections), ${MANY_RATE} edits/s per document by its editors in turn (${int(rate)} updates/s in) for ${MANY_SECONDS} s`);
  await withServer(
    async (db) => {
      const team = await createTeamOf(db);
      return { team, contractIds: await createContracts(db, team.companyId, MANY_DOCUMENTS, paragraphs(MANY_CLIENTS)) };
    },
    async (server, { team, contractIds }) => {
      const d = new Deliveries();
      // Client i: document i % MANY_DOCUMENTS, editor number floor(i / MANY_DOCUMENTS) of it, typing in its own paragraph.
      const all = await openInBatches(clients, (i) =>
        openClient(server.baseUrl, contractIds[i % MANY_DOCUMENTS]!, team.editors[i % team.editors.length]!, { doc: new Y.Doc(), onUpdate: d.receiveAt(i) }),
      );
      await sleep(1000);
      const writes0 = await logWrites(server);
      await serverMemory(server); // starts the server's stall counters afresh
      const stop = watchWindow(server);
      const run = await drive(rate, MANY_SECONDS, (k) => {
        const document = k % MANY_DOCUMENTS;
        const editor = Math.floor(k / MANY_DOCUMENTS) % MANY_CLIENTS;
        const i = editor * MANY_DOCUMENTS + document;
        const text = paragraphText(all[i]!.doc!, editor);
        text.insert(text.length, d.token(MANY_CLIENTS - 1, i));
      });
      await d.drain();
      const window = stop();
      await reportLoad(server, "edit → peer latency", d, run, rate, window, (await logWrites(server)) - writes0, `all ${int(clients)} clients connected`);
    },
  );
}

// ------------------------------------------------------------------------- 6. side by side with peers

const PEER_LABEL: Record<LoadMode, string> = { clausewise: "ClauseWise", hocuspocus: "Hocuspocus", ywebsocket: "y-websocket" };
const PEER_ENTRY: Partial<Record<LoadMode, string>> = { hocuspocus: "bench/peers/hocuspocus.mjs", ywebsocket: "bench/peers/y-websocket.mjs" };
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** A peer server (bench/peers/*.mjs) as a child on a free loopback port; the probe comes with NODE_OPTIONS. */
async function startPeer(mode: LoadMode): Promise<{ url: string; pids: number[]; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [PEER_ENTRY[mode]!], { cwd: REPO, env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (const deadline = Date.now() + 20_000; !/listening/.test(output); await sleep(50)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${PEER_LABEL[mode]} did not start:\n${output}`);
    }
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    pids: [child.pid!],
    async stop() {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Runs bench/collab-load.ts as a process of its own (its CPU and gc apart from this one's), returns its JSON line. */
async function runLoadClient(spec: LoadSpec): Promise<LoadResult> {
  const file = path.join(probeDir, `load-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/collab-load.ts", file], { cwd: REPO, env: { ...process.env, NODE_OPTIONS: loadClientNodeOptions }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const line = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !line.startsWith("{")) throw new Error(`the load client failed (exit ${code}):\n${err || out}`);
  return JSON.parse(line) as LoadResult;
}

interface PeerRun extends LoadResult {
  freshRssMB: number;
  /** The server's worst event-loop delay during the run (the probe's; null if it did not answer). */
  loopMaxMs: number | null;
  /** Its garbage-collection pauses during the run (count, longest; null if the probe did not answer). */
  gc: { count: number; maxMs: number } | null;
}

/** One server, one rate: a fresh server, its RSS read when quiet, then the load client's window. */
async function peerRun(mode: LoadMode, rate: number): Promise<PeerRun> {
  const spec = (url: string, rooms: string[], pids: number[], cookies?: string[]): LoadSpec => ({
    mode,
    url,
    rooms,
    cookies,
    clientsPerDoc: PEERS_CLIENTS,
    rate: rate / PEERS_DOCUMENTS,
    seconds: PEERS_SECONDS,
    serverPids: pids,
  });
  const measure = async (server: Pick<Server, "pids">, load: () => Promise<LoadResult>): Promise<PeerRun> => {
    const fresh = await settledFresh(server);
    const result = await load();
    const after = await serverMemory(server);
    return { ...result, freshRssMB: fresh.rss / 1024 / 1024, loopMaxMs: after.stalls?.loopMaxMs ?? null, gc: after.stalls?.gc ?? null };
  };
  if (mode !== "clausewise") {
    const peer = await startPeer(mode);
    try {
      const rooms = Array.from({ length: PEERS_DOCUMENTS }, (_, d) => `doc-${d}`);
      return await measure(peer, async () => {
        await serverMemory(peer); // starts the stall counters afresh
        return runLoadClient(spec(peer.url, rooms, peer.pids));
      });
    } finally {
      await peer.stop();
    }
  }
  let run: PeerRun | null = null;
  await withServer(
    async (db) => {
      const team = await createTeamOf(db);
      // What the shared client uploads: a three-paragraph contract per document.
      const ids: string[] = [];
      for (let d = 0; d < PEERS_DOCUMENTS; d++) ids.push(...(await createContracts(db, team.companyId, 1, `<p>Bench contract ${d}</p><p>1. Scope</p><p>The Contractor shall perform the Work.</p>`)));
      return { team, ids };
    },
    async (server, { team, ids }) => {
      run = await measure(server, async () => {
        await serverMemory(server);
        return runLoadClient(spec(collabUrl(server.baseUrl), ids, server.pids, team.editors.map((t) => sessionHeaders(t).cookie!)));
      });
      // Where deliveries went missing, what the server said (its warnings and errors).
      if (run.delivered < run.expected) {
        const said = server.children.map((c) => c.output().trim().split("\n").slice(-5).join("\n")).join("\n");
        if (said) console.log(`  (ClauseWise's last log lines:\n${said.replace(/^/gm, "    ")})`);
      }
    },
  );
  return run!;
}

/**
 * 6. (peers) ClauseWise, Hocuspocus and the stock y-websocket server side by side (issue 15): the same
 * load client (bench/collab-load.ts) against each, PEERS_DOCUMENTS × PEERS_CLIENTS, at each rate in
 * PEERS_RATES, rounds interleaved (every server at one rate, then the next rate; then again), a fresh
 * server for every run; the medians over the rounds, and ClauseWise's ratios against Hocuspocus.
 */
async function peersSideBySide(): Promise<void> {
  console.log(
    `\n6. side by side: ${int(PEERS_DOCUMENTS)} documents × ${PEERS_CLIENTS} clients (one writer appending a paragraph, ${PEERS_CLIENTS - 1} readers), ${PEERS_RATES.map(int).join(" and ")} edits/s in, ${PEERS_SECONDS} s windows, ${PEERS_ROUNDS} interleaved rounds of ${PEER_SERVERS.map((m) => PEER_LABEL[m]).join(", ")}; a fresh server per run`,
  );
  console.log(`  ClauseWise: ${serverLabel()}; the peers in memory (bench/peers/)`);
  const runs = new Map<string, PeerRun[]>();
  const key = (mode: LoadMode, rate: number) => `${mode}@${rate}`;
  for (let round = 1; round <= PEERS_ROUNDS; round++) {
    for (const rate of PEERS_RATES) {
      for (const mode of PEER_SERVERS) {
        let run: PeerRun;
        try {
          run = await peerRun(mode, rate);
        } catch (error) {
          console.log(`  round ${round}, ${PEER_LABEL[mode]} at ${int(rate)}/s: failed: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        runs.set(key(mode, rate), [...(runs.get(key(mode, rate)) ?? []), run]);
        console.log(
          `  round ${round}, ${PEER_LABEL[mode].padEnd(11)} ${int(rate).padStart(5)}/s: p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms; delivered ${int(run.delivered)} of ${int(run.expected)}${run.late ? ` (+${int(run.late)} late)` : ""}; ${run.ready}/${run.connections} connected in ${int(run.connectMs)} ms; server CPU ${((run.serverCpuSeconds * 1000) / Math.max(1, run.sent)).toFixed(3)} ms per edit, RSS fresh ${run.freshRssMB.toFixed(0)} MB, peak ${run.serverRssPeakMB} MB; loop delay max ${run.loopMaxMs === null ? "n/a" : ms(run.loopMaxMs)}${run.gc ? `, gc pauses ${int(run.gc.count)} (longest ${ms(run.gc.maxMs)})` : ""}; load client CPU ${run.clientCpuPct}%${Object.keys(run.closed).length ? `; closed by the server during the run: ${Object.entries(run.closed).map(([why, n]) => `${int(n)} × ${why}`).join(", ")}` : ""}`,
        );
      }
    }
  }
  const med = (mode: LoadMode, rate: number, pick: (r: PeerRun) => number | null): number | null => {
    const values = (runs.get(key(mode, rate)) ?? []).map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const figures = (mode: LoadMode, rate: number) => ({
    p50: med(mode, rate, (r) => r.p50),
    p99: med(mode, rate, (r) => r.p99),
    delivered: med(mode, rate, (r) => (r.expected ? (r.delivered / r.expected) * 100 : null)),
    cpu: med(mode, rate, (r) => (r.sent ? (r.serverCpuSeconds * 1000) / r.sent : null)),
    rss: med(mode, rate, (r) => r.freshRssMB),
  });
  const f = (n: number | null, digits = 1) => (n === null ? "n/a" : n.toFixed(digits));
  console.log(`  medians over the rounds:`);
  for (const rate of PEERS_RATES) {
    for (const mode of PEER_SERVERS) {
      const m = figures(mode, rate);
      console.log(`    ${PEER_LABEL[mode].padEnd(11)} ${int(rate).padStart(5)}/s: p50 ${f(m.p50)} / p99 ${f(m.p99)} ms; delivered ${f(m.delivered, 2)} %; server CPU ${f(m.cpu, 3)} ms per edit in; fresh RSS ${f(m.rss, 0)} MB`);
    }
  }
  if (!PEER_SERVERS.includes("clausewise") || !PEER_SERVERS.includes("hocuspocus")) return;
  const verdict = (ok: boolean | null) => (ok === null ? "n/a" : ok ? "met" : "NOT met");
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
  console.log(`  ClauseWise against Hocuspocus (medians; targets of issue 15):`);
  PEERS_RATES.forEach((rate, i) => {
    const cw = figures("clausewise", rate);
    const hp = figures("hocuspocus", rate);
    const p99Ratio = ratio(cw.p99, hp.p99);
    const absolute = i === 0 ? cw.p99 !== null && cw.p99 <= TARGET_P99_MS : true;
    console.log(
      `    ${int(rate)}/s: p99 ${f(cw.p99)} ms vs ${f(hp.p99)} ms = ${f(p99Ratio, 2)}×   [target: ≤ 0.8×${i === 0 ? ` and ≤ ${TARGET_P99_MS} ms` : ""}: ${verdict(p99Ratio === null ? null : p99Ratio <= 0.8 && absolute)}]; delivered ${f(cw.delivered, 2)} %   [target 100 %: ${verdict(cw.delivered === null ? null : cw.delivered >= 100)}]`,
    );
    const cpuRatio = ratio(cw.cpu, hp.cpu);
    // A server that fell behind did not do the work of the edits it had not relayed within the window.
    const behind = cw.delivered !== null && cw.delivered < 99;
    console.log(
      `      server CPU per edit in: ${f(cw.cpu, 3)} ms vs ${f(hp.cpu, 3)} ms = ${f(cpuRatio, 2)}×   [target ≤ 1.5×: ${behind ? "not measurable: ClauseWise fell behind (delivered < 99 %)" : verdict(cpuRatio === null ? null : cpuRatio <= 1.5)}]${databaseUrl && !NGINX ? " (PostgreSQL's own CPU not counted)" : ""}`,
    );
  });
  const rssOf = (mode: LoadMode) => {
    const all = PEERS_RATES.flatMap((rate) => (runs.get(key(mode, rate)) ?? []).map((r) => r.freshRssMB));
    return all.length ? median(all) : null;
  };
  const rssRatio = ratio(rssOf("clausewise"), rssOf("hocuspocus"));
  console.log(`    fresh server RSS (after gc, median of every run): ${f(rssOf("clausewise"), 0)} MB vs ${f(rssOf("hocuspocus"), 0)} MB = ${f(rssRatio, 2)}×   [target ≤ 2×: ${verdict(rssRatio === null ? null : rssRatio <= 2)}]`);
}

/** 3. Many idle connections: what each costs the server. */
async function idleConnections(): Promise<void> {
  const perDocument = IDLE / IDLE_DOCUMENTS;
  const probes = Math.min(10, IDLE_DOCUMENTS);
  console.log(
    `\n3. ${int(IDLE)} idle connections over ${int(IDLE_DOCUMENTS)} documents (${perDocument.toFixed(0)} each, ${DOC_PARAGRAPHS} paragraphs), idle for ${IDLE_SECONDS} s; probe edits 1/s on ${probes} of the documents meanwhile`,
  );
  await withServer(
    async (db) => {
      const team = await createTeamOf(db);
      return { team, contractIds: await createContracts(db, team.companyId, IDLE_DOCUMENTS, paragraphs(DOC_PARAGRAPHS)) };
    },
    async (server, { team, contractIds }) => {
      const d = new Deliveries();
      const open = (i: number) =>
        openClient(server.baseUrl, contractIds[i % IDLE_DOCUMENTS]!, team.editors[i % team.editors.length]!, i < probes ? { doc: new Y.Doc() } : { onUpdate: d.receive });
      const waited = [await quiet(server)];
      const clean = await settledMemory(server);
      // First the documents, one client each (the probe editors among them)…
      const first = await openInBatches(IDLE_DOCUMENTS, open);
      waited.push(await quiet(server));
      const loaded = await settledMemory(server);
      // …then the other connections, spread over the documents, in steps with a reading after each:
      // a single reading after gc moves by tens of MB (allocator and heap slack), so the cost of a
      // connection is the slope through all of them, not one difference.
      let openSeconds = 0;
      const steps: { connections: number; memory: Memory }[] = [];
      const extra = IDLE - IDLE_DOCUMENTS;
      for (let step = 1, opened = 0; step <= IDLE_STEPS; step++) {
        const upTo = Math.round((extra * step) / IDLE_STEPS);
        const opening = performance.now();
        const from = opened;
        await openInBatches(upTo - from, (i) => open(IDLE_DOCUMENTS + from + i));
        openSeconds += (performance.now() - opening) / 1000;
        opened = upTo;
        waited.push(await quiet(server));
        steps.push({ connections: IDLE_DOCUMENTS + opened, memory: await settledMemory(server) });
      }
      const stop = watchWindow(server);
      const recipients = (doc: number) => Math.floor((IDLE - 1 - doc) / IDLE_DOCUMENTS); // the document's other clients
      const run = await drive(probes, IDLE_SECONDS, (k) => {
        const text = paragraphText(first[k % probes]!.doc!, 0);
        text.insert(text.length, d.token(recipients(k % probes)));
      });
      await d.drain();
      const window = stop();
      waited.push(await quiet(server));
      const idle = await settledMemory(server);
      const points = [{ connections: IDLE_DOCUMENTS, memory: loaded }, ...steps, { connections: IDLE, memory: idle }];
      // V8 grows and shrinks its committed heap by tens of MB from one gc to the next: RSS less the
      // heap's unused part is the memory in use, the figure the target is read against.
      const inUse = (m: Memory) => (m.heapUsed === null || m.heapTotal === null ? m.rss : m.rss - (m.heapTotal - m.heapUsed));
      // Each step's cost per connection; now and then the allocator hands tens of MB back to the
      // system (or keeps them) between two readings, so the median of the steps, not their sum.
      const opening = [{ connections: IDLE_DOCUMENTS, memory: loaded }, ...steps];
      const stepCosts = opening.slice(1).map((p, i) => (inUse(p.memory) - inUse(opening[i]!.memory)) / (p.connections - opening[i]!.connections) / 1024);
      const perConnection = median(stepCosts);
      const idleDrift = inUse(idle) - inUse(steps.at(-1)!.memory);
      console.log(`  opened ${int(IDLE)} connections (${CONNECT_BATCH} at a time, each synced before the next batch); the last ${int(extra)} in ${openSeconds.toFixed(1)} s`);
      console.log(`  server RSS after gc (median of 3): ${mb(clean.rss)} fresh → ${mb(loaded.rss)} with the ${int(IDLE_DOCUMENTS)} documents loaded, one client each → ${mb(idle.rss)} with all ${int(IDLE)} connections, after ${IDLE_SECONDS} s idle (peak ${mb(window.peakRss)})`);
      console.log(`    (each reading once the server was quiet — under 10% of a core for 1 s — after ${waited.map((w) => `${w.toFixed(0)} s`).join(", ")}; 30 s at most)`);
      console.log(`  RSS by connections open: ${points.map((p) => `${int(p.connections)}: ${mb(p.memory.rss)}`).join(", ")} (the last after ${IDLE_SECONDS} s idle)`);
      console.log(`    less V8's unused heap: ${points.map((p) => `${int(p.connections)}: ${mb(inUse(p.memory))}`).join(", ")}`);
      console.log(
        `  per idle connection: ${perConnection.toFixed(1)} KB of RSS in use (median of the ${stepCosts.length} steps: ${stepCosts.map((c) => c.toFixed(1)).join(", ")} KB); then ${IDLE_SECONDS} s idle: ${idleDrift >= 0 ? "+" : "−"}${mb(Math.abs(idleDrift))} in all   [target: ≤ ${TARGET_KB_PER_IDLE} KB RSS per idle connection]`,
      );
      console.log(
        `    counting the documents too: ${((idle.rss - clean.rss) / IDLE / 1024).toFixed(1)} KB per connection from the fresh server; a loaded document with one client: ${((loaded.rss - clean.rss) / IDLE_DOCUMENTS / 1024).toFixed(0)} KB`,
      );
      console.log(`  server heap after gc: ${heapText(clean)} fresh → ${heapText(loaded)} loaded → ${heapText(idle)} with all connections`);
      if (idle.heapUsed !== null && loaded.heapUsed !== null) {
        console.log(`    per idle connection: ${((idle.heapUsed - loaded.heapUsed) / Math.max(1, extra) / 1024).toFixed(1)} KB of V8 heap (socket buffers and other native memory are in RSS only)`);
      }
      console.log(`  server CPU while idle: ${(window.serverCpu * 100).toFixed(0)}% of one core (awareness renewals every 15 s, pings, session re-checks, probe edits)`);
      console.log(`  probe edit → peer latency while idle (${int(run.sent)} edits, ${int(d.expected)} deliveries expected): ${latencyLine(d.samples)}`);
    },
  );
}

/** Measures edit → arrival at `to`, one edit at a time, tagging each edit with a unique marker. */
async function latencies(from: Peer, to: Peer, count: number, edit: (doc: Doc, marker: string) => void): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const marker = `§${i}§`;
    const arrived = new Promise<void>((resolve) => {
      const onUpdate = () => {
        if (!firstText(to.doc).toString().includes(marker)) return;
        to.doc.off("update", onUpdate);
        resolve();
      };
      to.doc.on("update", onUpdate);
    });
    const started = performance.now();
    edit(from.doc, marker);
    await arrived;
    out.push(performance.now() - started);
  }
  return out;
}

/** 4. Unloaded latency between two stock clients, and the suggestion-only check on a long contract. */
async function extras(): Promise<void> {
  console.log(`\n4. (extra) one edit at a time between two stock y-websocket clients (stored, then relayed)`);
  await withServer(
    async (db) => {
      const team = await createTeamOf(db, 2);
      const [short] = await createContracts(db, team.companyId, 1, `<p>${CLAUSE}</p>`);
      const [long] = await createContracts(db, team.companyId, 1, paragraphs(PARAGRAPHS));
      return { team, short: short!, long: long! };
    },
    async (server, { team, short, long }) => {
      const [a, b] = await server.pair(short, [team.admin, team.editors[1]!]);
      await latencies(a, b, 20, (doc, m) => firstText(doc).insert(0, m)); // warm-up
      console.log(`  editor → editor latency: ${latencyLine(await latencies(a, b, SAMPLES, (doc, m) => firstText(doc).insert(0, m)))}`);
      const [editor, reviewer] = await server.pair(long, [team.admin, team.reviewer]);
      const suggest = (doc: Doc, m: string) => firstText(doc).insert(0, m, { [SUGGESTION_MARKS.insert]: { changeId: null, authorId: null, authorName: null, createdAt: null } });
      const samples = Math.max(1, Math.round(SAMPLES / 3));
      await latencies(reviewer, editor, 10, suggest);
      console.log(`  reviewer → editor latency, ${PARAGRAPHS} paragraphs (${(documentBytes(reviewer.doc) / 1024).toFixed(0)} KB state): ${latencyLine(await latencies(reviewer, editor, samples, suggest))}`);
      console.log(`  editor → reviewer latency, same document: ${latencyLine(await latencies(editor, reviewer, samples, (doc, m) => firstText(doc).insert(0, m)))}`);
    },
  );
}

// -------------------------------------------------------------------------------------------- run

console.log(`live documents under load: ${serverLabel()}`);
console.log(`(BENCH_SCALE=${SCALE}; every scenario on a freshly started server; memory after a forced gc in the server unless marked peak)`);
const scenarios: [string, () => Promise<void>][] = [
  ["editors", editorsOnOneDocument],
  ["documents", manyDocuments],
  ["many", manyEditedDocuments],
  ["idle", idleConnections],
  ["peers", peersSideBySide],
  ["extra", extras],
];
try {
  for (const [name, scenario] of scenarios) {
    if (!SCENARIOS.has(name)) continue;
    try {
      await scenario();
    } catch (error) {
      process.exitCode = 1;
      console.log(`  ${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  closeClients();
  for (const database of throwaways) await database.drop();
  rmSync(probeDir, { recursive: true, force: true });
}
